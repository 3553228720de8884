import type { RunSession, RunSessionsApi, RunsApi, JobRecord } from '../../history';

// Credits the service did not state. An async task record may come without
// `credits` (some published examples have none), an answer without X-Credits-Charged: its job's
// charge is unknown, and summed as 0 the run's credits would fall short of what the balance lost. When a
// session ends cleanly, the balance it moved by, less the charges its jobs recorded, is what
// those jobs cost: shared out over them in proportion to their expected cost and flagged as
// estimated (the run's credits then say so). Not attributable (no balance at either end,
// another run of the account overlapping, the balance going up): left unknown.

export type EstimateStore = Pick<RunsApi, 'listJobs' | 'countJobs' | 'transitionJob'> &
  Pick<RunSessionsApi, 'overlappingSessions'>;

export interface Estimate {
  jobs: number;
  credits: number;
}

/** Shares `total` out over weights, whole credits, the remainders to the largest fractions. */
export function shareOut(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left--;
  }
  return shares;
}

/** Estimates the unstated charges of the jobs a clean session finished; null when none or not attributable. */
export function estimateUnstatedCredits(args: {
  store: EstimateStore;
  runId: string;
  session: Pick<RunSession, 'startedAt' | 'balanceStart' | 'recordedStart'>;
  balanceEnd: number | null;
  expectedCost: (job: JobRecord) => number;
}): Estimate | null {
  const { store, runId, session } = args;
  const unstated = store
    .listJobs(runId, { states: ['succeeded', 'failed'] })
    .filter((j) => j.creditsCharged === null && (j.finishedAt ?? 0) >= session.startedAt);
  if (unstated.length === 0 || session.balanceStart === null || args.balanceEnd === null) return null;
  if (store.overlappingSessions(runId, session.startedAt, Number.MAX_SAFE_INTEGER).length > 0) return null;
  const moved = session.balanceStart - args.balanceEnd;
  const recorded = store.countJobs(runId).creditsCharged - session.recordedStart;
  const gap = moved - recorded;
  if (moved < 0 || gap < 0) return null;
  const shares = shareOut(
    gap,
    unstated.map((j) => Math.max(1, args.expectedCost(j))),
  );
  unstated.forEach((job, i) =>
    store.transitionJob(job.id, { creditsCharged: shares[i] ?? 0, creditsEstimated: true }),
  );
  return { jobs: unstated.length, credits: gap };
}
