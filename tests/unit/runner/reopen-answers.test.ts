import { describe, expect, it } from 'vitest';
import { reopenAnswersNotOnTeam } from '../../../src/core/team/runner/team-run';

// A runner killed between a push's job batch and its result batch leaves jobs 'succeeded' on the
// team without their result: the run adopted to be finished asks for them again.

const run = { id: 'r1', status: 'completed', finished_at: 1000 };
const job = (id: string, state: string, taskId: string | null) => ({
  id,
  job_state: state,
  task_id: taskId,
  finished_at: 900,
  credits_charged: 2,
});

describe('reopenAnswersNotOnTeam', () => {
  it('leaves a run whose answered jobs all have their result as it is', () => {
    const jobs = [job('a', 'succeeded', 't-a'), job('b', 'failed', 't-b')];
    const out = reopenAnswersNotOnTeam(run, jobs, new Set(['a']));
    expect(out).toEqual({ run, jobs, reopened: 0 });
  });

  it('queues an async job without its result under its task id, credits cleared, and resumes the run', () => {
    const out = reopenAnswersNotOnTeam(
      run,
      [job('a', 'succeeded', 't-a'), job('b', 'succeeded', 't-b')],
      new Set(['a']),
    );
    expect(out.reopened).toBe(1);
    expect(out.run).toMatchObject({ status: 'paused', finished_at: null });
    expect(out.jobs[0]).toEqual(job('a', 'succeeded', 't-a'));
    expect(out.jobs[1]).toMatchObject({
      job_state: 'queued',
      task_id: 't-b',
      finished_at: null,
      credits_charged: null,
    });
  });

  it('marks a sync job without its result interrupted (it may have been charged), its credits kept', () => {
    const out = reopenAnswersNotOnTeam(run, [job('a', 'succeeded', null)], new Set());
    expect(out.jobs[0]).toMatchObject({
      job_state: 'interrupted',
      error_code: 'ANSWER_NOT_ON_TEAM',
      credits_charged: 2,
    });
    expect(out.run).toMatchObject({ status: 'paused' });
  });
});
