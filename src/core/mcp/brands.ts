import {
  compileBrandMatcher,
  resultBrandVisibility,
  type BrandVisibilityInput,
} from '../../shared/analytics';
import type { BrandView } from '../../shared/ipc/channels/library';

// Which tracked brands an answer names and cites, with the same matcher the app's Compare
// view and the visibility index use (aliases, folding, the brands' domains).

export interface AnswerBrand {
  brand: string;
  kind: 'brand' | 'competitor';
  /** 1 = named first among the tracked brands named; null when not named. */
  firstPosition: number | null;
  mentions: number;
  /** Sources on the brand's domains. */
  citations: number;
}

export type BrandsOfAnswer = (result: BrandVisibilityInput) => AnswerBrand[];

/** A reader of tracked brands in answers, compiled once per call (null matcher without brands). */
export function answerBrands(brands: readonly BrandView[]): BrandsOfAnswer {
  if (brands.length === 0) return () => [];
  const matcher = compileBrandMatcher(brands.map((b) => ({ ...b })));
  const names = new Map(brands.map((b) => [b.id, b]));
  return (result) =>
    resultBrandVisibility(matcher, result)
      .brands.filter((v) => v.mentioned || v.citationCount > 0)
      .map((v) => ({
        brand: names.get(v.brandId)?.name ?? v.brandId,
        kind: v.kind,
        firstPosition: v.firstRank,
        mentions: v.mentionCount,
        citations: v.citationCount,
      }))
      .sort((a, b) => (a.firstPosition ?? 99) - (b.firstPosition ?? 99));
}

export function brandsText(brands: readonly AnswerBrand[]): string {
  if (brands.length === 0) return 'none of the tracked brands';
  return brands
    .map(
      (b) =>
        `${b.brand}${b.kind === 'brand' ? ' (your brand)' : ''}` +
        (b.firstPosition !== null ? ` #${b.firstPosition}` : ' (cited only)') +
        (b.citations > 0 ? `, cited ${b.citations}×` : ''),
    )
    .join('; ');
}
