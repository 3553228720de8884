import { isThin } from '../evidence';
import type { ScopedTest } from './scan';
import { METRICS, type Subject } from './subjects';
import type { FindingKind, FindingsBrand } from './types';

// Which test speaks for each subject, and how findings are ranked: effect size × significance ×
// whose it is (the focus brand first, then its own domains, competitors, other domains).

/** A change this big that the control does not call significant is still said (as not significant). */
const NOTABLE: Record<FindingKind, number> = {
  'mention-rate': 0.1,
  'share-of-voice': 0.1,
  'recommendation-rate': 0.1,
  attribute: 0.1,
  citation: 0.1,
  position: 1,
  'net-sentiment': 0.2,
  'shelf-presence': 0.1,
  'product-shelf': 0.1,
  price: 0.1,
  advertiser: 0.1,
  conquest: 0.1,
  'new-contradiction': 0.1,
  'discrepancy-rate': 0.1,
};
/** …and only when both periods have at least this many answers behind it. */
const NOTABLE_MIN_N = 10;
/** A not-significant change weighs this much of a significant one of the same size. */
const NOT_SIGNIFICANT_WEIGHT = 0.25;

const dims = (t: ScopedTest): number => Object.keys(t.scope).length;

/** Fewer answers a side than a claim needs (ranked answers for a position): never significant. */
export const isFewAnswers = (t: ScopedTest): boolean => isThin(t.result.before.n, t.result.after.n);

/** Significant: through the false-discovery control, and on enough answers a side. */
export const isSignificant = (t: ScopedTest, fdr: number): boolean => t.qValue <= fdr && !isFewAnswers(t);

/**
 * The test a subject's finding reports (significant: see isSignificant): its all-cells test when that is significant, else its
 * most significant narrower scope (engine, location, cell; the broader first on a tie); with
 * none significant, its all-cells test when the change is notable; else none.
 */
export function headline(tests: readonly ScopedTest[], fdr: number): ScopedTest | null {
  const significant = tests.filter((t) => isSignificant(t, fdr));
  if (significant.length > 0) {
    return (
      significant.find((t) => dims(t) === 0) ??
      [...significant].sort(
        (a, b) => a.qValue - b.qValue || a.result.pValue - b.result.pValue || dims(a) - dims(b),
      )[0] ??
      null
    );
  }
  const all = tests.find((t) => dims(t) === 0);
  if (!all) return null;
  const kind = all.subject.kind;
  const big = Math.abs(all.result.delta) >= NOTABLE[kind] - 1e-12;
  const enough = Math.min(all.result.before.n, all.result.after.n) >= NOTABLE_MIN_N;
  return big && enough ? all : null;
}

/** Whether a host is one of the domains or a subdomain of one. */
function ownedBy(host: string, domains: readonly string[]): boolean {
  return domains.some((d) => host === d || host.endsWith(`.${d}`));
}

/** How much a subject weighs in the ranking. */
export function subjectWeight(
  subject: Subject,
  focusId: string | null,
  brands: readonly FindingsBrand[],
): number {
  if (subject.domain !== null) {
    const owner = brands.find((b) => ownedBy(subject.domain as string, b.domains));
    if (owner === undefined) return 0.6;
    return owner.id === focusId ? 1.5 : 1;
  }
  const base = subject.brandId === focusId ? 2 : 1;
  return subject.kind === 'attribute' ? base * 0.8 : base;
}

/** The ranking score: |standardised effect| × significance weight × subject weight. */
export function scoreOf(test: ScopedTest, fdr: number, weight: number): number {
  const size = Math.min(3, Math.abs(test.result.size));
  return size * (isSignificant(test, fdr) ? 1 : NOT_SIGNIFICANT_WEIGHT) * weight;
}

/** A stable key that breaks ties the same way on every run. */
export const subjectKey = (s: Subject): string =>
  `${s.kind}|${s.brandId ?? ''}|${s.domain ?? ''}|${s.attribute ?? ''}`;

export const isWorse = (kind: FindingKind, delta: number): boolean =>
  METRICS[kind].lowerIsBetter ? delta > 0 : delta < 0;
