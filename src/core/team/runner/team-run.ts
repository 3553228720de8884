import { RECORDED_KINDS, type HistoryStore } from '../../history';
import type { TeamClient } from '../server';
import { toResult, rowFromPg } from '../sync';

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
  /** Jobs the team called answered whose result never reached it: asked for again here. */
  reopened: number;
}

type PgRow = Record<string, unknown>;

/**
 * A push sends a run's jobs and its results in separate transactions (jobs first, so a
 * result's job is there before it): a runner killed between the two leaves jobs 'succeeded' on
 * the team whose results never arrived. Adopted as they are, the run would count those answers
 * as done and nobody would ever store them. Such a job goes back to 'queued' under its task id
 * (its result is collected again from the service, not paid again) with its credits cleared
 * (the collection records them again); a synchronous one, without a task to collect, becomes
 * 'interrupted' (it may have been charged: asked again only when the user says so). A run the
 * team calls ended while some of its jobs reopen is resumed.
 */
export function reopenAnswersNotOnTeam(
  run: PgRow,
  jobs: readonly PgRow[],
  answered: ReadonlySet<string>,
): { run: PgRow; jobs: PgRow[]; reopened: number } {
  let reopened = 0;
  const fixed = jobs.map((job) => {
    if (job['job_state'] !== 'succeeded' || answered.has(String(job['id']))) return job;
    reopened += 1;
    if (job['task_id'] === null || job['task_id'] === undefined) {
      return {
        ...job,
        job_state: 'interrupted',
        error_code: 'ANSWER_NOT_ON_TEAM',
        error_message:
          'Interrupted (may have been charged): the runner that got this answer stopped before it reached the team. Re-run it only if you want a new answer.',
      };
    }
    return { ...job, job_state: 'queued', finished_at: null, credits_charged: null };
  });
  if (reopened === 0) return { run, jobs: fixed, reopened };
  return { run: { ...run, status: 'paused', finished_at: null }, jobs: fixed, reopened };
}

/**
 * Copies the run (prompts, jobs, results) from the team; null when the team has no such run.
 * `toResume`: the run is adopted to be finished here, its answers not on the team reopened.
 */
export async function copyRunFromTeam(
  client: TeamClient,
  workspaceId: string,
  store: HistoryStore,
  runId: string,
  toResume = false,
): Promise<CopiedRun | null> {
  // One snapshot for the four reads: read one by one, a push landing between them (the run's
  // previous runner, alive after all) could give jobs still queued beside their results, and
  // the adopted run would ask those jobs again (paid twice).
  const rows = await client.transaction(async () => {
    await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    return readRunRows(client, [workspaceId, runId]);
  });
  if (!rows) return null;
  const { prompts, results } = rows;
  const pulled = results.rows.map(toResult).filter((r) => r !== null);
  // Answered on the team: a result row there, even one this history cannot read.
  const onTeam = new Set(results.rows.map((r) => String(r['job_id'])));
  const { run, jobs, reopened } = toResume
    ? reopenAnswersNotOnTeam(rows.run, rows.jobs.rows, onTeam)
    : { run: rows.run, jobs: rows.jobs.rows, reopened: 0 };
  store.replica.applying(() => {
    store.replica.applyRuns(
      [rowFromPg(RECORDED_KINDS.run, run, ['deleted_at'])],
      prompts.rows.map((p) => rowFromPg(RECORDED_KINDS.run_prompts, p)),
    );
    store.replica.applyJobs(jobs.map((j) => rowFromPg(RECORDED_KINDS.job, j)));
    store.replica.applyResults(pulled);
  });
  return { status: String(run['status']), jobs: jobs.length, results: pulled.length, reopened };
}

/** How many of the run's answers the team holds (its jobs with a result). */
export async function answersOnTeam(client: TeamClient, workspaceId: string, runId: string): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    'SELECT count(DISTINCT job_id) AS n FROM parallax.results WHERE workspace_id = $1 AND run_id = $2',
    [workspaceId, runId],
  );
  return Number(rows[0]?.n ?? 0);
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
