import type { ChangeBrand } from '../../../src/shared/analytics/change-alerts';
import type { TrendRun } from '../../../src/shared/analytics/trend-alerts';
import { rng } from '../../bench/bench-random';

// Fixture histories for the trend rule: seeded binomial draws (mulberry32), so every run of the
// tests sees the same numbers on any machine.

/** Seeded uniform draws in [0, 1): the benches' mulberry32. */
export const mulberry32 = rng;

export function binomial(random: () => number, n: number, p: number): number {
  let k = 0;
  for (let i = 0; i < n; i++) if (random() < p) k++;
  return k;
}

export const FOCUS: ChangeBrand = { id: 'v', name: 'Veloxa', kind: 'brand' };
export const RIVAL: ChangeBrand = { id: 'f', name: 'Fleetfoot', kind: 'competitor' };

export interface FixtureOptions {
  runs: number;
  /** Engine × location slices, each with this many answers a run. */
  slices: Array<{ engine: string; loc: string; answers: number }>;
  /** The chance an answer names the brand, by brand id, run index and slice index. */
  rate: (brandId: string, run: number, slice: number) => number;
  brands: readonly ChangeBrand[];
  seed: number;
}

/** A monitor's runs drawn from the rates. */
export function drawRuns(o: FixtureOptions): TrendRun[] {
  const random = mulberry32(o.seed);
  return Array.from({ length: o.runs }, (_, run) => ({
    runId: `r${String(run).padStart(3, '0')}`,
    slices: o.slices.map((s, si) => ({
      ...s,
      mentioned: new Map(o.brands.map((b) => [b.id, binomial(random, s.answers, o.rate(b.id, run, si))])),
    })),
  }));
}

export const SLICES = [
  { engine: 'assistant-a', loc: 'DE', answers: 24 },
  { engine: 'assistant-a', loc: 'FR', answers: 24 },
  { engine: 'assistant-a', loc: 'US', answers: 24 },
  { engine: 'assistant-a', loc: 'JP', answers: 24 },
];
