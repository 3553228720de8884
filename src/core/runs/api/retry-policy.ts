// The spec's "Retry rules" as one pure function, so the whole policy is one table to read
// and to test.
//
// 1. A 429 is always retried (nothing ran or was charged), with backoff and full jitter.
// 2. 5xx, timeouts and connection errors are retried for GET and DELETE, and for task creation
//    only when every task carries an idempotencyKey (a repeat then answers 409, never a twin).
// 3. Synchronous monitor calls are retried only when the request never reached the server
//    (connection refused, DNS failure): a 500/502, a timeout or a dropped connection is final,
//    because the call may have run and been charged, and the server has already retried.
// 4. Every other 4xx fails the same way again: never retried. So do aborts by the caller.
//
// The redirect resolver (POST /v1/monitor/search/goto) is a POST but charges nothing, holds no
// slot and creates nothing, so repeating it is harmless: it follows rule 2 like a GET, except
// for 502 EXTERNAL_SERVICE_ERROR, which the spec defines as "the engine failed in a way
// retrying would not fix" (for goto: the link did not answer with a redirect).

export type CallKind = 'get' | 'delete' | 'task-create' | 'sync-monitor' | 'goto';

export type AttemptOutcome =
  | { kind: 'http'; status: number }
  | { kind: 'timeout' }
  | { kind: 'network'; reachedServer: boolean }
  | { kind: 'aborted' };

export interface BackoffOptions {
  /** First ceiling of the full-jitter window, in ms. */
  baseMs: number;
  /** The window never grows past this, in ms. */
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, capMs: 8_000 };
export const DEFAULT_MAX_RETRIES = 2;

export interface RetryInput {
  call: CallKind;
  outcome: AttemptOutcome;
  /** How many attempts have been made so far, including the one that just failed (1-based). */
  attempt: number;
  maxRetries: number;
  /** Task creation only: whether every task of the request carries an idempotencyKey. */
  allTasksHaveIdempotencyKey?: boolean;
  /** Uniform [0, 1); injected so the jitter is reproducible in tests. */
  random?: () => number;
  backoff?: BackoffOptions;
}

export interface RetryDecision {
  retry: boolean;
  /** Wait before the next attempt (only when retry is true). */
  delayMs?: number;
  reason: string;
}

/** Full jitter: uniform in [0, min(cap, base·2^(attempt-1))]. */
export function backoffDelay(
  attempt: number,
  random: () => number,
  backoff: BackoffOptions = DEFAULT_BACKOFF,
): number {
  const ceiling = Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

function transientFailureRetryable(input: RetryInput): { retry: boolean; reason: string } {
  switch (input.call) {
    case 'get':
    case 'delete':
      return { retry: true, reason: 'GET and DELETE are safe to repeat' };
    case 'goto':
      return { retry: true, reason: 'the redirect resolver charges nothing and creates nothing' };
    case 'task-create':
      return input.allTasksHaveIdempotencyKey
        ? { retry: true, reason: 'every task has an idempotencyKey, so a repeat cannot create a twin' }
        : { retry: false, reason: 'a task without idempotencyKey could be created twice' };
    case 'sync-monitor':
      return { retry: false, reason: 'a synchronous call may have run and been charged' };
  }
}

export function decideRetry(input: RetryInput): RetryDecision {
  const { outcome, attempt, maxRetries } = input;
  const verdict = classify(input, outcome);
  if (!verdict.retry) return verdict;
  if (attempt > maxRetries)
    return { retry: false, reason: `gave up after ${attempt} attempts (${verdict.reason})` };
  return {
    retry: true,
    delayMs: backoffDelay(attempt, input.random ?? Math.random, input.backoff),
    reason: verdict.reason,
  };
}

function classify(input: RetryInput, outcome: AttemptOutcome): { retry: boolean; reason: string } {
  switch (outcome.kind) {
    case 'aborted':
      return { retry: false, reason: 'canceled by the caller' };
    case 'timeout':
      if (input.call === 'sync-monitor')
        return { retry: false, reason: 'a timed-out synchronous call may still be running' };
      return transientFailureRetryable(input);
    case 'network':
      if (!outcome.reachedServer) return { retry: true, reason: 'the request never reached the server' };
      if (input.call === 'sync-monitor') {
        return {
          retry: false,
          reason: 'the connection dropped after the synchronous call reached the server',
        };
      }
      return transientFailureRetryable(input);
    case 'http': {
      const { status } = outcome;
      if (status === 429) return { retry: true, reason: 'a 429 ran nothing and charged nothing' };
      if (status >= 500) {
        if (input.call === 'sync-monitor')
          return {
            retry: false,
            reason: `a ${status} from a synchronous call is final (the server already retried)`,
          };
        if (input.call === 'goto' && status === 502)
          return { retry: false, reason: 'a 502 from the redirect resolver is final' };
        return transientFailureRetryable(input);
      }
      return { retry: false, reason: `a ${status} fails the same way again` };
    }
  }
}
