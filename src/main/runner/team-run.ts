import { RECORDED_KINDS, type HistoryStore, type PulledResult } from '../store';
import type { TeamClient } from '../team';
import { toResult } from '../sync/pull-recorded';
import { rowFromPg } from '../sync/team-sql';

// One run of the team history copied into this runner's history by id: the run a dead runner
// left (to finish it here) or a monitor's previous run (to compare the new one with). Only that
// run's rows cross the wire, never the workspace's whole history. Applied as a pull is (the
// store's replica: results through ingest, nothing of it queued to be pushed back), in one local
// transaction.

const columns = (kind: 'run' | 'job'): string =>
  Object.keys(RECORDED_KINDS[kind].columns)
    .map((c) => `t.${c}`)
    .join(', ');

export interface CopiedRun {
  status: string;
  jobs: number;
  results: number;
}

/** Copies the run (prompts, jobs, results) from the team; null when the team has no such run. */
export async function copyRunFromTeam(
  client: TeamClient,
  workspaceId: string,
  store: HistoryStore,
  runId: string,
): Promise<CopiedRun | null> {
  // One snapshot for the four reads: read one by one, a push landing between them (the run's
  // previous runner, alive after all) could give jobs still queued beside their results, and
  // the adopted run would ask those jobs again (paid twice).
  const rows = await client.transaction(async () => {
    await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    return readRunRows(client, [workspaceId, runId]);
  });
  if (!rows) return null;
  const { run, prompts, jobs, results } = rows;
  const pulled = results.rows.map(toResult).filter((r): r is PulledResult => r !== null);
  store.replica.applying(() => {
    store.replica.applyRuns(
      [rowFromPg(RECORDED_KINDS.run, run, ['deleted_at'])],
      prompts.rows.map((p) => rowFromPg(RECORDED_KINDS.run_prompts, p)),
    );
    store.replica.applyJobs(jobs.rows.map((j) => rowFromPg(RECORDED_KINDS.job, j)));
    store.replica.applyResults(pulled);
  });
  return { status: String(run['status']), jobs: jobs.rowCount ?? 0, results: pulled.length };
}

async function readRunRows(client: TeamClient, params: [string, string]) {
  const runs = await client.query(
    `SELECT ${columns('run')}, t.deleted_at FROM parallax.runs t WHERE t.workspace_id = $1 AND t.id = $2`,
    params,
  );
  const run = runs.rows[0];
  if (!run) return null;
  const prompts = await client.query(
    'SELECT run_id, idx, text, prompt_id FROM parallax.run_prompts WHERE workspace_id = $1 AND run_id = $2',
    params,
  );
  const jobs = await client.query(
    `SELECT ${columns('job')} FROM parallax.jobs t WHERE t.workspace_id = $1 AND t.run_id = $2`,
    params,
  );
  const results = await client.query(
    `SELECT id, job_id, fetched_at, normalized_json, raw_json FROM parallax.results
      WHERE workspace_id = $1 AND run_id = $2`,
    params,
  );
  return { run, prompts, jobs, results };
}

/** The monitor's latest completed run on the team before `runId` (what the new run is compared with). */
export async function previousTeamRun(
  client: TeamClient,
  workspaceId: string,
  monitorId: string,
  runId: string,
): Promise<string | null> {
  const { rows } = await client.query<{ id: string }>(
    `SELECT id FROM parallax.runs
      WHERE workspace_id = $1 AND monitor_id = $2 AND id <> $3 AND status = 'completed' AND deleted_at IS NULL
        AND created_at <= (SELECT created_at FROM parallax.runs WHERE workspace_id = $1 AND id = $3)
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [workspaceId, monitorId, runId],
  );
  return rows[0]?.id ?? null;
}
