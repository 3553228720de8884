import { MAX_BATCH_SIZE, type MonitorRequest } from '../../../shared/api/requests';
import { normalizeResult } from '../../../shared/api/normalize';
import { taskFailureOf, taskResultOf, type BatchItem, type TaskRecord } from '../../../shared/api/responses';
import { type TaskInput, isApiError } from '../api';
import type { JobRecord } from '../../history';
import { nap, type ActiveRun, type DriverContext } from './active-run';
import { idempotencyKeyFor } from './idempotency';
import { writeWhenPossible } from './engine-storage';
import { HeldAnswersReleased } from './ingest-batcher';
import { classifyJobError } from './job-errors';
import { requestForJob } from './job-plan';

// Async mode: jobs are submitted as tasks in batches of up to 500, each with an idempotency
// key derived from run and job ids, then polled by their stored task ids with a backoff that
// resets whenever something moves. A job is committed as 'queued' before its batch is sent
// and gets its task id committed as soon as the batch answers; a job that is 'queued'
// without a task id (the process stopped in between) is sent again with the same key.

const POLL_CONCURRENCY = 16;
const MAX_SUBMIT_ROUNDS = 8;

export async function driveAsync(ctx: DriverContext, run: ActiveRun): Promise<void> {
  await submitAll(ctx, run);
  await pollUntilDone(ctx, run);
  await ctx.batcher.drain();
}

function unsent(ctx: DriverContext, run: ActiveRun): JobRecord[] {
  return ctx.store.listJobs(run.runId, { states: ['pending', 'queued'] }).filter((j) => j.taskId === null);
}

/** Waits while the history cannot be written (store-hold.ts); false once the run is paused. */
async function writable(ctx: DriverContext, run: ActiveRun): Promise<boolean> {
  try {
    await ctx.hold.whenClear(run.wake.signal);
    return true;
  } catch {
    return false;
  }
}

async function submitAll(ctx: DriverContext, run: ActiveRun): Promise<void> {
  for (let round = 1; run.control === 'run'; round++) {
    if (!(await writable(ctx, run))) return;
    const jobs = unsent(ctx, run);
    if (jobs.length === 0) return;
    let retryLater = false;
    for (let i = 0; i < jobs.length && run.control === 'run'; i += MAX_BATCH_SIZE) {
      // A batch whose jobs cannot be marked queued is not sent: tried again once it can be.
      const outcome = await writeWhenPossible(ctx.hold, run.wake.signal, () =>
        submitBatch(ctx, run, jobs.slice(i, i + MAX_BATCH_SIZE)),
      );
      if (outcome === 'stop' || outcome === null) return;
      if (outcome === 'retry') retryLater = true;
    }
    if (!retryLater) continue;
    if (round >= MAX_SUBMIT_ROUNDS) {
      // Gave up: what is still unsent fails with the last error stored on each job.
      for (const job of unsent(ctx, run)) {
        const done = ctx.store.transitionJob(job.id, { jobState: 'failed', finishedAt: ctx.now() });
        ctx.jobMoved(run, job.id, job.jobState, 'failed', {
          errorCode: done.errorCode,
          message: done.errorMessage ?? 'submission failed',
        });
      }
      return;
    }
    await nap(ctx, run, Math.min(30_000, 1_000 * 2 ** round));
  }
}

/** 'ok', 'retry' (nothing created for some jobs, try again later) or 'stop' (run paused). */
async function submitBatch(
  ctx: DriverContext,
  run: ActiveRun,
  jobs: JobRecord[],
): Promise<'ok' | 'retry' | 'stop'> {
  const spec = run.spec;
  // Durable first: every job of the batch is 'queued' with its key before anything is sent.
  const sendable: JobRecord[] = [];
  for (const job of jobs) {
    const key = job.idempotencyKey ?? idempotencyKeyFor(run.runId, job.id);
    if (job.jobState === 'pending') {
      try {
        sendable.push(
          ctx.store.transitionJob(job.id, {
            jobState: 'queued',
            expect: ['pending'],
            idempotencyKey: key,
            incrementAttempts: true,
            startedAt: ctx.now(),
          }),
        );
      } catch {
        continue;
      }
      ctx.jobMoved(run, job.id, 'pending', 'queued');
    } else {
      sendable.push(job.idempotencyKey ? job : ctx.store.transitionJob(job.id, { idempotencyKey: key }));
    }
  }
  if (sendable.length === 0) return 'ok';
  const tasks: TaskInput[] = sendable.map((job) => ({
    engine: job.engine,
    payload: (job.request ?? requestForJob(spec, job)) as MonitorRequest,
    priority: spec.priority,
    idempotencyKey: job.idempotencyKey as string,
    ...(spec.webhookUrl ? { webhook: { url: spec.webhookUrl } } : {}),
  }));
  let results: BatchItem[];
  try {
    const res = await ctx.client.createTasks(tasks, { signal: run.hardStop.signal });
    ctx.learnMeta(res.meta);
    results = res.data.results;
  } catch (err) {
    ctx.learnMeta(isApiError(err) ? err.meta : undefined);
    const verdict = classifyJobError(err, ctx.now());
    if (verdict.action === 'key-revoked') {
      ctx.keyRevoked(run, verdict.message);
      return 'stop';
    }
    // Nothing was created, or what was created answers "already exists" when sent again
    // with the same keys: keep the jobs queued without task ids and send them again.
    for (const job of sendable)
      ctx.store.transitionJob(job.id, {
        error: verdict.patch.error ?? null,
        requestId: verdict.patch.requestId ?? null,
        httpStatus: verdict.patch.httpStatus ?? null,
      });
    if (
      isApiError(err) &&
      err.status !== undefined &&
      err.status >= 400 &&
      err.status < 500 &&
      err.status !== 429
    ) {
      // A 4xx for the whole batch (422: not an array) fails the same way again.
      for (const job of sendable) {
        ctx.store.transitionJob(job.id, { ...verdict.patch, jobState: 'failed', finishedAt: ctx.now() });
        ctx.jobMoved(run, job.id, 'queued', 'failed', {
          errorCode: verdict.patch.error?.code ?? null,
          message: verdict.patch.error?.message ?? 'failed',
        });
      }
      return 'ok';
    }
    return 'retry';
  }
  for (let i = 0; i < sendable.length; i++) {
    const job = sendable[i] as JobRecord;
    const item = results.find((r) => r.index === i) ?? results[i];
    recordBatchItem(ctx, run, job, item);
  }
  return 'ok';
}

function existingTaskId(details: unknown): string | null {
  if (typeof details !== 'object' || details === null) return null;
  const d = details as Record<string, unknown>;
  for (const key of ['taskId', 'id', 'existingTaskId']) {
    if (typeof d[key] === 'string' && d[key]) return d[key] as string;
  }
  return null;
}

function recordBatchItem(
  ctx: DriverContext,
  run: ActiveRun,
  job: JobRecord,
  item: BatchItem | undefined,
): void {
  if (item?.success && item.task?.id) {
    ctx.store.transitionJob(job.id, { taskId: item.task.id, error: null });
    return;
  }
  const code = item?.error?.code ?? 'BATCH_ITEM_MISSING';
  const message = item?.error?.message ?? 'The batch answer has no entry for this task';
  if (code === 'RESOURCE_ALREADY_EXISTS') {
    // Sent before (the process stopped before it could store the id): same key, so no twin.
    const taskId = existingTaskId(item?.error?.details);
    if (taskId) {
      ctx.store.transitionJob(job.id, { taskId, error: null });
      return;
    }
  }
  const done = ctx.store.transitionJob(job.id, {
    jobState: 'failed',
    finishedAt: ctx.now(),
    error: {
      code,
      message:
        code === 'RESOURCE_ALREADY_EXISTS'
          ? `${message} (the task was created before Parallax stopped, and the service did not say its id)`
          : message,
      details: item?.error?.details,
    },
  });
  ctx.jobMoved(run, job.id, 'queued', 'failed', {
    errorCode: done.errorCode,
    message: done.errorMessage ?? message,
  });
  if (code === 'INSUFFICIENT_CREDITS') ctx.outOfCredits(run, message);
}

async function pollUntilDone(ctx: DriverContext, run: ActiveRun): Promise<void> {
  let interval = ctx.pollIntervalMs.min;
  while (run.control !== 'pause') {
    // The tasks' results stay with the service (24 h) while the history cannot take them.
    if (!(await writable(ctx, run))) return;
    const open = ctx.store
      .listJobs(run.runId, { states: ['queued', 'running'] })
      .filter((j) => j.taskId !== null);
    if (open.length === 0) return;
    let moved = false;
    let stop = false;
    let cursor = 0;
    const worker = async (): Promise<void> => {
      while (cursor < open.length && !stop && run.control !== 'pause') {
        const job = open[cursor++] as JobRecord;
        const r = await pollOne(ctx, run, job).catch((error: unknown) => {
          // Not stored now (held in the journal, or the history cannot be written): the
          // task's result is still with the service, it is collected again.
          if (error instanceof HeldAnswersReleased || ctx.hold.failed(error, { answers: 0, bytes: 0 }))
            return 'same' as const;
          throw error;
        });
        if (r === 'moved') moved = true;
        if (r === 'stop') stop = true;
      }
    };
    await Promise.all(Array.from({ length: Math.min(POLL_CONCURRENCY, open.length) }, worker));
    if (stop) return;
    interval = moved ? ctx.pollIntervalMs.min : Math.min(ctx.pollIntervalMs.max, Math.ceil(interval * 1.6));
    await nap(ctx, run, interval);
  }
}

async function pollOne(
  ctx: DriverContext,
  run: ActiveRun,
  job: JobRecord,
): Promise<'moved' | 'same' | 'stop'> {
  let record: TaskRecord;
  let meta;
  try {
    const res = await ctx.client.getTask(job.taskId as string, { signal: run.hardStop.signal });
    record = res.data;
    meta = res.meta;
    ctx.learnMeta(meta);
  } catch (err) {
    if (!isApiError(err)) return 'same';
    if (err.status === 401 || err.kind === 'invalid-key-format') {
      ctx.keyRevoked(run, err.message);
      return 'stop';
    }
    if (err.status === 404) {
      // Removed from the queue (DELETE /v1/async/queue) or expired after 24 h.
      const canceled = run.control === 'cancel';
      const done = ctx.store.transitionJob(job.id, {
        jobState: canceled ? 'canceled' : 'failed',
        finishedAt: ctx.now(),
        requestId: err.requestId ?? null,
        httpStatus: 404,
        error: canceled
          ? null
          : {
              code: err.code ?? 'RESOURCE_NOT_FOUND',
              message: `Task ${job.taskId} is gone from the service: ${err.message}`,
            },
      });
      ctx.jobMoved(run, job.id, job.jobState, done.jobState, {
        errorCode: done.errorCode,
        message: done.errorMessage ?? '',
      });
      return 'moved';
    }
    return 'same'; // transient: polled again next round
  }
  const status = record.task.status;
  if (status === 'QUEUED') return 'same';
  if (status === 'PROCESSING') {
    if (job.jobState === 'running') return 'same';
    ctx.store.transitionJob(job.id, { jobState: 'running', expect: ['queued'] });
    ctx.jobMoved(run, job.id, 'queued', 'running');
    return 'moved';
  }
  if (status === 'COMPLETED') {
    const result = taskResultOf(record);
    const charged = record.credits?.creditsCharged ?? null;
    const fetchedAt = ctx.now();
    if (result === null) {
      ctx.store.transitionJob(job.id, {
        jobState: 'failed',
        finishedAt: fetchedAt,
        creditsCharged: charged,
        error: { code: 'MALFORMED_RESPONSE', message: 'The completed task carries no result object' },
      });
      ctx.jobMoved(run, job.id, job.jobState, 'failed', {
        errorCode: 'MALFORMED_RESPONSE',
        message: 'no result',
      });
      return 'moved';
    }
    const outcome = await ctx.batcher.add({
      jobId: job.id,
      raw: record,
      normalized: normalizeResult(job.engine, result),
      fetchedAt,
      jobPatch: {
        jobState: 'succeeded',
        creditsCharged: charged,
        latencyMs: record.task.latencyMs ?? null,
        requestId: meta?.requestId ?? null,
        httpStatus: 200,
        finishedAt: fetchedAt,
        error: null,
      },
    });
    if (charged) run.tracker.addCredits(charged);
    ctx.jobMoved(run, job.id, job.jobState, 'succeeded', { resultId: outcome.resultId });
    return 'moved';
  }
  if (status === 'FAILED') {
    const failure = taskFailureOf(record);
    const done = ctx.store.transitionJob(job.id, {
      jobState: 'failed',
      finishedAt: ctx.now(),
      // A record without credits: unknown (estimated from the balance at the session's end).
      creditsCharged: record.credits?.creditsCharged ?? null,
      error: {
        code: failure?.code ?? 'TASK_FAILED',
        message: failure?.message ?? 'The task failed',
        details: failure?.details,
      },
    });
    ctx.jobMoved(run, job.id, job.jobState, 'failed', {
      errorCode: done.errorCode,
      message: done.errorMessage ?? '',
    });
    return 'moved';
  }
  return 'same';
}
