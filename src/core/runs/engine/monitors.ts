import type { RunSpec } from '../../../shared/domain/run-spec';
import type { MonitorView } from '../../../shared/ipc/channels/library';
import type { MonitorsApi } from '../../history';
import { nextDueAt, parseCadence } from './cadence';
import type { RunEngine, RunStartMeta } from './run-engine';

// Monitors: saved run specs with a cadence (daily, weekly or cron). The app checks for due
// monitors while it is open and catches up missed ones at start; the CLI's `monitors run`
// does the same from cron or Task Scheduler. A global pause (stored in the history) stops
// both. The store keeps the monitors and their next due time; this file decides the times
// and starts the runs.

export interface MonitorSchedulerDeps {
  store: Pick<
    MonitorsApi,
    | 'saveMonitor'
    | 'getMonitor'
    | 'listMonitors'
    | 'dueMonitors'
    | 'recordMonitorRun'
    | 'setMonitorNextDue'
    | 'monitorsPaused'
  >;
  engine: Pick<RunEngine, 'start'>;
  now: () => number;
  /** Key label, sandbox flag and base URL recorded with each run a monitor starts. */
  runMeta: () => RunStartMeta;
  timeZone?: string;
}

export interface MonitorRunOutcome {
  monitorId: string;
  name: string;
  runId: string | null;
  /** Why it did not start (balance, budget…); it is tried again at its next due time. */
  error: string | null;
  nextDueAt: number | null;
}

export interface MonitorScheduler {
  add(input: { name: string; spec: RunSpec; cadence: string; id?: string; enabled?: boolean }): MonitorView;
  list(): MonitorView[];
  /** Monitors due at `now` (none while monitors are paused). */
  dueMonitors(now?: number): MonitorView[];
  /** Starts a run for every due monitor, once each, however many slots it missed. */
  runDueMonitors(): Promise<MonitorRunOutcome[]>;
  /** Starts one monitor now, due or not. */
  runNow(id: string): Promise<MonitorRunOutcome>;
  /** Checks every `intervalMs` while the app is open (and once at once: the catch-up). */
  startTimer(intervalMs?: number, onRun?: (o: MonitorRunOutcome[]) => void): () => void;
}

export class MonitorInputError extends Error {
  override readonly name = 'MonitorInputError';
}

export function createMonitorScheduler(deps: MonitorSchedulerDeps): MonitorScheduler {
  const tz = deps.timeZone ?? 'UTC';

  const start = async (monitor: MonitorView): Promise<MonitorRunOutcome> => {
    const at = deps.now();
    const next = nextDueAt(monitor.cadence, at, tz);
    try {
      const { runId } = await deps.engine.start(monitor.spec, { ...deps.runMeta(), monitorId: monitor.id });
      deps.store.recordMonitorRun(monitor.id, runId, next);
      return { monitorId: monitor.id, name: monitor.name, runId, error: null, nextDueAt: next };
    } catch (err) {
      deps.store.setMonitorNextDue(monitor.id, next);
      return {
        monitorId: monitor.id,
        name: monitor.name,
        runId: null,
        error: err instanceof Error ? err.message : String(err),
        nextDueAt: next,
      };
    }
  };

  const runDue = async (): Promise<MonitorRunOutcome[]> => {
    const outcomes: MonitorRunOutcome[] = [];
    for (const monitor of deps.store.dueMonitors(deps.now())) outcomes.push(await start(monitor));
    return outcomes;
  };

  return {
    add(input) {
      const cadence = parseCadence(input.cadence, tz);
      if (!cadence.ok) throw new MonitorInputError(cadence.message);
      return deps.store.saveMonitor({
        id: input.id,
        name: input.name,
        spec: input.spec,
        cadence: cadence.cadence,
        enabled: input.enabled ?? true,
        nextDueAt: nextDueAt(cadence.cadence, deps.now(), tz),
      });
    },
    list: () => deps.store.listMonitors(),
    dueMonitors: (now) => deps.store.dueMonitors(now ?? deps.now()),
    runDueMonitors: runDue,
    async runNow(id) {
      const monitor = deps.store.getMonitor(id);
      if (!monitor) throw new MonitorInputError(`No monitor with id ${id}`);
      return start(monitor);
    },
    startTimer(intervalMs = 60_000, onRun) {
      let stopped = false;
      let busy = false;
      const tick = async (): Promise<void> => {
        if (stopped || busy) return;
        busy = true;
        try {
          const outcomes = await runDue();
          if (outcomes.length > 0) onRun?.(outcomes);
        } finally {
          busy = false;
        }
      };
      void tick();
      const timer = setInterval(() => void tick(), intervalMs);
      timer.unref?.();
      return () => {
        stopped = true;
        clearInterval(timer);
      };
    },
  };
}
