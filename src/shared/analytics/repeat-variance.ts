import type { NormalizedSource } from '../domain/result';
import type { BrandDefinition } from './brand-types';
import type { ResultBrandVisibility } from './brand-visibility';
import { jaccard } from './list-overlap';
import { rankedSources, type SourceFilter } from './source-sets';
import { repeatVerdict, wilsonInterval, Z_95, type ProportionInterval, type RepeatVerdict } from './wilson';

export interface RepeatVarianceOptions {
  /** z of the Wilson interval; default 1.96 (95 %). */
  z?: number;
}

export interface BrandRepeatVariance {
  brandId: string;
  kind: BrandDefinition['kind'];
  /** Mention rate over the repeats with its Wilson interval. */
  mention: ProportionInterval;
  verdict: RepeatVerdict;
  /** verdict === 'volatile' (see repeatVerdict). */
  volatile: boolean;
  /** First-mention rank over the repeats that mention the brand, or null. */
  firstRank: { mean: number; min: number; max: number } | null;
}

/** Mention variance of each brand across the repeats of one cell. */
export function brandRepeatVariance(
  brands: readonly BrandDefinition[],
  repeats: readonly ResultBrandVisibility[],
  options: RepeatVarianceOptions = {},
): BrandRepeatVariance[] {
  const z = options.z ?? Z_95;
  return brands.map((brand) => {
    const ranks: number[] = [];
    let k = 0;
    for (const r of repeats) {
      const v = r.brands.find((b) => b.brandId === brand.id);
      if (v === undefined || !v.mentioned) continue;
      k++;
      if (v.firstRank !== null) ranks.push(v.firstRank);
    }
    const mention = wilsonInterval(k, repeats.length, z);
    const verdict = repeatVerdict(mention);
    return {
      brandId: brand.id,
      kind: brand.kind,
      mention,
      verdict,
      volatile: verdict === 'volatile',
      firstRank:
        ranks.length === 0
          ? null
          : {
              mean: ranks.reduce((a, b) => a + b, 0) / ranks.length,
              min: Math.min(...ranks),
              max: Math.max(...ranks),
            },
    };
  });
}

export interface DomainRepeatPresence {
  domain: string;
  presence: ProportionInterval;
  verdict: RepeatVerdict;
  volatile: boolean;
  /** Mean best rank (RankedSource.rank) over the repeats citing the domain. */
  meanBestPosition: number;
}

export interface SourceRepeatVariance {
  repeats: number;
  /** Every domain cited in any repeat: most often cited first, then best mean position. */
  domains: DomainRepeatPresence[];
  topK: number;
  /**
   * Mean Jaccard similarity of the top-k domain sets over all pairs of repeats (1 with fewer
   * than two repeats: nothing to disagree with).
   */
  topKMeanJaccard: number;
  /** At least two repeats and topKMeanJaccard below the threshold. */
  topKVolatile: boolean;
}

export interface SourceRepeatOptions extends RepeatVarianceOptions, SourceFilter {
  /** Size of the top set compared across repeats. Default 5. */
  topK?: number;
  /**
   * The top-k set is volatile when two repeats, on average, share less than this fraction of
   * the domains in their combined top k. Default 0.5: typically fewer than half the top
   * domains of one answer would come back in another.
   */
  volatileBelow?: number;
}

/** Presence variance of each cited domain, and stability of the top-k set, across repeats. */
export function sourceRepeatVariance(
  repeats: readonly (readonly NormalizedSource[])[],
  options: SourceRepeatOptions = {},
): SourceRepeatVariance {
  const z = options.z ?? Z_95;
  const topK = options.topK ?? 5;
  const threshold = options.volatileBelow ?? 0.5;
  const perRepeat = repeats.map((sources) => {
    const best = new Map<string, number>();
    for (const s of rankedSources(sources, options)) {
      if (s.domain !== null && !best.has(s.domain)) best.set(s.domain, s.rank);
    }
    return best;
  });
  const stats = new Map<string, { k: number; posSum: number }>();
  for (const best of perRepeat) {
    for (const [domain, rank] of best) {
      const st = stats.get(domain) ?? { k: 0, posSum: 0 };
      st.k++;
      st.posSum += rank;
      stats.set(domain, st);
    }
  }
  const domains: DomainRepeatPresence[] = [...stats].map(([domain, st]) => {
    const presence = wilsonInterval(st.k, repeats.length, z);
    const verdict = repeatVerdict(presence);
    return {
      domain,
      presence,
      verdict,
      volatile: verdict === 'volatile',
      meanBestPosition: st.posSum / st.k,
    };
  });
  domains.sort(
    (a, b) =>
      b.presence.successes - a.presence.successes ||
      a.meanBestPosition - b.meanBestPosition ||
      (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0),
  );

  const tops = perRepeat.map((best) => [...best.keys()].slice(0, topK));
  let sum = 0;
  let pairs = 0;
  for (let i = 0; i < tops.length; i++) {
    for (let j = i + 1; j < tops.length; j++) {
      sum += jaccard(tops[i] as string[], tops[j] as string[]);
      pairs++;
    }
  }
  const topKMeanJaccard = pairs === 0 ? 1 : sum / pairs;
  return {
    repeats: repeats.length,
    domains,
    topK,
    topKMeanJaccard,
    topKVolatile: pairs > 0 && topKMeanJaccard < threshold,
  };
}
