import type { RunStatus } from '../../shared/domain/run-spec';
import type { RunProgressView } from '../../shared/ipc/channels/runs';
import type { Core } from '../../core/app';
import { SHUTDOWN_GRACE_MS } from '../../core/runs';
import type { ActiveRunSummary } from './quit';

// What the quit and resume decisions need from the core's runs. Only this process's runs count:
// a CLI run writing to the same history is not the app's to pause, so the runs are taken from the
// progress events of this core's run engine, and their state from the history.

const WORKING: ReadonlySet<RunStatus> = new Set(['pending', 'running', 'canceling']);

export interface CoreRuns {
  active(): ActiveRunSummary[];
  /**
   * Pauses every run this app drives, cleanly (the run service's pauseActiveRunsForShutdown: calls in
   * flight may finish for up to graceMs and are stored); returns the ids paused.
   */
  pauseAll(graceMs?: number): Promise<string[]>;
  /** Resolves once no run of this process is working. */
  finished(): Promise<void>;
  /** Summaries of the given runs that are still paused in the history. */
  paused(runIds: readonly string[]): ActiveRunSummary[];
  resume(runIds: readonly string[]): Promise<void>;
  dispose(): void;
}

export function watchCoreRuns(core: Pick<Core, 'events' | 'store' | 'runs'>): CoreRuns {
  const seen = new Set<string>();
  const idleWaiters = new Set<() => void>();
  const unsubscribe = core.events.subscribe((event, payload) => {
    if (event !== 'run.progress') return;
    const progress = payload as RunProgressView;
    seen.add(progress.runId);
    if (!WORKING.has(progress.status) && active().length === 0) {
      for (const wake of idleWaiters) wake();
      idleWaiters.clear();
    }
  });

  function summaries(ids: Iterable<string>, keep: (status: RunStatus) => boolean): ActiveRunSummary[] {
    const out: ActiveRunSummary[] = [];
    for (const id of ids) {
      const run = core.store.getRun(id);
      if (!run || !keep(run.status)) continue;
      const totals = core.store.countJobs(id);
      const done = totals.total - totals.counts.pending - totals.counts.queued - totals.counts.running;
      out.push({ id, name: run.name ?? run.prompts[0] ?? id, done, total: totals.total, mode: run.mode });
    }
    return out;
  }

  function active(): ActiveRunSummary[] {
    return summaries(seen, (status) => WORKING.has(status));
  }

  return {
    active,
    async pauseAll(graceMs = SHUTDOWN_GRACE_MS) {
      const paused = await core.runs.pauseActiveRunsForShutdown({ graceMs });
      return paused.map((p) => p.runId);
    },
    finished() {
      if (active().length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.add(resolve));
    },
    paused(runIds) {
      return summaries(runIds, (status) => status === 'paused');
    },
    async resume(runIds) {
      const engine = await core.runs.engine();
      for (const id of runIds) {
        await engine.resume(id);
        core.runs.track(id);
      }
    },
    dispose() {
      unsubscribe();
      for (const wake of idleWaiters) wake();
      idleWaiters.clear();
    },
  };
}
