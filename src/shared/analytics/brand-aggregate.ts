import type { BrandDefinition } from './brand-types';
import type { ResultBrandVisibility } from './brand-visibility';

/** One brand over a set of results (a run, a country, a cell's repeats, a date…). */
export interface BrandAggregate {
  brandId: string;
  kind: BrandDefinition['kind'];
  results: number;
  /** Results whose text mentions the brand, and that count / results (0 when no results). */
  mentionedIn: number;
  mentionRate: number;
  /** Mean first-mention rank over the results that mention it (1 = named first), or null. */
  averageFirstRank: number | null;
  /** Mean first-mention character offset over the results that mention it, or null. */
  averageFirstOffset: number | null;
  /** All mentions in all results. */
  mentions: number;
  /** mentions / mentions of all tracked brands in these results; 0 when there are none. */
  shareOfVoice: number;
  /** Results citing a source on the brand's domains, and that count / results. */
  citedIn: number;
  citationRate: number;
  /** Results where the brand is visible at all (text, citation, entity, product or ad). */
  visibleIn: number;
  visibilityRate: number;
}

export function aggregateBrandVisibility(
  brands: readonly BrandDefinition[],
  results: readonly ResultBrandVisibility[],
): BrandAggregate[] {
  const n = results.length;
  let allMentions = 0;
  for (const r of results) allMentions += r.totalMentions;
  return brands.map((brand, index) => {
    let mentionedIn = 0;
    let rankSum = 0;
    let offsetSum = 0;
    let mentions = 0;
    let citedIn = 0;
    let visibleIn = 0;
    for (const r of results) {
      // Visibilities come in brand order from the same matcher; look up by id only if not.
      const at = r.brands[index];
      const v =
        at !== undefined && at.brandId === brand.id ? at : r.brands.find((b) => b.brandId === brand.id);
      if (v === undefined) continue;
      mentions += v.mentionCount;
      if (v.mentioned) {
        mentionedIn++;
        rankSum += v.firstRank ?? 0;
        offsetSum += v.firstOffset ?? 0;
      }
      if (v.citationCount > 0) citedIn++;
      if (v.visible) visibleIn++;
    }
    return {
      brandId: brand.id,
      kind: brand.kind,
      results: n,
      mentionedIn,
      mentionRate: n === 0 ? 0 : mentionedIn / n,
      averageFirstRank: mentionedIn === 0 ? null : rankSum / mentionedIn,
      averageFirstOffset: mentionedIn === 0 ? null : offsetSum / mentionedIn,
      mentions,
      shareOfVoice: allMentions === 0 ? 0 : mentions / allMentions,
      citedIn,
      citationRate: n === 0 ? 0 : citedIn / n,
      visibleIn,
      visibilityRate: n === 0 ? 0 : visibleIn / n,
    };
  });
}

/** Aggregates per group (per run, per country, per engine…), groups in first-seen order. */
export function aggregateBrandVisibilityBy<T>(
  brands: readonly BrandDefinition[],
  items: readonly T[],
  groupOf: (item: T) => string,
  visibilityOf: (item: T) => ResultBrandVisibility,
): Map<string, BrandAggregate[]> {
  const groups = new Map<string, ResultBrandVisibility[]>();
  for (const item of items) {
    const key = groupOf(item);
    const list = groups.get(key) ?? [];
    list.push(visibilityOf(item));
    groups.set(key, list);
  }
  const out = new Map<string, BrandAggregate[]>();
  for (const [key, list] of groups) out.set(key, aggregateBrandVisibility(brands, list));
  return out;
}
