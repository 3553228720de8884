import { syncWithSession, WORKSPACE_LINK_META } from '../sync';
import {
  claimDue,
  ensureSchedules,
  heartbeat,
  takeOverExpired,
  type Claim,
  type ClaimOptions,
} from './claims';
import { drive, type DriveContext } from './drive';
import { createSeedKeeper } from './seed-keeper';
import type { ActiveClaim, ResolvedWorkspace, RunLogLine, RunnerDeps, RunnerSummary } from './types';

// The runner's loop: take over the slots of runners that died, claim due slots up to the
// number of runs it drives at once, drive each (drive.ts), and keep its claims alive with
// heartbeats and the team up to date with pushes while they run. `once` stops when nothing is
// due or held; otherwise it polls. A stop (SIGTERM, Ctrl-C) claims nothing more, pauses the
// runs under way (answers in flight are stored), pushes them and releases their claims so
// another runner resumes them at once. Beside the runs it keeps the workspaces' seeds fresh
// (seed-keeper.ts); `once` publishes the due ones after its runs.

export interface RunnerRun {
  once: boolean;
  signal?: AbortSignal;
}

export interface Runner {
  run(options: RunnerRun): Promise<RunnerSummary>;
}

/** fn calls one at a time, in order (one connection, one statement or transaction at a time). */
function serial(): <T>(fn: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const next = tail.then(fn, fn);
    tail = next.catch(() => undefined);
    return next;
  };
}

function wait(ms: number, signal: AbortSignal | undefined, wake: Promise<unknown>[]): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
    for (const p of wake) void p.then(done, done);
  });
}

function tally(summary: RunnerSummary, line: RunLogLine): void {
  summary.runs += 1;
  summary.answers += line.answers;
  summary.credits += line.credits;
  if (line.status === 'completed' && line.error === null) summary.completed += 1;
  else if (line.status === 'paused' || line.status === 'lost') summary.handedOn += 1;
  else summary.failed += 1;
}

/** Links each workspace's history to the team (a first sync) and learns its id there. */
async function resolve(deps: RunnerDeps, sync: DriveContext['onSync']): Promise<ResolvedWorkspace[]> {
  const resolved: ResolvedWorkspace[] = [];
  for (const ws of deps.workspaces) {
    await sync(() =>
      syncWithSession(deps.session, { store: ws.store, workspace: ws.slug }, { pullRecorded: false }),
    );
    resolved.push({ ...ws, id: ws.store.getMeta(WORKSPACE_LINK_META) ?? '' });
  }
  return resolved;
}

export function createRunner(deps: RunnerDeps): Runner {
  const { tuning } = deps;
  const onSync = serial();
  const onClaims = serial();
  const active = new Map<string, ActiveClaim>();
  let stopping = false;

  const ctx: DriveContext = {
    deps,
    onSync,
    onClaims,
    stopping: () => stopping,
    push: (ws) =>
      onSync(() =>
        syncWithSession(deps.session, { store: ws.store, workspace: ws.slug }, { pull: false }),
      ).then(() => undefined),
    pullConfig: (ws) =>
      onSync(() =>
        syncWithSession(
          deps.session,
          { store: ws.store, workspace: ws.slug },
          { push: false, pullRecorded: false },
        ),
      ).then(() => undefined),
  };

  const keyOf = (c: Claim): string => `${c.workspaceId}/${c.monitorId}/${c.dueAt}`;

  /** Pushes the workspaces with runs under way; the team unreachable is a warning (pushed later). */
  async function pushActive(): Promise<void> {
    const busy = new Map([...active.values()].map((a) => [a.workspace.id, a.workspace]));
    for (const ws of busy.values()) {
      await ctx
        .push(ws)
        .catch((error: unknown) => deps.warn(`Push to the team failed (retried): ${String(error)}`));
    }
  }

  async function beat(): Promise<void> {
    const held = [...active.values()].filter((a) => !a.lost);
    if (held.length === 0) return;
    const lost = await onClaims(() =>
      heartbeat(
        deps.claims,
        held.map((a) => a.claim),
        deps.identity,
        tuning.leaseMs,
      ),
    ).catch((error: unknown) => {
      deps.warn(`Heartbeat failed (retried; the claims are kept while their lease lasts): ${String(error)}`);
      return [];
    });
    for (const claim of lost) {
      const a = active.get(keyOf(claim));
      if (!a || a.claim.runId === null) continue;
      // Another runner took it over after this one stalled past its lease: it drives the run now.
      a.lost = true;
      deps.warn(`The claim of ${claim.monitorId} passed to another runner; run ${a.claim.runId} stops here.`);
      await a.workspace.engine.pause(a.claim.runId).catch(() => undefined);
    }
  }

  function launch(workspaces: ResolvedWorkspace[], claim: Claim, summary: RunnerSummary): void {
    const workspace = workspaces.find((w) => w.id === claim.workspaceId);
    if (!workspace) return;
    const entry: ActiveClaim = { claim, workspace, lost: false, done: Promise.resolve() };
    entry.done = drive(ctx, entry).then((line) => {
      tally(summary, line);
      active.delete(keyOf(claim));
    });
    active.set(keyOf(claim), entry);
  }

  async function claimRound(workspaces: ResolvedWorkspace[], summary: RunnerSummary): Promise<number> {
    const room = tuning.parallel - active.size;
    if (room <= 0 || stopping) return 0;
    const options: ClaimOptions = {
      runner: deps.identity,
      workspaceIds: workspaces.map((w) => w.id),
      leaseMs: tuning.leaseMs,
      limit: room,
    };
    const taken = await onClaims(() => takeOverExpired(deps.claims, options));
    const fresh =
      room > taken.length
        ? await onClaims(() => claimDue(deps.claims, { ...options, limit: room - taken.length }))
        : [];
    for (const claim of [...taken, ...fresh]) launch(workspaces, claim, summary);
    return taken.length + fresh.length;
  }

  async function stop(workspaces: ResolvedWorkspace[]): Promise<void> {
    stopping = true;
    for (const ws of workspaces) await ws.engine.pauseAll({ graceMs: 10_000 }).catch(() => []);
  }

  return {
    async run({ once, signal }) {
      const summary: RunnerSummary = {
        runs: 0,
        completed: 0,
        failed: 0,
        handedOn: 0,
        answers: 0,
        credits: 0,
      };
      const workspaces = await resolve(deps, onSync);
      const ids = workspaces.map((w) => w.id);
      const seeds = deps.seeds
        ? createSeedKeeper({
            seeds: deps.seeds,
            claims: deps.claims,
            onClaims,
            now: Date.now,
            warn: deps.warn,
          })
        : null;
      const onAbort = (): void => {
        void stop(workspaces);
        void seeds?.stop();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const beatTimer = setInterval(() => void beat(), Math.max(50, tuning.leaseMs / 3));
      const pushTimer = setInterval(() => void pushActive(), tuning.pushMs);
      let lastConfig = Date.now();
      try {
        while (!stopping) {
          let claimed: number;
          try {
            await onClaims(() => ensureSchedules(deps.claims, ids));
            claimed = await claimRound(workspaces, summary);
          } catch (error) {
            // Looping, the team server being away is waited out; the runs under way go on.
            if (once) throw error;
            deps.warn(`Claiming failed (retried at the next poll): ${String(error)}`);
            claimed = 0;
          }
          if (once && claimed === 0 && active.size === 0) break;
          if (!once) seeds?.tick(workspaces);
          const runs = [...active.values()].map((a) => a.done);
          // Full, or nothing more due: wait for a run to end (or, looping, the next poll).
          if (claimed === 0 || active.size >= tuning.parallel) {
            await wait(once ? 2 ** 31 - 1 : tuning.pollMs, signal, runs);
          }
          if (!once && Date.now() - lastConfig >= tuning.pollMs) {
            lastConfig = Date.now();
            for (const ws of workspaces) await ctx.pullConfig(ws).catch((e: unknown) => deps.warn(String(e)));
          }
        }
        if (once && !stopping) await seeds?.publishDue(workspaces);
      } finally {
        signal?.removeEventListener('abort', onAbort);
        await Promise.all([...active.values()].map((a) => a.done));
        clearInterval(beatTimer);
        clearInterval(pushTimer);
        await seeds?.stop();
      }
      return summary;
    },
  };
}
