import type { RunProgressView } from '../../../shared/ipc/channels/runs';
import { attachRun, finishClaim, releaseClaim, type Claim } from './claims';
import { answersOnTeam, copyRunFromTeam, previousTeamRun } from './team-run';
import type { ActiveClaim, ResolvedWorkspace, RunLogLine, RunnerDeps } from './types';

// Driving one claimed due slot to its end: start the monitor's run (or, for a slot taken over
// from a runner that died, copy its run from the team and resume it: the jobs the team has an
// answer for are not sent again, the async tasks already created are collected under their
// idempotency keys), push its rows as it goes, then compare, alert and report as `monitors run`
// does, and close the claim with the run's answers and credits.

/** What drive() needs of the runner around it. */
export interface DriveContext {
  deps: RunnerDeps;
  /** Runs fn on the sync connection, one at a time (a push is several statements in a transaction). */
  onSync<T>(fn: () => Promise<T>): Promise<T>;
  /** Runs fn on the claims connection, one at a time. */
  onClaims<T>(fn: () => Promise<T>): Promise<T>;
  /** Pushes what the workspace's history recorded and has not sent yet. */
  push(ws: ResolvedWorkspace): Promise<void>;
  /** Pulls the team's configuration (a monitor made since the last pull). */
  pullConfig(ws: ResolvedWorkspace): Promise<void>;
  stopping(): boolean;
}

const ENDED = new Set(['completed', 'failed', 'canceled']);

function line(ws: ResolvedWorkspace, claim: Claim, started: number): RunLogLine {
  return {
    workspace: ws.slug,
    monitorId: claim.monitorId,
    monitor: ws.store.getMonitor(claim.monitorId)?.name ?? claim.monitorId,
    dueAt: claim.dueAt,
    runId: claim.runId,
    status: 'not-started',
    answers: 0,
    credits: 0,
    takeover: claim.takeovers > 0,
    alerts: 0,
    durationMs: Date.now() - started,
    error: null,
  };
}

/** The run a dead runner left, copied here and adopted; null when it must start afresh. */
async function adopt(ctx: DriveContext, ws: ResolvedWorkspace, runId: string): Promise<string | null> {
  const copied = await ctx.onSync(() =>
    copyRunFromTeam(ctx.deps.session.client, ws.id, ws.store, runId, true),
  );
  if (!copied) return null;
  if (copied.reopened > 0) {
    ctx.deps.warn(
      `${copied.reopened} answer(s) of run ${runId} never reached the team (its runner stopped mid-push): collected again.`,
    );
  }
  ws.store.replica.adoptRun(runId);
  return copied.status;
}

async function start(ctx: DriveContext, ws: ResolvedWorkspace, claim: Claim): Promise<string> {
  let monitor = ws.store.getMonitor(claim.monitorId);
  if (!monitor) {
    await ctx.pullConfig(ws);
    monitor = ws.store.getMonitor(claim.monitorId);
  }
  if (!monitor) throw new Error(`monitor ${claim.monitorId} is not in the team's configuration`);
  const { runId } = await ws.engine.start(monitor.spec, { ...ws.runMeta(), monitorId: monitor.id });
  claim.runId = runId;
  // On the team before its first answer: a runner taking the slot over resumes this run.
  await ctx.onClaims(() => attachRun(ctx.deps.claims, claim, ctx.deps.identity, runId));
  try {
    await ctx.push(ws);
  } catch (error) {
    // The run is under way and paying for answers: it goes on, its rows stay queued here, and
    // the pushes after its last answer say whether the team got them (pushAllAnswers).
    ctx.deps.warn(
      `The first push of run ${runId} failed; it is tried again at the run's end: ${String(error)}`,
    );
  }
  return runId;
}

/** Tries of the last push before a claim is closed without all its answers on the team. */
const FINAL_PUSH_TRIES = 3;

/** A run whose answers did not all reach the team: its claim is not closed as finished. */
class AnswersNotOnTeam extends Error {
  override readonly name = 'AnswersNotOnTeam';
}

/**
 * Pushes the run's rows and checks the team holds an answer for each of its `answers` jobs
 * before the claim says so: a push that failed, or left some out, is tried again; still short,
 * it throws (the claim fails, the exit code says so, the answers stay queued here for the next
 * push).
 */
async function pushAllAnswers(
  ctx: DriveContext,
  ws: ResolvedWorkspace,
  runId: string,
  answers: number,
): Promise<void> {
  let short = answers;
  let lastError: unknown = null;
  for (let attempt = 1; attempt <= FINAL_PUSH_TRIES && short > 0; attempt++) {
    try {
      await ctx.push(ws);
      const held = await ctx.onSync(() => answersOnTeam(ctx.deps.session.client, ws.id, runId));
      short = answers - held;
    } catch (error) {
      lastError = error;
    }
  }
  if (short > 0) {
    const why = lastError === null ? '' : ` (${String(lastError)})`;
    throw new AnswersNotOnTeam(`${short} of ${answers} answers are not on the team${why}`);
  }
}

/** The previous run of the monitor, copied here if this history lacks it, so the comparison has it. */
async function fetchPrevious(
  ctx: DriveContext,
  ws: ResolvedWorkspace,
  claim: Claim,
  runId: string,
): Promise<void> {
  const previous = await ctx.onSync(() =>
    previousTeamRun(ctx.deps.session.client, ws.id, claim.monitorId, runId),
  );
  if (previous === null || ws.store.getRun(previous)) return;
  await ctx.onSync(() => copyRunFromTeam(ctx.deps.session.client, ws.id, ws.store, previous));
}

async function close(
  ctx: DriveContext,
  active: ActiveClaim,
  out: RunLogLine,
  end: RunProgressView | null,
  onTeam: boolean,
): Promise<void> {
  const { claim } = active;
  const { deps } = ctx;
  if (end) {
    out.status = end.status;
    out.answers = end.counts.succeeded;
    out.credits = end.creditsSpent;
  }
  // Answers the team lacks are not reported as a completed run.
  if (!onTeam) out.status = 'failed';
  if (active.lost) {
    out.status = 'lost';
    return;
  }
  if ((end === null || end.status === 'paused') && ctx.stopping()) {
    // Stopped by a signal: another runner takes the slot over at once and resumes the run.
    out.status = 'paused';
    await ctx.onClaims(() => releaseClaim(deps.claims, claim, deps.identity));
    return;
  }
  const failed = end === null || end.status !== 'completed' || end.counts.succeeded < end.total || !onTeam;
  await ctx.onClaims(() =>
    finishClaim(deps.claims, claim, deps.identity, {
      state: failed ? 'failed' : 'finished',
      answers: out.answers,
      credits: out.credits,
      note:
        out.error ??
        (failed && end ? `${end.total - end.counts.succeeded} of ${end.total} jobs without an answer` : null),
    }),
  );
}

/** Drives one claim to its end and logs its line. Never throws: a failure closes the claim as failed. */
export async function drive(ctx: DriveContext, active: ActiveClaim): Promise<RunLogLine> {
  const { claim, workspace: ws } = active;
  const started = Date.now();
  const out = line(ws, claim, started);
  let end: RunProgressView | null = null;
  let onTeam = true;
  try {
    let runId = claim.runId;
    const status = runId === null ? null : await adopt(ctx, ws, runId);
    if (runId !== null && status === null) runId = null;
    if (runId === null) runId = await start(ctx, ws, claim);
    else if (!ENDED.has(status ?? '')) await ws.engine.resume(runId);
    out.runId = runId;
    end = await ws.engine.wait(runId);
    await pushAllAnswers(ctx, ws, runId, end.counts.succeeded);
    if (end.status === 'completed' && !active.lost) {
      await fetchPrevious(ctx, ws, claim, runId);
      const after = await ws.afterRun(runId);
      out.alerts = after?.alerts.length ?? 0;
    }
  } catch (error) {
    out.error = error instanceof Error ? error.message : String(error);
    out.status = 'failed';
    if (error instanceof AnswersNotOnTeam) onTeam = false;
  }
  try {
    await close(ctx, active, out, end, onTeam);
  } catch (error) {
    ctx.deps.warn(
      `Closing the claim of ${out.monitor} failed (its lease lets another runner finish it): ${String(error)}`,
    );
  }
  out.durationMs = Date.now() - started;
  if (end === null && out.error !== null) out.status = out.runId === null ? 'not-started' : 'failed';
  ctx.deps.log(out);
  return out;
}
