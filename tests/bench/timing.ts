// Timing shared by the benches that repeat a read: its wall time per call, as p50 and p95.

/** The sample at quantile `p` of `sorted` (ascending): the rank below, so the p95 of 20 is the 20th. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

/** p50 and p95 (ms) of `runs` timed calls of `fn`, after `warmups` calls not timed (caches filled). */
export function timeCalls(fn: () => unknown, runs: number, warmups = 1): { p50: number; p95: number } {
  for (let i = 0; i < warmups; i++) fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 0.5), p95: percentile(ms, 0.95) };
}
