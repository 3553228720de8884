import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../src/core/runs/api/rate-limiter';

// A manual clock: sleep advances it, so waits are measured in simulated milliseconds.
function manualClock() {
  let t = 0;
  const slept: number[] = [];
  return {
    now: () => t,
    sleep: async (ms: number) => {
      slept.push(ms);
      t += ms;
    },
    advance: (ms: number) => {
      t += ms;
    },
    slept,
  };
}

describe('token bucket rate limiter', () => {
  it('does not limit before the limit is known', async () => {
    const clock = manualClock();
    const limiter = createRateLimiter(clock);
    for (let i = 0; i < 100; i += 1) await limiter.acquire();
    expect(clock.slept).toEqual([]);
    expect(limiter.limit()).toBeNull();
  });

  it('admits one second worth as a burst, then paces at the learned rate', async () => {
    const clock = manualClock();
    const limiter = createRateLimiter(clock);
    limiter.observe({ limit: 5 });
    for (let i = 0; i < 5; i += 1) await limiter.acquire();
    expect(clock.slept).toEqual([]);
    await limiter.acquire();
    await limiter.acquire();
    expect(clock.slept).toEqual([200, 200]);
    expect(clock.now()).toBe(400);
  });

  it('refills with time, never above capacity, and follows a changed limit', async () => {
    const clock = manualClock();
    const limiter = createRateLimiter({ ...clock, initialLimit: 2 });
    await limiter.acquire();
    await limiter.acquire();
    clock.advance(10_000);
    await limiter.acquire();
    await limiter.acquire();
    expect(clock.slept).toEqual([]);
    await limiter.acquire();
    expect(clock.slept).toEqual([500]);
    limiter.observe({ limit: 10 });
    expect(limiter.limit()).toBe(10);
    await limiter.acquire();
    expect(clock.slept).toEqual([500, 100]);
  });

  it('trusts X-RateLimit-Remaining and drains on a 429', async () => {
    const clock = manualClock();
    const limiter = createRateLimiter(clock);
    limiter.observe({ limit: 4, remaining: 0 });
    await limiter.acquire();
    expect(clock.slept).toEqual([250]);
    clock.advance(1000);
    limiter.drain();
    await limiter.acquire();
    expect(clock.slept).toEqual([250, 250]);
  });

  it('is shared: concurrent callers never exceed the rate', async () => {
    // Virtual time: sleeps are timers that the driver below fires in order.
    let t = 0;
    const timers: Array<{ at: number; resolve: () => void }> = [];
    const limiter = createRateLimiter({
      now: () => t,
      sleep: (ms) => new Promise<void>((resolve) => timers.push({ at: t + ms, resolve })),
    });
    limiter.observe({ limit: 3 });
    const times: number[] = [];
    const all = Promise.all(Array.from({ length: 12 }, () => limiter.acquire().then(() => times.push(t))));
    let done = false;
    void all.then(() => (done = true));
    while (!done) {
      await new Promise((r) => setImmediate(r));
      timers.sort((a, b) => a.at - b.at);
      const next = timers.shift();
      if (next) {
        t = Math.max(t, next.at);
        next.resolve();
      }
    }
    expect(times).toHaveLength(12);
    // A burst of 3, then one every 1000/3 ms: at most 3 + 3 starts in any one-second window.
    for (const start of times)
      expect(times.filter((u) => u >= start && u < start + 1000).length).toBeLessThanOrEqual(6);
    expect(Math.max(...times)).toBeGreaterThanOrEqual(3000);
  });

  it('stops waiting when the signal aborts', async () => {
    let t = 0;
    const limiter = createRateLimiter({
      now: () => t,
      sleep: (ms, signal) =>
        new Promise((_resolve, reject) => {
          if (signal?.aborted) reject(new Error('aborted'));
          signal?.addEventListener('abort', () => reject(new Error('aborted')));
          void ms;
        }),
    });
    limiter.observe({ limit: 1, remaining: 0 });
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toThrow('aborted');
    t = 0;
  });
});
