import type { EventPayload } from '../../shared/ipc/contract';
import type { EventBus, SettingsStore, WorkerScript } from '../platform';
import type { HistoryStore } from '../history';
import { startAheadPool } from '../positioning';
import {
  createAheadThreads,
  createBackgroundSync,
  funnelDaysOn,
  readAheadOn,
  type BackgroundSync,
  type TeamService,
} from '../team';

// The app's background sync, wired to the core: its status goes to the renderer as
// 'sync.status' events, a run that ends is pushed at once, and (in the app, not in tests that
// build a core without timers) it starts with the core and then runs every few minutes.

export interface SyncWiringDeps {
  team: TeamService;
  store: HistoryStore;
  events: EventBus;
  settings: SettingsStore;
  workspace: () => string;
  now: () => number;
  /** Sync at start and on the timer (the app); false: only when asked (sync.now). */
  enabled: boolean;
  logError: (message: string) => void;
  /**
   * positioning-worker's script: a pull's answers are judged and packed ahead on its threads,
   * and the funnel totals a sync shares are computed on one.
   */
  positioningWorker?: WorkerScript;
}

const ENDED = new Set(['completed', 'failed', 'canceled', 'paused']);

export function wireBackgroundSync(deps: SyncWiringDeps): {
  service: BackgroundSync;
  start(): void;
  close(): Promise<void>;
} {
  // Started at the first pull worth it (a page of 200 answers), as `parallax sync`'s.
  const worker = deps.positioningWorker;
  const ahead = worker ? createAheadThreads(() => startAheadPool(worker), readAheadOn(worker)) : null;
  const service = createBackgroundSync({
    team: deps.team,
    store: () => deps.store,
    workspace: deps.workspace,
    windowDays: () => deps.settings.get().syncWindowDays,
    now: deps.now,
    onStatus: (status) => deps.events.emit('sync.status', status),
    logError: deps.logError,
    ...(ahead ? { judge: ahead } : {}),
    ...(worker ? { funnelDaysOn: funnelDaysOn(worker) } : {}),
  });
  const unsubscribe = deps.events.subscribe((event, payload) => {
    if (!deps.enabled || event !== 'run.progress') return;
    if (ENDED.has((payload as EventPayload<'run.progress'>).status)) void service.syncNow();
  });
  return {
    service,
    start: () => {
      if (deps.enabled && !deps.store.readonly) service.start();
    },
    async close() {
      unsubscribe();
      await service.close();
      await ahead?.close();
    },
  };
}
