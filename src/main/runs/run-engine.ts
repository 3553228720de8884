import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { PLAN_SLOTS, type PlanName } from '../../shared/api/engines';
import type { JobState, RunSpec, RunStatus } from '../../shared/domain/run-spec';
import type { RunEstimateView, RunProgressView } from '../../shared/ipc/channels/runs';
import type { ApiClient } from '../api/client';
import type { ResponseMeta } from '../api/meta';
import type { RunOwner, NewJob, RunRecord } from '../store';
import type { ActiveRun, DriverContext, RunEngineStore } from './active-run';
import { driveAsync } from './async-driver';
import { createCreditSessions } from './credit-reconciliation';
import { estimateRun, costOf } from './estimate';
import { idempotencyKeyFor } from './idempotency';
import { createIngestBatcher } from './ingest-batcher';
import { createTransitionBatcher } from './transition-batcher';
import { cellTemplates, planJobs, buildEngineRequest } from './job-plan';
import { createProgressTracker } from './progress';
import { defaultOwnerProbe, heldByAnotherProcess, HEARTBEAT_MS, type OwnerProbe } from './run-owner';
import { createSlotGate } from './slot-gate';
import { driveSync } from './sync-driver';

// The run engine: turns a run spec into durable jobs and drives them through the API client
// into the history store. The app's IPC handlers and the CLI call the same object.

export interface JobEvent {
  runId: string;
  jobId: string;
  state: JobState;
  resultId: string | null;
  errorCode: string | null;
}

export interface RunEngineDeps {
  store: RunEngineStore;
  client: ApiClient;
  now: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The plan from settings; corrected from X-Concurrent-Limit and CONCURRENT_LIMIT_EXCEEDED details.limit. */
  plan: () => PlanName;
  /** Throttled to a few per second per run. */
  onProgress?: (p: RunProgressView) => void;
  onJob?: (e: JobEvent) => void;
  /** 401 from the service: every active run is paused, nothing is lost. */
  onKeyRevoked?: (message: string) => void;
  pollIntervalMs?: { min: number; max: number };
  /** Minimum time between two progress events of one run (default 200 ms). */
  progressIntervalMs?: number;
  /** This process and how to tell whether another one is alive (default: the real ones). */
  ownerProbe?: OwnerProbe;
}

export interface RunStartMeta {
  keyLabel: string | null;
  sandbox: boolean;
  baseUrl: string;
  monitorId?: string | null;
}

export interface RunEngine {
  estimate(spec: RunSpec): Promise<RunEstimateView>;
  start(spec: RunSpec, meta: RunStartMeta): Promise<{ runId: string }>;
  /** Resolves when the run's driver stops: the run ended, or it was paused (key revoked, out of credits, user). */
  wait(runId: string): Promise<RunProgressView>;
  pause(runId: string): Promise<RunProgressView>;
  resume(runId: string): Promise<RunProgressView>;
  cancel(runId: string, options: { clearQueue: boolean }): Promise<RunProgressView>;
  rerunInterrupted(runId: string): Promise<RunProgressView>;
  progress(runId: string): RunProgressView | null;
  /** After a crash or kill: resumes unfinished runs; returns the ids of the runs it resumed. */
  resumeOnOpen(): Promise<string[]>;
  /**
   * A clean stop (first Ctrl-C, quitting the app): nothing new is sent, synchronous calls in
   * flight may finish for up to graceMs (they are charged anyway) and are stored, async tasks
   * stay with the service. Calls still in flight after graceMs are aborted and marked
   * interrupted. Resolves with the progress of every run it paused.
   */
  pauseAll(options: { graceMs: number }): Promise<RunProgressView[]>;
  /**
   * An immediate stop (second Ctrl-C), synchronous so the process can exit right after:
   * results already received are committed, synchronous calls in flight are marked
   * interrupted, every driven run is marked paused and released. Returns what it stopped.
   */
  abortAll(): Array<{ runId: string; interrupted: number }>;
  /** The live process (not this one) driving the run, or null. */
  heldElsewhere(runId: string): RunOwner | null;
  /** The concurrency slots the engine keeps to (for the UI). */
  slots(): { limit: number; inUse: number; external: number };
  close(): Promise<void>;
}

/** Another live process drives the run: resuming, pausing or canceling it here would race it. */
export class RunHeldError extends Error {
  override readonly name = 'RunHeldError';
  constructor(
    readonly runId: string,
    readonly owner: RunOwner,
  ) {
    super(
      `Run ${runId} is being driven by another process (pid ${owner.pid} on ${owner.host}); stop that process first.`,
    );
  }
}

/** The run would be refused (balance, budget, invalid fields): the message names the numbers. */
export class RunRefusedError extends Error {
  override readonly name = 'RunRefusedError';
  constructor(
    message: string,
    readonly estimate: RunEstimateView,
  ) {
    super(message);
  }
}

export const CLEAR_QUEUE_NOTICE =
  'Clearing the queue (DELETE /v1/async/queue) removes every queued task of the whole organization (every run, tool and colleague using the account), not only the tasks of this run.';

const defaultSleep = async (ms: number, signal?: AbortSignal): Promise<void> => {
  await delay(ms, undefined, signal ? { signal } : undefined);
};

interface Entry {
  run: ActiveRun;
  driving: Promise<void> | null;
  mode: 'sync' | 'async';
  keyRevokedNotified: boolean;
}

const FINISHED: ReadonlySet<RunStatus> = new Set(['completed', 'failed', 'canceled', 'interrupted']);

export function createRunEngine(deps: RunEngineDeps): RunEngine {
  const { store, client, now } = deps;
  const sleep = deps.sleep ?? defaultSleep;
  const gate = createSlotGate(PLAN_SLOTS[deps.plan()] ?? 1);
  const batcher = createIngestBatcher((items) => store.ingestResults(items));
  const transitions = createTransitionBatcher((changes) => store.transitionJobs(changes));
  const entries = new Map<string, Entry>();
  const creditSessions = createCreditSessions(store, client);
  const probe = deps.ownerProbe ?? defaultOwnerProbe(now);
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let closing = false;
  let lastRateRemaining: number | null = null;
  let lastCreditsRemaining: number | null = null;
  let externalCheckedAt = -Infinity;
  let externalTimer: ReturnType<typeof setInterval> | null = null;

  const learnMeta = (meta: ResponseMeta | undefined): void => {
    if (!meta) return;
    if (meta.concurrency?.limit !== undefined) gate.setLimit(meta.concurrency.limit);
    if (meta.rateLimit?.remaining !== undefined) lastRateRemaining = meta.rateLimit.remaining;
    if (meta.credits?.remaining !== undefined) {
      lastCreditsRemaining = meta.credits.remaining;
      creditSessions.noteRemaining(meta.credits.remaining);
    }
  };

  const refreshExternalSlots = async (): Promise<void> => {
    if (now() - externalCheckedAt < 1_000) return;
    externalCheckedAt = now();
    try {
      const res = await client.queueStatus();
      gate.setExternal(res.data.processingTasks);
    } catch {
      // Metrics unavailable: keep the last known figure.
    }
  };

  // While a synchronous run shares the account with processing async tasks, re-read the
  // queue metrics every few seconds so their slots stay counted as they start and finish.
  const watchExternal = (): void => {
    const syncDriving = [...entries.values()].some((e) => e.driving && e.mode === 'sync');
    const asyncActive = [...entries.values()].some((e) => e.driving && e.mode === 'async');
    const needed = syncDriving && (asyncActive || gate.external > 0);
    if (needed && !externalTimer) {
      externalTimer = setInterval(() => void refreshExternalSlots(), 3_000);
      externalTimer.unref?.();
    } else if (!needed && externalTimer) {
      clearInterval(externalTimer);
      externalTimer = null;
    }
  };

  const refreshTracker = (run: ActiveRun): void => {
    run.tracker.setSlots(gate.inUse, gate.limit);
    run.tracker.setRateLimitRemaining(lastRateRemaining);
    run.tracker.setCreditsRemaining(lastCreditsRemaining);
  };

  const pauseRun = (run: ActiveRun, status: RunStatus = 'paused'): void => {
    if (run.control === 'run') run.control = 'pause';
    run.wake.abort();
    if (!closing) {
      store.updateRun(run.runId, { status });
      run.tracker.setStatus(status);
    }
  };

  const ctx: DriverContext = {
    store,
    client,
    now,
    sleep,
    gate,
    batcher,
    transitions,
    pollIntervalMs: deps.pollIntervalMs ?? { min: 500, max: 5_000 },
    learnMeta,
    refreshExternalSlots,
    jobMoved(run, jobId, from, to, extra) {
      run.tracker.move(from, to);
      if (to === 'failed' || to === 'interrupted') {
        run.tracker.addError({
          jobId,
          code: extra?.errorCode ?? null,
          message: extra?.message ?? to,
          requestId: extra?.requestId ?? null,
        });
      }
      refreshTracker(run);
      deps.onJob?.({
        runId: run.runId,
        jobId,
        state: to,
        resultId: extra?.resultId ?? null,
        errorCode: extra?.errorCode ?? null,
      });
    },
    keyRevoked(run, message) {
      // The key is the account's: every run using it stops, and the user is asked once.
      const notice = `The service refused the API key (${message}). The run is paused; set a new key and resume it.`;
      for (const e of entries.values()) {
        if (e.run.control !== 'run') continue;
        e.run.tracker.addNotice(notice);
        pauseRun(e.run);
      }
      const entry = entries.get(run.runId);
      if (entry && !entry.keyRevokedNotified) {
        entry.keyRevokedNotified = true;
        deps.onKeyRevoked?.(message);
      }
    },
    outOfCredits(run, message) {
      run.tracker.addNotice(
        `The balance no longer covers the next job (${message}). The run is paused; add credits and resume it.`,
      );
      pauseRun(run);
    },
  };

  function newActiveRun(record: RunRecord): ActiveRun {
    const totals = store.countJobs(record.id);
    const tracker = createProgressTracker({
      runId: record.id,
      total: totals.total,
      maxCredits: record.maxCredits,
      creditsSpent: totals.creditsCharged,
      status: record.status,
      now,
      emit: deps.onProgress,
      minIntervalMs: deps.progressIntervalMs,
    });
    tracker.setCounts(totals.counts);
    return {
      runId: record.id,
      spec: record.spec,
      tracker,
      control: 'run',
      clearQueue: false,
      wake: new AbortController(),
      hardStop: new AbortController(),
    };
  }

  function launch(record: RunRecord, control: ActiveRun['control'] = 'run'): Entry {
    const previous = entries.get(record.id);
    const run = newActiveRun(record);
    if (previous) {
      for (const n of previous.run.tracker.view().notices) run.tracker.addNotice(n);
      previous.run.tracker.dispose();
    }
    run.control = control;
    const entry: Entry = { run, driving: null, mode: record.mode, keyRevokedNotified: false };
    entries.set(record.id, entry);
    store.claimRun(record.id, probe.self);
    keepHeartbeat();
    entry.driving = drive(entry).finally(() => {
      entry.driving = null;
      release(record.id);
      watchExternal();
    });
    watchExternal();
    return entry;
  }

  // The claim's heartbeat, refreshed while this engine drives anything.
  function keepHeartbeat(): void {
    if (heartbeat) return;
    heartbeat = setInterval(() => {
      try {
        store.heartbeatRuns(probe.self);
      } catch {
        // A missed beat is retried at the next tick; a claim only goes stale after several.
      }
    }, HEARTBEAT_MS);
    heartbeat.unref?.();
  }

  function release(runId: string): void {
    try {
      store.releaseRun(runId, probe.self);
    } catch {
      // The store is closing: the claim is left, and goes stale with this process.
    }
    if (heartbeat && ![...entries.values()].some((e) => e.driving)) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  }

  function heldElsewhere(runId: string): RunOwner | null {
    const owner = store.runOwners([runId]).get(runId);
    return owner && heldByAnotherProcess(owner, probe) ? owner : null;
  }

  function assertNotHeld(runId: string): void {
    const owner = heldElsewhere(runId);
    if (owner) throw new RunHeldError(runId, owner);
  }

  /**
   * A run nobody drives (its process stopped): a synchronous call it had in flight may have
   * run and been charged, so it is never re-sent on its own. Async tasks keep their ids and
   * are polled again; a queued job without a task id is sent again under the same key.
   */
  function interruptOrphanedCalls(record: RunRecord): number {
    if (record.mode !== 'sync') return 0;
    let n = 0;
    for (const job of store.listJobs(record.id, { states: ['running', 'queued'] })) {
      store.transitionJob(job.id, {
        jobState: 'interrupted',
        expect: [job.jobState],
        finishedAt: now(),
        error: {
          code: 'INTERRUPTED',
          message:
            'Interrupted (may have been charged): Parallax stopped while this call was in flight. Re-run it only if you want a new answer.',
        },
      });
      n++;
    }
    return n;
  }

  function driving(): Entry[] {
    return [...entries.values()].filter((e) => e.driving);
  }

  async function drive(entry: Entry): Promise<void> {
    const { run } = entry;
    if (run.control === 'run') {
      store.updateRun(run.runId, { status: 'running' });
      run.tracker.setStatus('running');
    }
    let sessionId: number | null = null;
    try {
      // The balance before anything is sent (what a killed session left charged is worked out
      // from it when this session ends).
      sessionId = await creditSessions.begin(requireRun(run.runId));
      run.tracker.setCreditsUnreceived(requireRun(run.runId).creditsUnreceived);
      if (entry.mode === 'sync') {
        if (run.control === 'run') await driveSync(ctx, run);
      } else {
        await driveAsync(ctx, run);
      }
    } catch (err) {
      run.tracker.addNotice(
        `The run stopped on an unexpected error: ${err instanceof Error ? err.message : String(err)}`,
      );
      if (!closing) pauseRun(run);
    }
    await batcher.drain();
    if (!closing) {
      finalize(run);
      // Calls abandoned past the grace period may still be charged: the next resume reconciles.
      await creditSessions.end(requireRun(run.runId), sessionId, { cut: run.hardStop.signal.aborted });
      run.tracker.setCreditsUnreceived(requireRun(run.runId).creditsUnreceived);
    }
    run.tracker.flush();
  }

  function finalize(run: ActiveRun): void {
    if (run.control === 'pause') return; // already marked paused
    if (run.control === 'cancel') {
      for (const job of store.listJobs(run.runId, { states: ['pending', 'queued'] })) {
        if (job.jobState === 'queued' && job.taskId !== null) continue;
        try {
          store.transitionJob(job.id, { jobState: 'canceled', expect: [job.jobState], finishedAt: now() });
          run.tracker.move(job.jobState, 'canceled');
        } catch {
          // moved meanwhile
        }
      }
    }
    const totals = store.countJobs(run.runId);
    run.tracker.setCounts(totals.counts);
    const unfinished = totals.counts.pending + totals.counts.queued + totals.counts.running;
    let status: RunStatus;
    if (run.control === 'cancel') status = 'canceled';
    else if (unfinished > 0) status = 'paused';
    else if (totals.counts.succeeded === 0 && totals.total > 0) status = 'failed';
    else status = 'completed';
    const errorsByCode: Record<string, number> = {};
    for (const job of store.listJobs(run.runId, { states: ['failed', 'interrupted'] })) {
      const code = job.errorCode ?? job.jobState;
      errorsByCode[code] = (errorsByCode[code] ?? 0) + 1;
    }
    store.updateRun(run.runId, {
      status,
      summary: {
        total: totals.total,
        counts: totals.counts,
        creditsCharged: totals.creditsCharged,
        errorsByCode,
        finishedAt: now(),
      },
    });
    run.tracker.setStatus(status);
  }

  function progressFromStore(runId: string): RunProgressView | null {
    const record = store.getRun(runId);
    if (!record) return null;
    const totals = store.countJobs(runId);
    const entry = entries.get(runId);
    return {
      runId,
      status: record.status,
      total: totals.total,
      counts: totals.counts,
      creditsSpent: totals.creditsCharged,
      creditsUnreceived: record.creditsUnreceived,
      maxCredits: record.maxCredits,
      etaMs: null,
      slotsInUse: gate.inUse,
      slotLimit: gate.limit,
      rateLimitRemaining: lastRateRemaining,
      creditsRemaining: lastCreditsRemaining,
      recentErrors: entry ? entry.run.tracker.view().recentErrors : [],
      notices: entry ? entry.run.tracker.view().notices : [],
    };
  }

  const requireRun = (runId: string): RunRecord => {
    const record = store.getRun(runId);
    if (!record) throw new Error(`No run with id ${runId}`);
    return record;
  };

  const current = (runId: string): RunProgressView => progressFromStore(runId) as RunProgressView;

  return {
    estimate: (spec) => estimateRun(spec, client),

    async start(spec, meta) {
      if (closing) throw new Error('The run engine is closing');
      const estimate = await estimateRun(spec, client);
      if (estimate.blockers.length > 0) throw new RunRefusedError(estimate.blockers.join(' '), estimate);
      const runId = randomUUID();
      const templates = cellTemplates(spec, costOf(client));
      const jobs: NewJob[] = planJobs(spec, templates).map((j) => {
        const id = randomUUID();
        return {
          id,
          promptIndex: j.promptIndex,
          engine: j.engine,
          country: j.country,
          state: j.state,
          repeat: j.repeat,
          request: buildEngineRequest(
            j.engine,
            j.prompt,
            { country: j.country, state: j.state },
            spec.engineOptions[j.engine] ?? {},
          ),
          idempotencyKey: spec.mode === 'async' ? idempotencyKeyFor(runId, id) : null,
        };
      });
      // Run and jobs in one transaction, committed before the first request is sent.
      const { run } = store.createRun({
        id: runId,
        spec,
        keyLabel: meta.keyLabel,
        baseUrl: meta.baseUrl,
        sandbox: meta.sandbox,
        costEstimate: estimate.maxCredits,
        status: 'running',
        monitorId: meta.monitorId ?? null,
        jobs,
      });
      launch(run);
      return { runId };
    },

    async wait(runId) {
      for (;;) {
        const entry = entries.get(runId);
        if (!entry?.driving) break;
        await entry.driving;
      }
      return current(runId);
    },

    async pause(runId) {
      const entry = entries.get(runId);
      const record = requireRun(runId);
      if (entry?.driving) pauseRun(entry.run);
      else if (!FINISHED.has(record.status)) {
        assertNotHeld(runId);
        store.updateRun(runId, { status: 'paused' });
      }
      return current(runId);
    },

    async resume(runId) {
      const record = requireRun(runId);
      if (FINISHED.has(record.status) && record.status !== 'interrupted') return current(runId);
      const entry = entries.get(runId);
      if (entry?.driving) {
        if (entry.run.control === 'run') return current(runId);
        await entry.driving;
      } else {
        assertNotHeld(runId);
        interruptOrphanedCalls(record);
      }
      launch(requireRun(runId));
      return current(runId);
    },

    async cancel(runId, { clearQueue }) {
      const record = requireRun(runId);
      if (FINISHED.has(record.status)) return current(runId);
      let entry = entries.get(runId);
      if (!entry?.driving) assertNotHeld(runId);
      if (entry?.driving) {
        entry.run.control = 'cancel';
        entry.run.clearQueue = clearQueue;
        entry.run.wake.abort();
      } else {
        entry = launch(record, 'cancel');
      }
      store.updateRun(runId, { status: 'canceling' });
      entry.run.tracker.setStatus('canceling');
      if (record.mode === 'async') {
        entry.run.tracker.addNotice(CLEAR_QUEUE_NOTICE);
        if (clearQueue) {
          try {
            const res = await client.clearQueue();
            entry.run.tracker.addNotice(
              `The organization's queue was cleared: ${res.data.cleared} queued task(s) removed.`,
            );
          } catch (err) {
            entry.run.tracker.addNotice(
              `Clearing the queue failed (${err instanceof Error ? err.message : String(err)}); tasks already queued will still run and be charged.`,
            );
          }
        } else {
          entry.run.tracker.addNotice(
            'Tasks already submitted stay in the service queue and will run and be charged; Parallax keeps collecting their results.',
          );
        }
      }
      return current(runId);
    },

    async rerunInterrupted(runId) {
      const record = requireRun(runId);
      const entry = entries.get(runId);
      if (entry?.driving) await entry.driving;
      else {
        assertNotHeld(runId);
        interruptOrphanedCalls(record);
      }
      for (const job of store.listJobs(runId, { states: ['interrupted'] })) {
        store.transitionJob(job.id, {
          jobState: 'pending',
          expect: ['interrupted'],
          error: null,
          finishedAt: null,
          // Async: a fresh key, since the interrupted one may still name the old task.
          ...(job.taskId
            ? { taskId: null, idempotencyKey: `${job.idempotencyKey ?? job.id}:rerun${job.attempts}` }
            : {}),
        });
      }
      launch(requireRun(runId));
      return current(runId);
    },

    progress(runId) {
      const entry = entries.get(runId);
      if (entry) {
        refreshTracker(entry.run);
        return entry.run.tracker.view();
      }
      return progressFromStore(runId);
    },

    async resumeOnOpen() {
      const resumed: string[] = [];
      for (const record of store.listUnfinishedRuns()) {
        if (entries.get(record.id)?.driving) continue;
        // Another process (the CLI, a second window) is driving it: not ours to recover.
        if (heldElsewhere(record.id)) continue;
        interruptOrphanedCalls(record);
        if (record.status === 'paused') continue;
        launch(record, record.status === 'canceling' ? 'cancel' : 'run');
        resumed.push(record.id);
      }
      return resumed;
    },

    async pauseAll({ graceMs }) {
      const stopping = driving();
      for (const e of stopping) pauseRun(e.run);
      const settled = Promise.allSettled(stopping.map((e) => e.driving));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const graceOver = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), graceMs);
      });
      const outcome = await Promise.race([settled.then(() => 'done' as const), graceOver]);
      clearTimeout(timer);
      if (outcome === 'late') {
        // Past the grace period: what is still in flight is aborted and marked interrupted.
        for (const e of stopping) e.run.hardStop.abort();
        await settled;
      }
      await batcher.drain();
      return stopping.map((e) => current(e.run.runId));
    },

    abortAll() {
      const stopping = driving();
      for (const e of stopping) {
        e.run.control = 'pause';
        e.run.wake.abort();
        e.run.hardStop.abort();
      }
      // Answers already received are kept; what is still on the wire may have been charged.
      batcher.flushNow();
      const stopped = stopping.map((e) => {
        const record = requireRun(e.run.runId);
        const interrupted = interruptOrphanedCalls(record);
        store.cutRunSessions(e.run.runId);
        store.updateRun(e.run.runId, { status: 'paused' });
        release(e.run.runId);
        return { runId: e.run.runId, interrupted };
      });
      // The drivers still wind down in the background until the process exits: nothing they
      // do may change the history any more.
      closing = true;
      return stopped;
    },

    heldElsewhere,

    slots: () => ({ limit: gate.limit, inUse: gate.inUse, external: gate.external }),

    async close() {
      closing = true;
      for (const e of entries.values()) {
        if (!e.driving) continue;
        e.run.control = 'pause';
        e.run.wake.abort();
        e.run.hardStop.abort();
      }
      await Promise.allSettled([...entries.values()].map((e) => e.driving));
      await batcher.drain();
      for (const e of entries.values()) e.run.tracker.dispose();
      if (externalTimer) clearInterval(externalTimer);
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
    },
  };
}
