import { isApiError } from '../api';
import type { JobPatch } from '../../history';

// What a failed call means for its job. The spec's retry rules decide what the client
// already retried; this decides what the run does next with the job.

export type JobErrorAction =
  /** Nothing ran and nothing was charged (429, a request that never reached the service): try it again later. */
  | { action: 'requeue'; patch: JobPatch; concurrencyLimit: number | null }
  /** The key is missing, malformed or revoked: pause the run, keep the job to run later. */
  | { action: 'key-revoked'; patch: JobPatch; message: string }
  /** The call may have run and been charged (dropped connection, timeout): re-run only when the user asks. */
  | { action: 'interrupted'; patch: JobPatch }
  /** Final: stored with code, message and request id. */
  | { action: 'failed'; patch: JobPatch; outOfCredits: boolean };

function limitFrom(details: unknown): number | null {
  if (typeof details !== 'object' || details === null) return null;
  const limit = (details as Record<string, unknown>).limit;
  return typeof limit === 'number' && Number.isFinite(limit) && limit > 0 ? limit : null;
}

export function classifyJobError(err: unknown, now: number): JobErrorAction {
  if (!isApiError(err)) {
    const message = err instanceof Error ? err.message : String(err);
    return {
      action: 'failed',
      outOfCredits: false,
      patch: { jobState: 'failed', error: { code: 'CLIENT_ERROR', message }, finishedAt: now },
    };
  }
  const base: JobPatch = {
    requestId: err.requestId ?? err.meta?.requestId ?? null,
    httpStatus: err.status ?? null,
  };
  // A call the service answered and charged (X-Credits-Charged) keeps its charge even when its
  // body could not be read (a malformed answer), so the history's credits match the bill.
  const charged = err.meta?.credits?.charged;
  if (charged !== undefined && charged > 0) base.creditsCharged = charged;
  const error = {
    code: err.code ?? (err.kind === 'http' ? null : err.kind.toUpperCase().replace(/-/g, '_')),
    message: err.message,
    details: err.fieldErrors ?? err.details,
  };
  if (err.status === 401 || err.kind === 'invalid-key-format') {
    return { action: 'key-revoked', message: err.message, patch: { ...base, jobState: 'pending', error } };
  }
  if (err.status === 429 || (err.kind === 'network' && !err.reachedServer)) {
    return {
      action: 'requeue',
      concurrencyLimit:
        err.code === 'CONCURRENT_LIMIT_EXCEEDED' || err.code === 'CONCURRENCY_LIMIT_EXCEEDED'
          ? limitFrom(err.details)
          : null,
      patch: { ...base, jobState: 'pending', error },
    };
  }
  if (err.kind === 'timeout' || err.kind === 'aborted' || (err.kind === 'network' && err.reachedServer)) {
    return {
      action: 'interrupted',
      patch: {
        ...base,
        jobState: 'interrupted',
        finishedAt: now,
        error: {
          code: error.code,
          message: `${err.message} — interrupted (may have been charged); re-run it only if you want a new answer`,
          details: error.details,
        },
      },
    };
  }
  return {
    action: 'failed',
    outOfCredits: err.code === 'INSUFFICIENT_CREDITS',
    patch: { ...base, jobState: 'failed', finishedAt: now, error },
  };
}
