import { claimOf, strongest, type Claim, type RuleContext } from './claim';
import {
  AFFIRMS,
  AFFIRMS_AFTER_JA,
  CONTRASTS,
  CELL_NO,
  CELL_YES,
  HEDGES,
  NEGATORS,
  NEGATORS_AFTER,
  NEGATORS_AFTER_JA,
} from './lexicon';
import type { YesNoFact } from './types';
import { findAll, foldPhrase, phraseSet, type Found } from './words';

// A feature claim: the clause names the feature and says it is there or not. Denied: a negator
// a few words before it ("has no free plan", "kein Offline-Modus", "n'offre pas de version
// gratuite", "supprimé sa version gratuite"), one right after it ("… is not available", "…
// n'est pas disponible", "無料プランはありません"), or "no" as its value ("Offline mode: no", a
// table cell "Nein"). Affirmed: "yes" as its value, a verb of having or offering in the clause,
// or the feature listed as an attribute ("Taskwell: free plan, …"). A clause with a hedge ("I'm
// not sure whether", "ist mir nicht bekannt") or a question makes no claim.

const NEGATOR_WORDS = phraseSet(NEGATORS);
const BREAKS = phraseSet([',', ';', ':', '、', ...CONTRASTS]);
const NEGATOR_AFTER_WORDS = phraseSet(NEGATORS_AFTER);
const AFFIRM_WORDS = phraseSet(AFFIRMS);
const HEDGE_WORDS = phraseSet(HEDGES);
const YES = phraseSet(CELL_YES);
const NO = phraseSet(CELL_NO);
/** How many words before the feature a negator still denies it ("does not offer a free plan"). */
const NEGATION_WORDS = 4;
const JA_AFTER = 12;
const JA_DENIED = NEGATORS_AFTER_JA.map(foldPhrase);
const JA_AFFIRMED = AFFIRMS_AFTER_JA.map(foldPhrase);
/** Between a feature and its value: "Offline mode: no", "**Free plan:** yes". */
const VALUE_GAP = /[\s:：*_]/u;
const LISTED_BEFORE = /(?:^|[:：,;–—•*-])\s*(?:\*\*)?\s*(?:\p{L}+\s)?$/u;

function wordsBetween(f: string, from: number, to: number): number {
  const between = f.slice(from, to).trim();
  return between === '' ? 0 : between.split(/\s+/u).length;
}

/** Where a negator before the feature may start: after the last comma, colon or contrast word. */
function negationFrom(ctx: RuleContext, from: number, feature: Found): number {
  const breaks = ctx.hits.find(BREAKS, from, feature.start);
  const last = breaks[breaks.length - 1];
  return last === undefined ? from : last.end;
}

function deniedBefore(ctx: RuleContext, feature: Found): boolean {
  const { f, scope } = ctx;
  const from = negationFrom(ctx, Math.max(scope.from, feature.start - 60), feature);
  return ctx.hits
    .find(NEGATOR_WORDS, from, feature.start)
    .some((n) => wordsBetween(f, n.end, feature.start) <= NEGATION_WORDS);
}

function japaneseAfter(ctx: RuleContext, feature: Found): boolean | null {
  const after = ctx.f.slice(feature.end, Math.min(ctx.scope.to, feature.end + JA_AFTER));
  if (JA_DENIED.some((w) => after.includes(w))) return false;
  if (JA_AFFIRMED.some((w) => after.includes(w))) return true;
  return null;
}

/** What the clause says of the feature: there (true), not there (false), or nothing (null). */
function polarity(ctx: RuleContext, feature: Found): boolean | null {
  const { f, scope } = ctx;
  if (deniedBefore(ctx, feature)) return false;
  if (ctx.hits.startsNear(NO, feature.end, 4, VALUE_GAP) !== null) return false;
  if (ctx.hits.startsNear(NEGATOR_AFTER_WORDS, feature.end, 6) !== null) return false;
  if (ctx.hits.startsNear(YES, feature.end, 4, VALUE_GAP) !== null) return true;
  const ja = japaneseAfter(ctx, feature);
  if (ja !== null) return ja;
  if (ctx.hits.find(AFFIRM_WORDS, scope.from, scope.to).length > 0) return true;
  return LISTED_BEFORE.test(f.slice(scope.from, feature.start)) ? true : null;
}

function cellPolarity(ctx: RuleContext): boolean | null {
  const { scope } = ctx;
  if (ctx.hits.startsNear(NO, scope.from, 3) !== null) return false;
  if (ctx.hits.startsNear(YES, scope.from, 3) !== null) return true;
  return null;
}

export function yesNoClaim(ctx: RuleContext, fact: YesNoFact, feature: RegExp | null): Claim | null {
  const { f, scope } = ctx;
  if (scope.header !== null && findAll(feature, scope.header, 0, scope.header.length).length > 0) {
    const said = cellPolarity(ctx);
    return said === null ? null : claimOf(said === fact.value, scope.from, scope.to);
  }
  const found = ctx.hits.find(feature, scope.from, scope.to).filter((h) => !ctx.brandAt(h.start));
  if (found.length === 0) return null;
  if (
    ctx.hits.find(HEDGE_WORDS, scope.from, scope.to).length > 0 ||
    f.slice(scope.from, scope.to).includes('?')
  )
    return null;
  return strongest(
    found.map((h) => {
      const said = polarity(ctx, h);
      return said === null ? null : claimOf(said === fact.value, h.start, h.end);
    }),
  );
}
