import type { HistoryStore } from '../history';
import { createAfterRunPipeline, type AfterRunPipeline } from './after-run';
import { createAlertService } from './service';

// "Catch up, then read": every path that reads change alerts or writes a report
// (`alerts`, `report`, `demo`, the app's Client report, the MCP tools) first compares the
// completed monitor runs nobody compared yet (the app was closed, a demo history was just built,
// a run was stored by another process). Otherwise a client report written right after
// `parallax demo` would say "No change alerts were raised" with dozens waiting.
// The comparison is quiet: alerts are stored, nothing is announced, posted or written (those are
// for a monitor run as it finishes). One comparison at a time per history: calls that arrive
// while one is under way share it.

export interface CatchUpDeps {
  store: HistoryStore;
  now: () => number;
  /** The app's pipeline (its events reach the window); the CLI and the MCP server make their own. */
  pipeline?: AfterRunPipeline;
  logError?: (message: string) => void;
  /** Told how many runs will be compared, before they are (the CLI says so: it takes a while). */
  onStart?: (runs: number) => void;
  /** The active positioning judge, for the positioning rules (default 'builtin'). */
  activeJudge?: () => string;
}

export interface CaughtUp {
  /** Monitor runs compared now. */
  runs: number;
  /** Alerts they raised. */
  alerts: number;
}

const underWay = new WeakMap<HistoryStore, Promise<CaughtUp>>();

/** Compares the monitor runs not compared yet; resolves once every one of them is. */
export function compareUncheckedRuns(deps: CatchUpDeps): Promise<CaughtUp> {
  const running = underWay.get(deps.store);
  if (running) return running;
  const pending = deps.store.uncheckedMonitorRuns().length;
  if (pending === 0) return Promise.resolve({ runs: 0, alerts: 0 });
  deps.onStart?.(pending);
  const pipeline =
    deps.pipeline ??
    createAfterRunPipeline({
      store: deps.store,
      alerts: createAlertService({
        store: deps.store,
        now: deps.now,
        ...(deps.activeJudge ? { activeJudge: deps.activeJudge } : {}),
      }),
      now: deps.now,
      ...(deps.logError ? { logError: deps.logError } : {}),
    });
  const work = pipeline
    .catchUp({ quiet: true })
    .then((results) => ({ runs: results.length, alerts: results.reduce((n, r) => n + r.alerts.length, 0) }))
    .finally(() => underWay.delete(deps.store));
  underWay.set(deps.store, work);
  return work;
}

/** Reads (alerts, a report) once the runs not compared yet are. */
export async function readAfterCatchUp<T>(deps: CatchUpDeps, read: () => T | Promise<T>): Promise<T> {
  await compareUncheckedRuns(deps);
  return read();
}
