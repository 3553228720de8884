import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres, type TestPostgres } from '../../support/postgres';
import { recordRun, startSyncTeam, type SyncTeam } from '../../support/sync-team';

// A push's answers are checked against their jobs (the results' and result_keys'
// foreign keys) by one primary-key look-up each, however small the team's jobs table was when
// the connection first checked one. On a new team server the tables have no statistics yet;
// a plan cached while the jobs table was tiny read the workspace's whole range of the jobs_by_run
// index for every answer (its deduplicated entries make it the smallest index): a 20,000-answer
// push took 3.6 times as long. Real PostgreSQL; the server's own index counters tell what each
// look-up read.

let server: TestPostgres;
let team: SyncTeam;

interface IndexReads {
  scans: number;
  tuplesRead: number;
}

/** Waits until every backend of `role` has ended: a backend flushes its counters as it exits. */
async function backendsEnded(role: string): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const { rows } = await server.query<{ n: string }>(
      'SELECT count(*) AS n FROM pg_stat_activity WHERE usename = $1',
      [role],
      team.database,
    );
    if (Number(rows[0]?.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(
    `the connections of ${role} are still open 10 s after the push: their counters are not flushed`,
  );
}

/** The jobs table's index counters, once every backend of `role` has ended. */
async function jobsIndexReads(role: string): Promise<Map<string, IndexReads>> {
  await backendsEnded(role);
  const { rows } = await server.query<{ index: string; scans: string; tuples_read: string }>(
    `SELECT indexrelname AS index, idx_scan AS scans, idx_tup_read AS tuples_read
       FROM pg_stat_user_indexes WHERE schemaname = 'parallax' AND relname = 'jobs'`,
    [],
    team.database,
  );
  return new Map(rows.map((r) => [r.index, { scans: Number(r.scans), tuplesRead: Number(r.tuples_read) }]));
}

beforeAll(async () => {
  server = await startTestPostgres();
  team = await startSyncTeam(server, { alice: 'member' });
});
afterAll(async () => {
  await team?.close();
  await server?.close();
});

const ANSWERS = 2000;

describe('a push checks each answer against its job by its key', () => {
  it('on a new team server, the jobs read per answer pushed do not grow with the push', async () => {
    const a = team.desktop('alice');
    recordRun(a.store, ANSWERS);
    const report = await a.sync({ tuning: { pushBatch: 400, pullBatch: 400 }, pull: false });
    expect(report.pushed['result']).toBe(ANSWERS);
    expect(await team.count('results')).toBe(ANSWERS);

    const reads = await jobsIndexReads(team.roles['alice']?.name as string);
    // Planned again at each check, a look-up reads the workspace's range of a small index only
    // while the jobs table holds a few hundred rows (~250,000 entries read in all, whatever the
    // push's size), then one key. The plan cached on the first batch read that range for every
    // answer: about 4,000,000 entries here, growing with the square of the run.
    const walked = ['jobs_by_run', 'jobs_changes'].reduce(
      (sum, index) => sum + (reads.get(index)?.tuplesRead ?? 0),
      0,
    );
    expect(walked).toBeLessThan(500 * ANSWERS);
    expect(reads.get('jobs_pkey')?.scans).toBeGreaterThan(ANSWERS);
  });
});
