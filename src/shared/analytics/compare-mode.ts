import type { NormalizedResult } from '../domain/result';
import { guessAnswerLanguage, languageName } from './answer-language';
import type { BrandMatcher } from './brand-matcher';
import { resultBrandVisibility } from './search-visibility';
import { compareSources } from './source-compare';

// How two answers are compared in diff mode. A word diff only means something between two
// answers in one language: between a German and a Japanese answer every word differs, and a
// diff that strikes everything out says nothing. Answers in different languages are compared
// by what survives translation: which tracked brands they name and in which order (rank among
// the brands named, by first mention), and which sources they cite. A web or news results page
// without text is read as the Visibility index reads it (resultBrandVisibility): a brand is named
// by its results' titles and snippets, and its rank is that of the first result naming it.

export type CompareMode =
  { kind: 'words'; language: string } | { kind: 'structure'; languages: [string, string]; reason: string };

/** Words when both answers have text in one language; brands, ranks and sources otherwise. */
export function chooseCompareMode(textA: string, textB: string): CompareMode {
  const a = guessAnswerLanguage(textA).code;
  const b = guessAnswerLanguage(textB).code;
  // A results page without text has no words to diff: its brands are in its results' titles.
  if (!/\S/u.test(textA) || !/\S/u.test(textB))
    return {
      kind: 'structure',
      languages: [a, b],
      reason:
        'A results page without text has no words to compare: compared by the brands its results name, their ranks and the sources, not word by word.',
    };
  if (a === b) return { kind: 'words', language: a };
  return {
    kind: 'structure',
    languages: [a, b],
    reason: `The answers are in different languages (${languageName(a)}, ${languageName(b)}): compared by the brands they name, their ranks and their sources, not word by word.`,
  };
}

export interface BrandRankRow {
  brandId: string;
  name: string;
  kind: string;
  /**
   * Rank among the brands the answer names (1 = named first); on a results page without text,
   * the rank of the first result naming it. Null when not named.
   */
  rankA: number | null;
  rankB: number | null;
  /** 'both' | only in one | 'neither' (listed only when some answer names it). */
  change: 'same' | 'up' | 'down' | 'only-a' | 'only-b';
}

export interface StructureComparison {
  brands: BrandRankRow[];
  sources: ReturnType<typeof compareSources>;
}

type Comparable = Pick<NormalizedResult, 'text' | 'sources' | 'entities' | 'products' | 'ads'>;

function changeOf(a: number | null, b: number | null): BrandRankRow['change'] {
  if (a === null) return 'only-b';
  if (b === null) return 'only-a';
  return a === b ? 'same' : b < a ? 'up' : 'down';
}

/**
 * The brands either answer names, with their rank in each (sorted by rank in B, then A), and
 * the two answers' cited domains.
 */
export function compareStructure(
  a: Comparable,
  b: Comparable,
  matcher: BrandMatcher | null,
): StructureComparison {
  const brands: BrandRankRow[] = [];
  if (matcher) {
    const va = resultBrandVisibility(matcher, a).brands;
    const vb = resultBrandVisibility(matcher, b).brands;
    matcher.brands.forEach((brand, i) => {
      const rankA = va[i]?.firstRank ?? null;
      const rankB = vb[i]?.firstRank ?? null;
      if (rankA === null && rankB === null) return;
      brands.push({
        brandId: brand.id,
        name: brand.name,
        kind: brand.kind,
        rankA,
        rankB,
        change: changeOf(rankA, rankB),
      });
    });
  }
  const order = (r: number | null): number => r ?? Number.POSITIVE_INFINITY;
  brands.sort(
    (x, y) =>
      order(x.rankB) - order(y.rankB) || order(x.rankA) - order(y.rankA) || x.name.localeCompare(y.name),
  );
  return { brands, sources: compareSources(a.sources, b.sources) };
}
