import { RECORDED_KINDS, type PulledResult, type ReplicaRow } from '../../history';
import { quarantine, type StepContext } from './context';
import { readResults, type ReadResult } from './pulled-result';
import { readByKeys, readResultsOfJobs, readRunPrompts } from './team-reads';
import { rowFromPg } from './team-sql';

// The rows a pulled page needs first (pull-recorded.ts): the runs, jobs and answers it refers to
// that are not here yet, fetched by key; and the answers of a page of jobs answered after the
// results' pass went by.

/** Parents fetched for a page, applied before it; and a page of jobs' answers, applied after it. */
export interface Parents {
  runs: ReplicaRow[];
  prompts: ReplicaRow[];
  jobs: ReplicaRow[];
  results: PulledResult[];
  answers: PulledResult[];
}

/**
 * Appends items one by one: a spread into push passes each item as an argument, and a page of
 * runs brings all their prompts (50 runs of 4,000 prompts in a first sync of 1,000,000 answers),
 * past what one call's arguments can hold ("Maximum call stack size exceeded").
 */
export function pushAll<T>(into: T[], items: readonly T[]): void {
  for (const item of items) into.push(item);
}

export const noParents = (): Parents => ({ runs: [], prompts: [], jobs: [], results: [], answers: [] });

const inWindow = (ctx: StepContext, run: ReplicaRow): boolean =>
  ctx.options.since == null || Number(run['created_at']) >= ctx.options.since;

/**
 * Fetches the runs (with their prompts) of these ids that are not here, within the window, and
 * the prompts of those here without all of theirs (taken before their prompts reached the team).
 */
export async function fetchRuns(ctx: StepContext, runIds: readonly string[], into: Parents): Promise<void> {
  const present = ctx.store.replica.presentKeys('run', runIds);
  const missing = runIds.filter((id) => !present.has(id) && !into.runs.some((r) => r['id'] === id));
  const runs = (await readByKeys(ctx, 'run', missing))
    .map((r) => rowFromPg(RECORDED_KINDS.run, r, ['deleted_at']))
    .filter((r) => inWindow(ctx, r));
  pushAll(into.runs, runs);
  const live = runs.filter((r) => r['deleted_at'] === null).map((r) => String(r['id']));
  const lacking = ctx.store.replica.runsLackingPrompts([...present]);
  pushAll(
    into.prompts,
    (await readRunPrompts(ctx, [...live, ...lacking])).map((p) => rowFromPg(RECORDED_KINDS.run_prompts, p)),
  );
}

/** Takes these jobs read from the server as parents (with their runs), the ones not here only. */
export async function takeJobs(ctx: StepContext, jobs: readonly ReplicaRow[], into: Parents): Promise<void> {
  const present = ctx.store.replica.presentKeys(
    'job',
    jobs.map((j) => String(j['id'])),
  );
  const fresh = jobs.filter((j) => !present.has(String(j['id'])));
  pushAll(into.jobs, fresh);
  await fetchRuns(
    ctx,
    fresh.map((j) => String(j['run_id'])),
    into,
  );
}

export async function fetchJobs(ctx: StepContext, jobIds: readonly string[], into: Parents): Promise<void> {
  const present = ctx.store.replica.presentKeys('job', jobIds);
  const jobs = (
    await readByKeys(
      ctx,
      'job',
      jobIds.filter((id) => !present.has(id)),
    )
  ).map((r) => rowFromPg(RECORDED_KINDS.job, r));
  pushAll(into.jobs, jobs);
  await fetchRuns(
    ctx,
    jobs.map((j) => String(j['run_id'])),
    into,
  );
}

/** The answers among these team rows that can be read; the others are named in the sync's report. */
function readable(ctx: StepContext, rows: ReadonlyArray<Record<string, unknown>>): ReadResult[] {
  const { results, quarantined } = readResults(rows);
  quarantine(ctx, quarantined);
  return results;
}

export async function fetchResults(
  ctx: StepContext,
  resultIds: readonly string[],
  into: Parents,
): Promise<void> {
  const present = ctx.store.replica.presentKeys('result', resultIds);
  const rows = await readByKeys(
    ctx,
    'result',
    resultIds.filter((id) => !present.has(id)),
  );
  const results = readable(ctx, rows);
  pushAll(into.results, results);
  await fetchJobs(
    ctx,
    results.map((r) => r.jobId),
    into,
  );
}

/** The answers of the page's answered jobs that are not here (pushed after the results' pass went by). */
export async function fetchAnswers(
  ctx: StepContext,
  jobs: readonly ReplicaRow[],
  into: Parents,
): Promise<void> {
  const answered = jobs.filter((j) => j['job_state'] === 'succeeded').map((j) => String(j['id']));
  if (answered.length === 0) return;
  const here = ctx.store.replica.answeredJobs(answered);
  const missing = answered.filter((id) => !here.has(id));
  const rows = await readResultsOfJobs(ctx, missing);
  pushAll(into.answers, readable(ctx, rows));
}
