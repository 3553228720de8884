import type { MonitorRequest } from '../../../shared/api/requests';
import { normalizeResult } from '../../../shared/api/normalize';
import type { JobRecord } from '../../history';
import { nap, type ActiveRun, type DriverContext } from './active-run';
import { requestForJob } from './job-plan';
import { writeWhenPossible } from './engine-storage';
import { HeldAnswersReleased } from './ingest-batcher';
import { classifyJobError } from './job-errors';

// Synchronous mode: one monitor call per job, each holding a concurrency slot for its whole
// run. A call starts only with a slot from the gate, so the account's slots are never
// oversubscribed; each job is committed as 'running' before its request is sent (a wave's
// jobs in one transaction, see transition-batcher), and its result is committed before the
// job is reported done.

/** How often one job may go back to the queue after answers that ran nothing (429s). */
const MAX_REQUEUES = 20;
const REQUEUE_DELAY_MS = { min: 250, max: 4_000 };

export async function driveSync(ctx: DriverContext, run: ActiveRun): Promise<void> {
  const queue: JobRecord[] = ctx.store.listJobs(run.runId, { states: ['pending'] });
  const requeues = new Map<string, number>();
  const inflight = new Set<Promise<void>>();
  let next = 0;
  // One for the whole run, not one per job.
  const requeue: Requeue = {
    allowed(id) {
      const n = (requeues.get(id) ?? 0) + 1;
      requeues.set(id, n);
      return n <= MAX_REQUEUES;
    },
    push(retry) {
      queue.push(retry);
    },
  };
  await ctx.refreshExternalSlots();

  while (run.control === 'run' && (next < queue.length || inflight.size > 0)) {
    if (next >= queue.length) {
      // Wait for a call to finish: it may put its job back in the queue.
      await Promise.race(inflight);
      continue;
    }
    let release: () => void;
    try {
      // The history cannot be written: nothing new is sent until it can (store-hold.ts).
      await ctx.hold.whenClear(run.wake.signal);
      release = await ctx.gate.acquire(run.wake.signal);
    } catch {
      break; // paused or canceled while waiting for a slot
    }
    if (run.control !== 'run') {
      release();
      break;
    }
    const job = queue[next++] as JobRecord;
    const call: Promise<void> = runJob(ctx, run, job, release, requeue).finally(() => inflight.delete(call));
    inflight.add(call);
  }
  // Calls already sent are waited for (they may be charged); none is aborted on pause or cancel.
  await Promise.allSettled([...inflight]);
  await ctx.batcher.drain();
}

interface Requeue {
  allowed(jobId: string): boolean;
  push(job: JobRecord): void;
}

async function runJob(
  ctx: DriverContext,
  run: ActiveRun,
  job: JobRecord,
  release: () => void,
  requeue: Requeue,
): Promise<void> {
  let released = false;
  const free = (): void => {
    if (!released) {
      released = true;
      release();
    }
  };
  try {
    // Committed with the rest of its wave (one transaction) before the request is sent.
    const started = await ctx.transitions.commit({
      jobId: job.id,
      patch: {
        jobState: 'running',
        expect: ['pending'],
        incrementAttempts: true,
        startedAt: ctx.now(),
        error: null,
      },
    });
    if (!started.ok) {
      // Not written (the history cannot be, for now): not sent; queued again for when it can.
      if (ctx.hold.failed(started.error, { answers: 0, bytes: 0 })) requeue.push(job);
      // Else refused: the job changed meanwhile (canceled, or another driver took it).
      return;
    }
    if (run.control !== 'run') {
      // Paused or canceled while the wave was being committed: not sent, back in the queue.
      ctx.store.transitionJob(job.id, { jobState: 'pending', expect: ['running'], startedAt: null });
      return;
    }
    ctx.jobMoved(run, job.id, 'pending', 'running');
    const request = (job.request ?? requestForJob(run.spec, job)) as MonitorRequest;
    try {
      // X-Request-Id names the job and its attempt, so the service's logs (and the fault
      // soak) can tell one job's calls apart; the client appends .2, .3 to its own retries.
      const res = await ctx.client.monitor(job.engine, request, {
        signal: run.hardStop.signal,
        requestId: `${job.id}:${job.attempts + 1}`,
      });
      // The service has freed the slot once it answered: give ours back before storing.
      free();
      ctx.learnMeta(res.meta);
      const fetchedAt = ctx.now();
      const charged = res.meta.credits?.charged ?? null;
      const outcome = await ctx.batcher.add({
        jobId: job.id,
        // The body text as received: the raw JSON kept whole without serializing it again.
        raw: res.body ?? res.raw,
        parsed: res.raw,
        normalized: normalizeResult(job.engine, res.result),
        fetchedAt,
        jobPatch: {
          jobState: 'succeeded',
          expect: ['running'],
          requestId: res.meta.requestId ?? null,
          httpStatus: res.status,
          creditsCharged: charged,
          latencyMs: res.meta.latencyMs ?? null,
          finishedAt: fetchedAt,
          error: null,
        },
      });
      if (charged) run.tracker.addCredits(charged);
      ctx.jobMoved(run, job.id, 'running', 'succeeded', { resultId: outcome.resultId });
    } catch (err) {
      free();
      // Kept in the held-answers journal: the run stopped while the history could not take it.
      if (err instanceof HeldAnswersReleased) return;
      // The job's change waits for the history to be writable; given up if the run is paused
      // (the job stays 'running' and reads 'interrupted' when the run is resumed).
      await writeWhenPossible(ctx.hold, run.wake.signal, () => handleFailure(ctx, run, job, err, requeue));
    }
  } finally {
    free();
  }
}

async function handleFailure(
  ctx: DriverContext,
  run: ActiveRun,
  job: JobRecord,
  err: unknown,
  requeue: Requeue,
): Promise<void> {
  const verdict = classifyJobError(err, ctx.now());
  const meta = (err as { meta?: Parameters<DriverContext['learnMeta']>[0] }).meta;
  ctx.learnMeta(meta);
  const info = {
    errorCode: verdict.patch.error?.code ?? null,
    requestId: verdict.patch.requestId ?? null,
    message: verdict.patch.error?.message ?? 'failed',
  };
  switch (verdict.action) {
    case 'requeue': {
      if (verdict.concurrencyLimit !== null) ctx.gate.setLimit(verdict.concurrencyLimit);
      const back = ctx.store.transitionJob(job.id, { ...verdict.patch, expect: ['running'] });
      ctx.jobMoved(run, job.id, 'running', 'pending');
      if (!requeue.allowed(job.id)) {
        ctx.store.transitionJob(job.id, {
          jobState: 'failed',
          expect: ['pending'],
          finishedAt: ctx.now(),
          error: verdict.patch.error ?? null,
        });
        ctx.jobMoved(run, job.id, 'pending', 'failed', info);
        return;
      }
      const attempt = back.attempts;
      const wait = Math.min(REQUEUE_DELAY_MS.max, REQUEUE_DELAY_MS.min * 2 ** Math.min(attempt, 6));
      // Backs off inside this call, so the driver keeps waiting for it, then queues it again.
      await nap(ctx, run, Math.floor(wait * (0.5 + Math.random() / 2)));
      requeue.push(back);
      return;
    }
    case 'key-revoked':
      ctx.store.transitionJob(job.id, { ...verdict.patch, expect: ['running'] });
      ctx.jobMoved(run, job.id, 'running', 'pending');
      ctx.keyRevoked(run, verdict.message);
      return;
    case 'interrupted':
      ctx.store.transitionJob(job.id, { ...verdict.patch, expect: ['running'] });
      ctx.jobMoved(run, job.id, 'running', 'interrupted', info);
      return;
    case 'failed':
      ctx.store.transitionJob(job.id, { ...verdict.patch, expect: ['running'] });
      ctx.jobMoved(run, job.id, 'running', 'failed', info);
      if (verdict.outOfCredits) ctx.outOfCredits(run, info.message);
      return;
  }
}
