import { SYNC_STATUS_OFF, type SyncReportView, type SyncStatusView } from '../../../shared/ipc/channels/sync';
import type { HistoryStore } from '../../history';
import {
  openTeamClient,
  readWorkspaceChannel,
  TeamError,
  type TeamClient,
  type TeamService,
} from '../server';
import { AppError } from '../../platform';
import { APP_TUNING, type AheadJudge } from './context';
import { SyncError } from './errors';
import type { FunnelDaysOnThread } from './funnel-worker';
import { installSeed, SeedRefused, type InstallSeedReport } from './seed-install';
import { syncWorkspace } from './sync';
import { WORKSPACE_LINK_META } from './target';

// The app's background sync: at start, after a run, every few minutes, and when asked (the
// sidebar's status, a NOTIFY from the team). One sync at a time (a request during one runs once
// after it); small local transactions with a yield to the event loop between batches, so the
// views' queries never wait long. With the server down the state says "offline" and the next try
// backs off (30 s doubling to the interval); everything local keeps working and what was recorded
// meanwhile is in the outbox, pushed by the next sync that reaches the server. After a sync, one
// connection LISTENs on the workspace's channel (team migration 2's NOTIFY triggers): a
// teammate's write syncs here within a second; the connection is reopened with the same backoff
// when it drops. (A desktop's own push notifies it too: that costs one empty sync.)

export interface BackgroundSyncDeps {
  team: TeamService;
  store: () => HistoryStore;
  /** The workspace's slug on the team. */
  workspace: () => string;
  /** The window setting (days), or null for everything. */
  windowDays: () => number | null;
  now: () => number;
  /** Called with each new status (the app forwards it to the renderer as an event). */
  onStatus: (status: SyncStatusView) => void;
  logError?: (message: string) => void;
  intervalMs?: number;
  /** First delay when offline (doubled up to intervalMs). */
  retryMs?: number;
  /** Keep a LISTEN connection for the team's NOTIFY (default true). */
  listen?: boolean;
  /**
   * Threads a pull's answers are judged and packed on ahead, as `parallax sync` does
   * (judge-ahead.ts); without them ingest does it all here.
   */
  judge?: AheadJudge;
  /** Computes the funnel totals a sync shares on another thread (funnel-worker.ts); without it, here. */
  funnelDaysOn?: FunnelDaysOnThread;
}

export interface BackgroundSync {
  status(): SyncStatusView;
  /** Syncs now, or once more after the sync under way; resolves with the status after it. */
  syncNow(): Promise<SyncStatusView>;
  /** Starts the timer and a first sync (no-op without a team). */
  start(): void;
  /**
   * Before the app opens a workspace it has no history of: installs the team's newest seed at
   * `path` (seed-install.ts), its download shown as the status's seed progress. Null when there
   * is no team or no seed, or when it cannot be used now (offline, refused, the app closing):
   * the workspace's first sync then pulls everything.
   */
  startFromSeed(path: string, workspace: string): Promise<InstallSeedReport | null>;
  /**
   * Stops the seed download under way (the sidebar's Cancel): startFromSeed then throws
   * AppError SEED_CANCELED and leaves no file, so the app stays on the workspace it has open.
   * False when none is under way.
   */
  cancelSeed(): boolean;
  close(): Promise<void>;
}

const DEFAULT_INTERVAL_MS = 5 * 60_000;
const DEFAULT_RETRY_MS = 30_000;

export function createBackgroundSync(deps: BackgroundSyncDeps): BackgroundSync {
  const interval = deps.intervalMs ?? DEFAULT_INTERVAL_MS;
  const firstRetry = deps.retryMs ?? DEFAULT_RETRY_MS;
  let status: SyncStatusView = { ...SYNC_STATUS_OFF };
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let retryDelay = firstRetry;
  let closed = false;
  let lastProgressAt = 0;
  const controller = new AbortController();
  let listener: TeamClient | null = null;
  let listening = false;
  /** The channel the listener listens on. */
  let heard: string | null = null;
  let listenDelay = firstRetry;
  let notified: NodeJS.Timeout | null = null;

  /** Many NOTIFYs (one per statement) become one sync a second later. */
  const onNotify = (): void => {
    if (closed || notified) return;
    notified = setTimeout(() => {
      notified = null;
      void syncNow();
    }, 1000);
    notified.unref?.();
  };
  const relisten = (): void => {
    listening = false;
    listener = null;
    if (closed) return;
    setTimeout(() => void ensureListener(), listenDelay).unref?.();
    listenDelay = Math.min(listenDelay * 2, interval);
  };
  async function ensureListener(): Promise<void> {
    if (closed || listening || deps.listen === false) return;
    const workspaceId = deps.store().getMeta(WORKSPACE_LINK_META);
    const config = await deps.team.configured();
    if (workspaceId === null || config === null) return;
    listening = true;
    try {
      const client = await openTeamClient(config.url);
      listener = client;
      const channel = await readWorkspaceChannel(client, workspaceId);
      if (channel === null) {
        // Not (or no longer) a member: nothing to hear; the next sync tries again.
        listening = false;
        listener = null;
        await client.end();
        return;
      }
      heard = channel;
      await client.listen(channel, onNotify, () => {
        void client.end();
        relisten();
      });
      listenDelay = firstRetry;
      if (closed) await client.end();
    } catch {
      relisten();
    }
  }
  /**
   * Listens again when the workspace's channel changed (a member was revoked and the server drew
   * a new name): ending the connection makes the listener start over with the new name.
   */
  async function followChannel(): Promise<void> {
    const workspaceId = deps.store().getMeta(WORKSPACE_LINK_META);
    const client = listener;
    if (!listening || client === null || workspaceId === null) return ensureListener();
    const channel = await readWorkspaceChannel(client, workspaceId).catch(() => heard);
    if (channel !== heard) await client.end().catch(() => undefined);
  }

  const update = (patch: Partial<SyncStatusView>): void => {
    status = { ...status, ...patch };
    deps.onStatus(status);
  };
  const localCounts = (): Pick<SyncStatusView, 'conflicts' | 'pending'> => {
    const store = deps.store();
    const pending = Object.values(store.replica.pendingCounts()).reduce((a: number, n) => a + (n ?? 0), 0);
    return { conflicts: store.replica.listDrafts().length, pending };
  };
  const schedule = (ms: number): void => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void syncNow(), ms);
    timer.unref?.();
  };

  async function once(): Promise<void> {
    if ((await deps.team.configured()) === null) {
      update({ state: 'off', progress: null, error: null, retryAt: null });
      return;
    }
    update({ state: 'syncing', progress: { done: 0, total: 0 }, error: null, retryAt: null });
    const days = deps.windowDays();
    let report: SyncReportView;
    try {
      report = await syncWorkspace(
        deps.team,
        { store: deps.store(), workspace: deps.workspace() },
        {
          since: days === null ? null : deps.now() - days * 86_400_000,
          tuning: APP_TUNING,
          signal: controller.signal,
          now: deps.now,
          ...(deps.judge ? { judge: deps.judge } : {}),
          ...(deps.funnelDaysOn ? { funnelDaysOn: deps.funnelDaysOn } : {}),
          pause: () => new Promise((resolve) => setImmediate(resolve)),
          onProgress: (p) => {
            // At most a few events a second reach the renderer.
            if (deps.now() - lastProgressAt < 250) return;
            lastProgressAt = deps.now();
            update({ progress: { done: p.done, total: p.total } });
          },
        },
      );
    } catch (error) {
      const offline = error instanceof TeamError && error.kind === 'unreachable';
      const message = error instanceof Error ? error.message : String(error);
      if (!offline && !(error instanceof SyncError) && !(error instanceof TeamError)) {
        deps.logError?.(`sync: ${message}`);
      }
      const retryAt = deps.now() + retryDelay;
      update({
        state: offline ? 'offline' : 'error',
        progress: null,
        error: message,
        retryAt,
        ...localCounts(),
      });
      schedule(retryDelay);
      retryDelay = Math.min(retryDelay * 2, interval);
      return;
    }
    // A failed thread is a fault of this desktop, not of the server: the app's log keeps it.
    if (report.funnelDays?.failed) deps.logError?.(`sync: ${report.funnelDays.failed}`);
    retryDelay = firstRetry;
    update({
      state: 'idle',
      progress: null,
      error: null,
      retryAt: null,
      lastSyncedAt: deps.now(),
      last: report,
      ...localCounts(),
    });
    schedule(interval);
    void followChannel();
  }

  async function syncNow(): Promise<SyncStatusView> {
    if (closed) return status;
    if (running) {
      again = true;
      await running;
      return status;
    }
    running = (async () => {
      do {
        again = false;
        await once();
      } while (again && !closed);
    })().finally(() => {
      running = null;
    });
    await running;
    return status;
  }

  let seedCancel: AbortController | null = null;

  async function startFromSeed(path: string, workspace: string): Promise<InstallSeedReport | null> {
    if (closed || (await deps.team.configured()) === null) return null;
    const before = status.state;
    let shownAt = 0;
    const cancel = new AbortController();
    seedCancel = cancel;
    update({ state: 'syncing', seed: { done: 0, total: 0 } });
    try {
      return await deps.team.withTeam((session) =>
        installSeed(session, {
          path,
          workspace,
          signal: AbortSignal.any([controller.signal, cancel.signal]),
          onProgress: (p) => {
            if (deps.now() - shownAt < 250) return;
            shownAt = deps.now();
            update({ seed: { done: p.done, total: p.total } });
          },
        }),
      );
    } catch (error) {
      if (cancel.signal.aborted)
        throw new AppError(
          'SEED_CANCELED',
          'Canceled: the workspace’s history was not downloaded; nothing was kept.',
        );
      if (!(error instanceof SeedRefused || error instanceof SyncError || error instanceof TeamError))
        throw error;
      deps.logError?.(`sync: the workspace's seed was not used: ${error.message}`);
      return null;
    } finally {
      seedCancel = null;
      update({ state: before, seed: null });
    }
  }

  return {
    status: () => status,
    syncNow,
    start() {
      void syncNow();
    },
    startFromSeed,
    cancelSeed() {
      if (!seedCancel) return false;
      seedCancel.abort();
      return true;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (notified) clearTimeout(notified);
      controller.abort();
      await listener?.end();
      await running?.catch(() => undefined);
    },
  };
}
