import { setTimeout as delay } from 'node:timers/promises';
import { PLAN_SLOTS } from '../../../shared/api/engines';
import type { RunStatus } from '../../../shared/domain/run-spec';
import { applyCommerceOption } from '../../../shared/domain/commerce-option';
import type { RunProgressView } from '../../../shared/ipc/channels/runs';
import type { ResponseMeta } from '../api';
import { newRecordId, type RunRecord } from '../../history';
import type { ActiveRun, DriverContext } from './active-run';
import { driveAsync } from './async-driver';
import { createCreditSessions } from './credit-reconciliation';
import { estimateRun } from './estimate';
import { createExternalSlots } from './external-slots';
import { createEngineStorage } from './engine-storage';
import { createIngestBatcher } from './ingest-batcher';
import { createTransitionBatcher } from './transition-batcher';
import { createProgressTracker } from './progress';
import { createRunClaims } from './run-claims';
import { CLEAR_QUEUE_NOTICE, RunRefusedError, type RunEngine, type RunEngineDeps } from './run-engine-types';
import { finalizeRun, interruptOrphanedCalls as interruptOrphaned } from './run-finish';
import { newJobsFor } from './run-jobs';
import { defaultOwnerProbe } from './run-owner';
import { createSlotGate } from './slot-gate';
import { driveSync } from './sync-driver';

export {
  CLEAR_QUEUE_NOTICE,
  RunHeldError,
  RunRefusedError,
  type JobEvent,
  type RunEngine,
  type RunEngineDeps,
  type RunStartMeta,
} from './run-engine-types';

// The run engine: turns a run spec into durable jobs and drives them through the API client
// into the history store. The app's IPC handlers and the CLI call the same object.

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
  const transitions = createTransitionBatcher((changes) => store.transitionJobs(changes));
  const entries = new Map<string, Entry>();
  const creditSessions = createCreditSessions(store, client);
  const probe = deps.ownerProbe ?? defaultOwnerProbe(now);
  // Pause, hold, wait when the history cannot be written (engine-storage.ts).
  const storage = createEngineStorage({
    path: store.path ?? null,
    now,
    store,
    self: probe.self,
    onBlocked: deps.onStorageBlocked,
    onCleared: deps.onStorageCleared,
    notice: (text) => {
      for (const e of entries.values()) if (e.driving) e.run.tracker.addNotice(text);
    },
  });
  const batcher = createIngestBatcher((items) => store.ingestResults(items), 500, storage.ingestHold);
  storage.attach(batcher);
  const claims = createRunClaims(store, probe, () => driving().length > 0);
  const { heldElsewhere, assertNotHeld } = claims;
  const external = createExternalSlots(client, gate, now, () => driving().map((e) => e.mode));
  const interruptOrphanedCalls = (record: RunRecord): number => interruptOrphaned(store, now, record);
  let closing = false;
  let lastRateRemaining: number | null = null;
  let lastCreditsRemaining: number | null = null;

  const learnMeta = (meta: ResponseMeta | undefined): void => {
    if (!meta) return;
    if (meta.concurrency?.limit !== undefined) gate.setLimit(meta.concurrency.limit);
    if (meta.rateLimit?.remaining !== undefined) lastRateRemaining = meta.rateLimit.remaining;
    if (meta.credits?.remaining !== undefined) {
      lastCreditsRemaining = meta.credits.remaining;
      creditSessions.noteRemaining(meta.credits.remaining);
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
      storage.tolerant(() => store.updateRun(run.runId, { status }));
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
    hold: storage.hold,
    transitions,
    pollIntervalMs: deps.pollIntervalMs ?? { min: 500, max: 5_000 },
    learnMeta,
    refreshExternalSlots: external.refresh,
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
    claims.claim(record.id);
    entry.driving = drive(entry).finally(() => {
      entry.driving = null;
      claims.release(record.id);
      external.watch();
    });
    external.watch();
    return entry;
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
      // A history that cannot be written leaves the run as it is: a resume finishes it.
      storage.tolerant(() => finalizeRun(store, now, run));
      // Calls abandoned past the grace period may still be charged: the next resume reconciles.
      await storage.tolerantAsync(
        creditSessions.end(requireRun(run.runId), sessionId, { cut: run.hardStop.signal.aborted }),
      );
      run.tracker.setCreditsUnreceived(requireRun(run.runId).creditsUnreceived);
    }
    run.tracker.flush();
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

    async start(asked, meta) {
      if (closing) throw new Error('The run engine is closing');
      const estimate = await estimateRun(asked, client);
      // The option's flags written into the engines' options: the jobs' requests and the stored run carry them.
      const spec = applyCommerceOption(asked);
      if (estimate.blockers.length > 0) throw new RunRefusedError(estimate.blockers.join(' '), estimate);
      const runId = newRecordId();
      const jobs = newJobsFor(spec, runId, client);
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

    takeInHeldAnswers: () => storage.takeIn(),

    async resume(runId) {
      storage.takeIn();
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
      storage.takeIn();
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
      storage.takeIn();
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
      // Answers the history cannot take now go to the journal, so the calls holding them end.
      storage.stopping();
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
      storage.stopping();
      const stopped = stopping.map((e) => {
        const record = requireRun(e.run.runId);
        const interrupted = storage.tolerant(() => interruptOrphanedCalls(record)) ?? 0;
        storage.tolerant(() => store.cutRunSessions(e.run.runId));
        storage.tolerant(() => store.updateRun(e.run.runId, { status: 'paused' }));
        claims.release(e.run.runId);
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
      storage.stopping();
      for (const e of entries.values()) {
        if (!e.driving) continue;
        e.run.control = 'pause';
        e.run.wake.abort();
        e.run.hardStop.abort();
      }
      await Promise.allSettled([...entries.values()].map((e) => e.driving));
      await batcher.drain();
      for (const e of entries.values()) e.run.tracker.dispose();
      storage.close();
      external.stop();
      claims.stop();
    },
  };
}
