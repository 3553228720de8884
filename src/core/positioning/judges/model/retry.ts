import { setTimeout as sleep } from 'node:timers/promises';
import { ModelCallError } from './caller';

// Bounded exponential backoff with full jitter (AWS's "exponential backoff and jitter"),
// honouring a provider's Retry-After when it names a longer wait (up to a cap, so a provider
// asking for an hour does not hold the re-score: the answer is marked not scored instead).

export interface RetryPolicy {
  /** Tries per answer, the first included. */
  attempts: number;
  baseMs: number;
  capMs: number;
  /** The longest Retry-After honoured; longer ones give up on the answer. */
  maxRetryAfterMs: number;
  random: () => number;
  sleep: (ms: number) => Promise<unknown>;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 4,
  baseMs: 500,
  capMs: 8_000,
  maxRetryAfterMs: 60_000,
  random: Math.random,
  sleep: (ms) => sleep(ms),
};

/** The wait before try `attempt + 1` (attempt counts from 1), or null to give up. */
export function backoffMs(policy: RetryPolicy, attempt: number, error: unknown): number | null {
  if (attempt >= policy.attempts) return null;
  const jitter = policy.random() * Math.min(policy.capMs, policy.baseMs * 2 ** (attempt - 1));
  const asked = error instanceof ModelCallError ? error.retryAfterMs : null;
  if (asked === null) return jitter;
  return asked > policy.maxRetryAfterMs ? null : Math.max(asked, jitter);
}
