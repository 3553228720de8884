import type { Rng } from './prng';
import type { LatencySpec } from '../types';

export const DEFAULT_LATENCY: LatencySpec = { min: 50, max: 250 };

/** Checks a latency setting up front, so a bad one fails at configuration, not mid-run. */
export function checkLatency(spec: LatencySpec): LatencySpec {
  const ok = (n: number): boolean => Number.isFinite(n) && n >= 0;
  if (typeof spec === 'number') {
    if (!ok(spec)) throw new Error('latencyMs must be a non-negative number');
  } else if ('min' in spec) {
    if (!ok(spec.min) || !ok(spec.max) || spec.max < spec.min)
      throw new Error('latencyMs needs 0 <= min <= max');
  } else if (!ok(spec.mean) || !ok(spec.jitter)) {
    throw new Error('latencyMs needs non-negative mean and jitter');
  }
  return spec;
}

/** One engine call's latency in ms, drawn from the configured distribution. */
export function drawLatency(spec: LatencySpec, rng: Rng): number {
  if (typeof spec === 'number') return spec;
  if ('min' in spec) return spec.min + rng.next() * (spec.max - spec.min);
  return Math.max(0, spec.mean + (rng.next() * 2 - 1) * spec.jitter);
}

/** Resolves after ms, or rejects early when the signal aborts (the client went away). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new Error('aborted'));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
