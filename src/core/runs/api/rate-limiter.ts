// Client-side token bucket for the service's per-second rate limit, shared by every caller of
// one client (and by several clients when passed in), so a run does not burn requests on 429s.
// The service admits bursts of up to one second's worth, so the bucket holds `limit` tokens
// and refills `limit` per second. The limit is not published per plan: the bucket starts
// unlimited (or at `initialLimit`) and sizes itself from X-RateLimit-Limit as answers arrive.

export interface RateLimiterOptions {
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Requests per second before the service has told us; undefined = not limited until learned. */
  initialLimit?: number;
}

export interface RateLimiter {
  /** Resolves when a request may be sent; rejects if the signal aborts while waiting. */
  acquire(signal?: AbortSignal): Promise<void>;
  /** Feeds X-RateLimit-Limit / -Remaining of an answer. */
  observe(info: { limit?: number; remaining?: number }): void;
  /** After a 429 RATE_LIMIT_EXCEEDED: the window is spent. */
  drain(): void;
  /** The learned requests-per-second limit, or null while unknown. */
  limit(): number | null;
}

export function createRateLimiter(opts: RateLimiterOptions): RateLimiter {
  let capacity: number | null = opts.initialLimit && opts.initialLimit > 0 ? opts.initialLimit : null;
  let tokens = capacity ?? 0;
  let updatedAt = opts.now();

  function refill(): void {
    const now = opts.now();
    if (capacity !== null) tokens = Math.min(capacity, tokens + ((now - updatedAt) / 1000) * capacity);
    updatedAt = now;
  }

  return {
    async acquire(signal) {
      for (;;) {
        if (signal?.aborted) throw signal.reason ?? new Error('aborted');
        refill();
        if (capacity === null) return;
        if (tokens >= 1) {
          tokens -= 1;
          return;
        }
        const waitMs = Math.max(1, Math.ceil(((1 - tokens) / capacity) * 1000));
        await opts.sleep(waitMs, signal);
      }
    },
    observe({ limit, remaining }) {
      refill();
      if (limit !== undefined && Number.isFinite(limit) && limit > 0 && limit !== capacity) {
        const first = capacity === null;
        capacity = limit;
        tokens = first ? limit : Math.min(tokens, limit);
      }
      // Other clients may share the key: never believe we have more than the server says.
      if (capacity !== null && remaining !== undefined && Number.isFinite(remaining) && remaining >= 0) {
        tokens = Math.min(tokens, remaining);
      }
    },
    drain() {
      refill();
      if (capacity !== null) tokens = Math.min(tokens, 0);
    },
    limit() {
      return capacity;
    },
  };
}
