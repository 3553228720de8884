import { byEngineOrder } from '../api/engines';
import type { BrandMetrics, VisibilityBuckets } from './types';

// The brand leaderboard per engine, side by side: one row a brand, one column an engine (in
// the catalog's order). Built from the per-engine buckets (`visibility.buckets` by engine, read
// from the day × engine × location roll-up), so the Visibility view's "By engine" table and
// `parallax visibility --by engine --wide` show the same numbers in the same order.

/** The leaderboard's measures a by-engine table can show. */
export type BoardMeasure = 'mentionRate' | 'shareOfVoice' | 'avgPosition' | 'citationRate';

/** Below this many answers (or ranked mentions, for a position) a cell is muted and said to be thin. */
export const LOW_N = 30;

export interface EngineBoardRow {
  brandId: string;
  /** The brand's metrics per engine (absent: the engine gave no answers in the period). */
  cells: Record<string, BrandMetrics>;
  /** Mentions over answers across every engine (the overall leaderboard's mention rate). */
  pooledMentionRate: number | null;
}

export interface EngineBoard {
  /** Engines with answers in the period, in the catalog's order. */
  engines: string[];
  /** Focus brand first, then by pooled mention rate (the overall leaderboard's order). */
  rows: EngineBoardRow[];
}

/** The pivot of per-engine buckets (rows of other shapes are ignored). */
export function engineBoard(data: Pick<VisibilityBuckets, 'rows'>, focusId: string | null): EngineBoard {
  const engines = new Set<string>();
  const byBrand = new Map<string, EngineBoardRow>();
  const pooled = new Map<string, { k: number; n: number }>();
  for (const r of data.rows) {
    const engine = r.bucket.engine;
    if (engine === undefined || r.answers === 0) continue;
    engines.add(engine);
    const row = byBrand.get(r.brandId) ?? { brandId: r.brandId, cells: {}, pooledMentionRate: null };
    row.cells[engine] = r;
    byBrand.set(r.brandId, row);
    const p = pooled.get(r.brandId) ?? { k: 0, n: 0 };
    pooled.set(r.brandId, { k: p.k + r.mentionRate.k, n: p.n + r.mentionRate.n });
  }
  const rows = [...byBrand.values()].map((row) => {
    const p = pooled.get(row.brandId);
    return { ...row, pooledMentionRate: p && p.n > 0 ? p.k / p.n : null };
  });
  rows.sort(
    (a, b) =>
      Number(b.brandId === focusId) - Number(a.brandId === focusId) ||
      (b.pooledMentionRate ?? -1) - (a.pooledMentionRate ?? -1) ||
      a.brandId.localeCompare(b.brandId),
  );
  return { engines: [...engines].sort(byEngineOrder), rows };
}

/** A cell's value of a measure (null: no data). */
export function measureValue(m: BrandMetrics | undefined, measure: BoardMeasure): number | null {
  return m ? m[measure].value : null;
}

/** A cell's sample size for a measure (answers; mentions for share of voice; ranked answers for a position). */
export function measureN(m: BrandMetrics | undefined, measure: BoardMeasure): number {
  return m ? m[measure].n : 0;
}

/** Whether a cell's sample is too small to read much into (but not empty). */
export function isLowN(n: number): boolean {
  return n > 0 && n < LOW_N;
}

/**
 * The rows ordered by one engine's measure, best first (a position: lower is better); cells
 * without data last, ties in the board's order.
 */
export function sortByEngine(
  rows: readonly EngineBoardRow[],
  engine: string,
  measure: BoardMeasure,
  direction: 'best' | 'worst' = 'best',
): EngineBoardRow[] {
  const lowerIsBetter = measure === 'avgPosition';
  const sign = (direction === 'best') === lowerIsBetter ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i, v: measureValue(row.cells[engine], measure) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) return Number(a.v === null) - Number(b.v === null) || a.i - b.i;
      return sign * (a.v - b.v) || a.i - b.i;
    })
    .map((x) => x.row);
}
