import type { RunSpec } from '../../../shared/domain/run-spec';
import type { RunProgressView } from '../../../shared/ipc/channels/runs';
import type { EventBus, KeyService, SettingsStore } from '../../platform';
import { createRunEngine, type RunEngine } from '../engine';
import type { HistoryStore } from '../../history';
import type { ConnectionManager, ServiceConnection } from './connection';

/** The run engine for the current connection, with its events forwarded to the renderer. */
export interface RunService {
  engine(): Promise<RunEngine>;
  connection(): Promise<ServiceConnection>;
  start(spec: RunSpec, options?: { monitorId?: string | null }): Promise<{ runId: string }>;
  /** Runs whose driver is working right now (not paused or finished). */
  hasActiveRuns(): boolean;
  /** Counts a run resumed by hand as active. */
  track(runId: string): void;
  /** After a crash or kill: resumes unfinished runs (async tasks polled again; sync in-flight jobs interrupted). */
  resumeOnOpen(): Promise<string[]>;
  /**
   * Quitting with a run in progress: pauses every run this app drives, cleanly. Nothing new
   * is sent; synchronous calls in flight may finish for up to graceMs (default 30 s: they
   * are charged anyway) and are stored, later ones are aborted and marked interrupted; async
   * tasks stay with the service and are collected when the run is resumed. Resolves with the
   * progress of each paused run (empty when nothing was running). The next start leaves
   * paused runs paused (resumeOnOpen skips them) for the user to resume.
   */
  pauseActiveRunsForShutdown(options?: { graceMs?: number }): Promise<RunProgressView[]>;
  close(): Promise<void>;
}

/** How long quitting waits for synchronous calls already sent. */
export const SHUTDOWN_GRACE_MS = 30_000;

export interface RunServiceDeps {
  store: HistoryStore;
  settings: SettingsStore;
  keys: KeyService;
  connections: ConnectionManager;
  events: EventBus;
  now: () => number;
  pollIntervalMs?: { min: number; max: number };
}

const WORKING = new Set(['pending', 'running', 'canceling']);

export function createRunService(deps: RunServiceDeps): RunService {
  let current: { connection: ServiceConnection; engine: RunEngine } | null = null;
  const tracked = new Set<string>();

  async function engineFor(): Promise<{ connection: ServiceConnection; engine: RunEngine }> {
    const connection = await deps.connections.current();
    if (current?.connection === connection) return current;
    // Working runs keep their engine (and its connection) until they stop; switching between
    // the sandbox and the service is refused meanwhile (see the settings handler). A new key
    // needs no new engine: the client reads the key on every request.
    if (current && hasActiveRuns()) return current;
    await current?.engine.close();
    const engine = createRunEngine({
      store: deps.store,
      client: connection.client,
      now: deps.now,
      plan: () => deps.settings.get().plan,
      onProgress: (progress: RunProgressView) => deps.events.emit('run.progress', progress),
      onJob: (event) => deps.events.emit('run.job', event),
      onKeyRevoked: (message) => {
        void deps.keys.reportRevoked();
        deps.events.emit('key.revoked', { message });
      },
      onStorageBlocked: ({ kind, path, message, heldAnswers, neededBytes }) =>
        deps.events.emit('storage.blocked', { kind, path, message, heldAnswers, neededBytes }),
      onStorageCleared: (info) => deps.events.emit('storage.cleared', info),
      ...(deps.pollIntervalMs ? { pollIntervalMs: deps.pollIntervalMs } : {}),
    });
    current = { connection, engine };
    return current;
  }

  function hasActiveRuns(): boolean {
    if (!current) return false;
    for (const runId of tracked) {
      const status = current.engine.progress(runId)?.status;
      if (status && WORKING.has(status)) return true;
      if (!status) tracked.delete(runId);
    }
    return false;
  }

  return {
    async engine() {
      return (await engineFor()).engine;
    },
    async connection() {
      return (await engineFor()).connection;
    },
    async start(spec, options = {}) {
      const { engine, connection } = await engineFor();
      const started = await engine.start(spec, {
        keyLabel: connection.keyLabel,
        sandbox: connection.sandbox,
        baseUrl: connection.baseUrl,
        monitorId: options.monitorId ?? null,
      });
      tracked.add(started.runId);
      return started;
    },
    hasActiveRuns,
    track: (runId) => void tracked.add(runId),
    async resumeOnOpen() {
      const { engine } = await engineFor();
      const resumed = await engine.resumeOnOpen();
      for (const runId of resumed) tracked.add(runId);
      return resumed;
    },
    async pauseActiveRunsForShutdown(options = {}) {
      if (!current) return [];
      return current.engine.pauseAll({ graceMs: options.graceMs ?? SHUTDOWN_GRACE_MS });
    },
    async close() {
      await current?.engine.close();
      current = null;
    },
  };
}
