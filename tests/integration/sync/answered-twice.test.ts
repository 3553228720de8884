import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../src/core/history';
import { runSpecSchema } from '../../../src/shared/domain/run-spec';
import { answerCitingPages, createSandboxRun, recordRun } from '../../support/sync-team';
import { teamForThisFile } from '../../support/team-for-file';

// One job answered in two histories: a runner took a run over (its lease had passed) while the
// runner it replaced, killed and restarted or cut off from the server, still had answers of its
// own not pushed; the second runner fetched those jobs again. The team keeps one answer per job.
// The late history's push must not fail on it: before team schema 5 its whole batch was refused
// on the one-answer-per-job key, and so was every push after it, so nothing it answered later
// ever reached the team. Real PostgreSQL, real history files.

const shared = teamForThisFile({ alice: 'member', bob: 'member' });

describe('a job answered in two histories', () => {
  it('the team keeps the first answer; the late history pushes the rest and then takes the team’s', async () => {
    const { team } = shared;
    const a = team.desktop('alice');
    const b = team.desktop('bob');
    await a.sync();
    await b.sync();
    const spec = runSpecSchema.parse({
      name: 'taken over',
      prompts: ['best trail shoes', 'best road shoes'],
      engines: ['assistant-a'],
      countries: ['US'],
      repeats: 1,
    });
    const { jobs } = createSandboxRun(a.store, spec, 2);
    await a.sync();
    await b.sync();
    const [first] = jobs;
    if (!first) throw new Error('no job');

    // B answers the first job and pushes first; A answered both (and, for its page, failed to
    // archive the page its own answer of the first job links to) before it could push.
    const teams = answerCitingPages(b.store, [first], 1);
    await b.sync();
    const mine = answerCitingPages(a.store, jobs, 2);
    for (const task of a.store.duePages(Date.now() + 86_400_000, 10, new Set()))
      a.store.failPage(task, 'expired', 'HTTP 404');
    const report = await a.sync();

    expect(report.pushed['result']).toBe(2);
    expect(await team.count('results')).toBe(2);
    const { rows } = await team.owner.query<{ job_id: string; answer_text: string }>(
      'SELECT job_id, answer_text FROM parallax.results',
    );
    const onTeam = new Map(rows.map((row) => [row.job_id, row.answer_text]));
    expect(onTeam.get(first.id)).toBe(teams.get(first.id));
    const second = jobs[1] as JobRecord;
    expect(onTeam.get(second.id)).toBe(mine.get(second.id));
    // The page of A's left-out answer is left out too; its other answer's page is on the team.
    expect(await team.count('pages')).toBe(1);
    expect(a.store.replica.localWork()).toBe(0);

    // A's next pull brings the team's answer of the first job in place of its own.
    await a.sync();
    expect(a.store.getResultByJob(first.id)?.normalized.text).toBe(teams.get(first.id));
    // And what A records after is pushed as ever.
    recordRun(a.store, 5);
    expect((await a.sync()).pushed['result']).toBe(5);
    expect(await team.count('results')).toBe(7);
  });
});
