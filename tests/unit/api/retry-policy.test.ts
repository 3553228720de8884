import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  decideRetry,
  type AttemptOutcome,
  type CallKind,
} from '../../../src/core/runs/api/retry-policy';

// Every row of the spec's "Retry rules", per kind of call. `retry` is the verdict for the
// first failed attempt of a call with the default 2 retries.
const http = (status: number): AttemptOutcome => ({ kind: 'http', status });
const timeout: AttemptOutcome = { kind: 'timeout' };
const refused: AttemptOutcome = { kind: 'network', reachedServer: false };
const dropped: AttemptOutcome = { kind: 'network', reachedServer: true };
const aborted: AttemptOutcome = { kind: 'aborted' };

type Row = [rule: string, call: CallKind, outcome: AttemptOutcome, keys: boolean, retry: boolean];
const rows: Row[] = [
  // Rule 1: a 429 is always retried.
  ['1', 'get', http(429), false, true],
  ['1', 'delete', http(429), false, true],
  ['1', 'task-create', http(429), false, true],
  ['1', 'task-create', http(429), true, true],
  ['1', 'sync-monitor', http(429), false, true],
  ['1', 'goto', http(429), false, true],
  // Rule 2: 5xx, timeouts and connection errors for GET and DELETE…
  ...(['get', 'delete'] as const).flatMap((call): Row[] => [
    ['2', call, http(500), false, true],
    ['2', call, http(502), false, true],
    ['2', call, http(503), false, true],
    ['2', call, timeout, false, true],
    ['2', call, dropped, false, true],
    ['2', call, refused, false, true],
  ]),
  // …and for task creation only when every task has an idempotencyKey.
  ['2', 'task-create', http(500), true, true],
  ['2', 'task-create', http(502), true, true],
  ['2', 'task-create', timeout, true, true],
  ['2', 'task-create', dropped, true, true],
  ['2', 'task-create', http(500), false, false],
  ['2', 'task-create', http(502), false, false],
  ['2', 'task-create', timeout, false, false],
  ['2', 'task-create', dropped, false, false],
  ['2', 'task-create', refused, false, true], // never reached: nothing could be created
  // Rule 3: synchronous monitor calls only when the request never reached the server.
  ['3', 'sync-monitor', refused, false, true],
  ['3', 'sync-monitor', http(500), false, false],
  ['3', 'sync-monitor', http(502), false, false],
  ['3', 'sync-monitor', timeout, false, false],
  ['3', 'sync-monitor', dropped, false, false],
  // Goto (documented choice): like a GET, except 502 which the spec calls unfixable by retrying.
  ['2*', 'goto', http(500), false, true],
  ['2*', 'goto', timeout, false, true],
  ['2*', 'goto', dropped, false, true],
  ['2*', 'goto', refused, false, true],
  ['2*', 'goto', http(502), false, false],
  // Rule 4: other 4xx are never retried, nor is the caller's abort.
  ...(['get', 'delete', 'task-create', 'sync-monitor', 'goto'] as const).flatMap((call): Row[] =>
    [400, 401, 403, 404, 405, 409, 413, 415, 422, 499].map((s): Row => ['4', call, http(s), true, false]),
  ),
  ...(['get', 'delete', 'task-create', 'sync-monitor', 'goto'] as const).map((call): Row => [
    '4',
    call,
    aborted,
    true,
    false,
  ]),
];

describe('decideRetry: the spec rules, row by row', () => {
  it.each(rows)('rule %s: %s after %j (keys %s) → retry %s', (_rule, call, outcome, keys, retry) => {
    const decision = decideRetry({
      call,
      outcome,
      attempt: 1,
      maxRetries: 2,
      allTasksHaveIdempotencyKey: keys,
      random: () => 0.5,
    });
    expect(decision.retry).toBe(retry);
    expect(decision.reason.length).toBeGreaterThan(0);
    if (retry) expect(decision.delayMs).toBe(250);
    else expect(decision.delayMs).toBeUndefined();
  });

  it('stops after maxRetries retries (attempt counts the failed one)', () => {
    const at = (attempt: number, maxRetries = 2) =>
      decideRetry({ call: 'get', outcome: http(429), attempt, maxRetries, random: () => 0 }).retry;
    expect([at(1), at(2), at(3)]).toEqual([true, true, false]);
    expect(at(1, 0)).toBe(false);
    expect([at(5, 5), at(6, 5)]).toEqual([true, false]);
  });
});

describe('backoff: capped exponential with full jitter', () => {
  it('draws uniformly below a ceiling that doubles up to the cap', () => {
    const b = { baseMs: 500, capMs: 8_000 };
    expect([1, 2, 3, 4, 5, 6, 10].map((a) => backoffDelay(a, () => 0.999999, b))).toEqual([
      499, 999, 1999, 3999, 7999, 7999, 7999,
    ]);
    expect(backoffDelay(3, () => 0, b)).toBe(0);
    expect(backoffDelay(2, () => 0.5, b)).toBe(500);
  });
});
