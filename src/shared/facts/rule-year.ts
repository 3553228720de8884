import { claimOf, strongest, type Claim, type RuleContext } from './claim';
import type { YearFact } from './types';
import { findAll, type Found } from './words';

// A year claim: a year shortly after the fact's words ("founded in 2014", "fondata nel 2014") or
// just before them ("2014 gegründet", "2015年設立"), or a year in a table column headed by them.

/** A year (its boundaries, no digit on either side, are checked on each match). */
const YEAR = /(?:1[89]|20)\d\d/gu;
const AFTER = 40;
const BEFORE = 25;

export interface YearHit extends Found {
  year: number;
}

export function yearsIn(ctx: RuleContext, from: number, to: number): YearHit[] {
  return ctx.hits.find(YEAR, from, to).map((h) => ({ ...h, year: Number(ctx.f.slice(h.start, h.end)) }));
}

/** The year nearest to a trigger, after it within AFTER units or before it within BEFORE. */
export function yearNear(years: readonly YearHit[], t: Found): YearHit | null {
  let best: YearHit | null = null;
  let bestDistance = Infinity;
  for (const y of years) {
    const d = y.start >= t.end ? y.start - t.end : y.end <= t.start ? t.start - y.end : Infinity;
    const limit = y.start >= t.end ? AFTER : BEFORE;
    if (d <= limit && d < bestDistance) {
      best = y;
      bestDistance = d;
    }
  }
  return best;
}

export function yearClaim(ctx: RuleContext, fact: YearFact, words: RegExp | null): Claim | null {
  const { scope } = ctx;
  const years = yearsIn(ctx, scope.from, scope.to);
  if (years.length === 0) return null;
  if (scope.header !== null && findAll(words, scope.header, 0, scope.header.length).length > 0) {
    const y = years[0] as YearHit;
    return claimOf(y.year === fact.value, y.start, y.end);
  }
  const claims = ctx.hits.find(words, scope.from, scope.to).map((t) => {
    const y = yearNear(years, t);
    return y === null
      ? null
      : claimOf(y.year === fact.value, Math.min(t.start, y.start), Math.max(t.end, y.end));
  });
  return strongest(claims);
}
