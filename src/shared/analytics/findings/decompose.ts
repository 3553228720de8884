import { isThin } from '../evidence';
import { type ScopedTest, sumCells } from './scan';
import { cellOf, METRICS, type Subject } from './subjects';
import type { Contribution, Finding, FindingsBrand } from './types';

// Where a change sits: a metric of summed columns, value = N/D, changes by
//   Δ = N₁/D₁ − N₀/D₀ = Σ_c (n₁_c/D₁ − n₀_c/D₀),
// an exact split over the engine × location cells (the cells' parts add up to the change).
// The cells that carry most of it are named; the competitor who gained is measured over them.

/** Cells are named until they carry this part of the change (at most MAX_CELLS). */
const COVER = 0.6;
const MAX_CELLS = 3;

/** The cells' contributions to a test's change, the ones in its direction that carry most of it. */
export function concentration(test: ScopedTest): Contribution[] {
  const { subject, cells } = test;
  const metric = METRICS[subject.kind];
  const delta = test.result.delta;
  if (delta === 0 || cells.length < 2) return [];
  const total = sumCells(subject, cells);
  const [, d0] = metric.ratio(total.before);
  const [, d1] = metric.ratio(total.after);
  const parts = cells
    .map((id) => {
      const s = subject.cells.get(id);
      if (!s) return null;
      const contribution =
        (d1 > 0 ? metric.ratio(s.after)[0] / d1 : 0) - (d0 > 0 ? metric.ratio(s.before)[0] / d0 : 0);
      const r = metric.test(s.before, s.after);
      return { ...cellOf(id), contribution, share: contribution / delta, before: r.before, after: r.after };
    })
    .filter((p): p is Contribution => p !== null && p.share > 0)
    .sort((a, b) => b.share - a.share || (a.engine + a.loc < b.engine + b.loc ? -1 : 1));
  const named: Contribution[] = [];
  let covered = 0;
  for (const p of parts) {
    if (named.length >= MAX_CELLS || covered >= COVER) break;
    named.push(p);
    covered += p.share;
  }
  return named;
}

/** Worse for the brand: a rate that fell, a position that grew. */
export const worse = (test: ScopedTest): boolean =>
  METRICS[test.subject.kind].lowerIsBetter ? test.result.delta > 0 : test.result.delta < 0;

/**
 * Where the focus lost, the competitor whose same metric gained most over the same cells (the
 * concentration's, else the scope's), with its own test's p-value (a follow-up, not part of the
 * scan's control: the finding's significance is the focus's).
 */
export function competitorWhoGained(
  test: ScopedTest,
  cells: readonly string[],
  subjects: ReadonlyMap<string, Subject>,
  brands: readonly FindingsBrand[],
): Finding['competitor'] {
  if (!worse(test)) return null;
  const metric = METRICS[test.subject.kind];
  let best: Finding['competitor'] = null;
  for (const brand of brands) {
    if (brand.kind !== 'competitor' || brand.id === test.subject.brandId) continue;
    const subject = subjects.get(`${test.subject.kind}|${brand.id}`);
    if (!subject) continue;
    const sums = sumCells(subject, cells);
    if (metric.ratio(sums.before)[1] === 0 || metric.ratio(sums.after)[1] === 0) continue;
    const r = metric.test(sums.before, sums.after);
    const gain = metric.lowerIsBetter ? -r.delta : r.delta;
    // A gain on few answers is no more a claim than the focus's own would be.
    if (gain <= 0 || r.pValue >= 0.05 || isThin(r.before.n, r.after.n)) continue;
    if (best === null || gain > (metric.lowerIsBetter ? -best.effect : best.effect))
      best = {
        brandId: brand.id,
        name: brand.name,
        effect: r.delta,
        before: r.before,
        after: r.after,
        pValue: r.pValue,
      };
  }
  return best;
}
