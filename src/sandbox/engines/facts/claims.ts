import { hashParts } from '../../core/prng';
import { CATEGORIES, productLineOf, type Category } from '../catalog';
import type { Lang } from '../locales';
import {
  daysSincePriceChange,
  foundedOf,
  featureOf,
  hasFeature,
  headquartersOf,
  priceCycle,
  priceInCycle,
  priceKey,
  priceOn,
  type SandboxFact,
  type SandboxPrice,
} from './sheet';
import { FACT_TEMPLATES, fillFact } from './templates';

// What an answer to a prompt about one brand ("is Veloxa worth it") claims about it: a short
// paragraph of facts, true most of the time and wrong in three scripted ways a fact check
// must catch:
// - a stale price: for STALE_DAYS after a price change, about half the answers still quote
//   the previous price;
// - one engine's wrong founding year: some engines always state a brand's year WRONG_YEAR_BY
//   years late (wrongYearEngine says which);
// - a denied feature: about a quarter of the answers say a brand with a free trial (software)
//   or free returns (goods) has none.

export type FactError = 'stale-price' | 'wrong-year' | 'denied-feature';

/** One claim an answer makes, with the truth on its day: the sandbox's ground truth. */
export interface StatedFact {
  brand: string;
  key: string;
  kind: SandboxFact['kind'];
  stated: SandboxFact['value'];
  truth: SandboxFact['value'];
  verdict: 'supported' | 'contradicted';
  error: FactError | null;
  /** The sentence making the claim, as written in the answer. */
  sentence: string;
}

export const STALE_DAYS = 20;
const STALE_RATE = 0.5;
const DENY_RATE = 0.25;
export const WRONG_YEAR_BY = 3;

/** Whether an engine states this brand's founding year wrong (about one pair in five). */
export function wrongYearEngine(brand: string, engine: string): boolean {
  return hashParts(brand, engine, 'wrong-year') % 5 === 0;
}

/** The catalogue brand a prompt names, with its category; null when it names none. */
export function brandInPrompt(prompt: string): { brand: string; category: Category } | null {
  const lower = prompt.toLowerCase();
  for (const category of CATEGORIES)
    for (const brand of category.global) {
      const at = lower.indexOf(brand.toLowerCase());
      if (at < 0) continue;
      const before = lower[at - 1];
      const after = lower[at + brand.length];
      const boundary = (c: string | undefined): boolean => c === undefined || !/[\p{L}\p{N}]/u.test(c);
      if (boundary(before) && boundary(after)) return { brand, category };
    }
  return null;
}

function chance(rate: number, ...parts: Array<string | number>): boolean {
  return (hashParts(...parts) % 1000) / 1000 < rate;
}

function money(price: SandboxPrice, lang: Lang): string {
  const amount = `$${price.amount}`;
  return price.period === 'month' ? fillFact(FACT_TEMPLATES[lang].perMonth, { b: '', v: amount }) : amount;
}

interface ClaimInput {
  brand: string;
  category: Category;
  engine: string;
  day: number;
  lang: Lang;
  /** The answer's hash: which facts it states and whether it errs. */
  key: number;
}

function priceClaim(c: ClaimInput): StatedFact {
  const truth = priceOn(c.brand, c.category, c.day);
  const stale = daysSincePriceChange(c.brand, c.day) < STALE_DAYS && chance(STALE_RATE, c.key, 'stale');
  const stated = stale ? priceInCycle(c.brand, c.category, priceCycle(c.brand, c.day) - 1) : truth;
  const contradicted = stated.amount !== truth.amount;
  const line = productLineOf(c.category, c.brand);
  return {
    brand: c.brand,
    key: priceKey(c.brand, c.category),
    kind: 'price',
    stated,
    truth,
    verdict: contradicted ? 'contradicted' : 'supported',
    error: contradicted ? 'stale-price' : null,
    sentence: fillFact(FACT_TEMPLATES[c.lang].price, { b: c.brand, line, v: money(stated, c.lang) }),
  };
}

function featureClaim(c: ClaimInput): StatedFact {
  const feature = featureOf(c.category);
  const truth = hasFeature(c.brand);
  const denied = truth && chance(DENY_RATE, c.key, 'deny');
  const stated = truth && !denied;
  const t = FACT_TEMPLATES[c.lang];
  return {
    brand: c.brand,
    key: feature.key,
    kind: 'yes-no',
    stated,
    truth,
    verdict: denied ? 'contradicted' : 'supported',
    error: denied ? 'denied-feature' : null,
    sentence: fillFact(
      feature.key === 'free-trial' ? (stated ? t.trialYes : t.trialNo) : stated ? t.returnsYes : t.returnsNo,
      { b: c.brand, v: '' },
    ),
  };
}

function foundedClaim(c: ClaimInput): StatedFact {
  const truth = foundedOf(c.brand);
  const wrong = wrongYearEngine(c.brand, c.engine);
  const stated = wrong ? truth + WRONG_YEAR_BY : truth;
  return {
    brand: c.brand,
    key: 'founded',
    kind: 'year',
    stated,
    truth,
    verdict: wrong ? 'contradicted' : 'supported',
    error: wrong ? 'wrong-year' : null,
    sentence: fillFact(FACT_TEMPLATES[c.lang].founded, { b: c.brand, v: String(stated) }),
  };
}

function headquartersClaim(c: ClaimInput): StatedFact {
  const truth = headquartersOf(c.brand);
  return {
    brand: c.brand,
    key: 'headquarters',
    kind: 'place',
    stated: truth,
    truth,
    verdict: 'supported',
    error: null,
    sentence: fillFact(FACT_TEMPLATES[c.lang].headquarters, { b: c.brand, v: truth }),
  };
}

const CLAIMS = [foundedClaim, headquartersClaim, featureClaim, priceClaim] as const;

/**
 * The facts an answer states about the brand its prompt names, in order: the founding year
 * always, each other fact in about three answers of four.
 */
export function statedFacts(c: ClaimInput): StatedFact[] {
  return CLAIMS.filter((_, i) => i === 0 || hashParts(c.key, c.brand, 'states', i) % 4 !== 0).map((claim) =>
    claim(c),
  );
}
