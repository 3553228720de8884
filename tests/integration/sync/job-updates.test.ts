import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runSpecSchema } from '../../../src/shared/domain/run-spec';
import { rng } from '../../bench/bench-random';
import { answerJobs } from '../../support/sync-team';
import { teamForThisFile } from '../../support/team-for-file';

// A job a desktop already pulled, changed later by the teammate who runs it (pending, then
// answered), is pulled again at its new version: a pull brings a job twice (with its answer,
// then in the jobs' pass), and the second time must still move an older copy forward, never
// skip it. Real PostgreSQL, real history files.

const shared = teamForThisFile({ alice: 'member', bob: 'member' });

/** Each job's state and whether this history holds its answer. */
function jobsHere(path: string): Array<{ state: string; answered: number }> {
  const db = new Database(path, { readonly: true });
  try {
    return db
      .prepare(
        `SELECT j.job_state AS state, EXISTS (SELECT 1 FROM results r WHERE r.job_id = j.id) AS answered
           FROM jobs j ORDER BY j.id`,
      )
      .all() as Array<{ state: string; answered: number }>;
  } finally {
    db.close();
  }
}

describe('a pulled job changed later on the team', () => {
  it('is pulled again at its new version: pending here, then answered with its answer', async () => {
    const { team } = shared;
    const a = team.desktop('alice');
    const b = team.desktop('bob');
    const spec = runSpecSchema.parse({
      name: 'answered later',
      prompts: ['best trail shoes', 'best road shoes'],
      engines: ['assistant-a'],
      countries: ['US', 'DE', 'FR'],
      repeats: 1,
    });
    const { jobs } = a.store.createRun({
      spec,
      keyLabel: 'sandbox',
      baseUrl: 'http://127.0.0.1',
      sandbox: true,
      costEstimate: 6,
    });
    await a.sync();
    await b.sync();
    expect(jobsHere(b.path)).toEqual(jobs.map(() => ({ state: 'pending', answered: 0 })));

    answerJobs(a.store, jobs, rng(7), Date.now());
    await a.sync();
    const pulled = await b.sync();
    expect(pulled.pulled['result']).toBe(6);
    expect(jobsHere(b.path)).toEqual(jobs.map(() => ({ state: 'succeeded', answered: 1 })));
  });
});
