import { claimOf, strongest, type Claim, type RuleContext } from './claim';
import {
  AFFIRMS,
  AFFIRMS_AFTER_JA,
  AFFIRMS_AFTER_KO,
  AFFIRMS_BEFORE_ZH,
  CONTRASTS,
  CELL_NO,
  CELL_YES,
  CLAUSE_END_NEGATORS,
  HEDGES,
  NEGATORS,
  NEGATORS_AFTER,
  NEGATORS_AFTER_JA,
  NEGATORS_AFTER_KO,
  ABSENT_AFTER_KO,
} from './lexicon';
import type { YesNoFact } from './types';
import { findAll, foldPhrase, phraseSet, type Found } from './words';

// A feature claim: the clause names the feature and says it is there or not. Denied: a negator
// a few words before it ("has no free plan", "kein Offline-Modus", "n'offre pas de version
// gratuite", "supprimé sa version gratuite"), one right after it ("… is not available", "…
// n'est pas disponible", "無料プランはありません"), or "no" as its value ("Offline mode: no", a
// table cell "Nein"). Affirmed: "yes" as its value, a verb of having or offering in the clause,
// or the feature listed as an attribute ("Taskwell: free plan, …"). Japanese and Korean say it
// after the feature ("無料プランはありません", "무료 플랜이 없습니다"), Chinese before it ("没有免费版",
// "有免费版"). A clause with a hedge ("I'm not sure whether", "ist mir nicht bekannt") or a
// question makes no claim.

const NEGATOR_WORDS = phraseSet(NEGATORS);
const BREAKS = phraseSet([',', ';', ':', '、', ...CONTRASTS]);
const NEGATOR_AFTER_WORDS = phraseSet(NEGATORS_AFTER);
const AFFIRM_WORDS = phraseSet(AFFIRMS);
/** The hedges, compiled once: the place rule reads them too (check.ts), from the same matches. */
export const HEDGE_WORDS = phraseSet(HEDGES);
const YES = phraseSet(CELL_YES);
const NO = phraseSet(CELL_NO);
/** How many words before the feature a negator still denies it ("does not offer a free plan"). */
const NEGATION_WORDS = 4;
/** How far after the feature a verb says it (folded units: a Korean syllable is two or three). */
const SAID_AFTER = [
  {
    within: 12,
    denied: NEGATORS_AFTER_JA.map(foldPhrase),
    absent: [],
    affirmed: AFFIRMS_AFTER_JA.map(foldPhrase),
  },
  {
    within: 30,
    denied: NEGATORS_AFTER_KO.map(foldPhrase),
    absent: ABSENT_AFTER_KO.map(foldPhrase),
    affirmed: AFFIRMS_AFTER_KO.map(foldPhrase),
  },
];
const ZH_AFFIRMED_BEFORE = AFFIRMS_BEFORE_ZH.map(foldPhrase);
/** A denial closing the clause a few words after the feature (CLAUSE_END_NEGATORS). */
const CLAUSE_END_DENIAL = new RegExp(
  `^[^,.;:!?\\n]{0,40}?(?<![\\p{L}])(?:${CLAUSE_END_NEGATORS.map(foldPhrase).join('|')})\\s*(?:[,.;:!\\n]|$)`,
  'u',
);
/** How far after the feature the clause-closing denial is looked for (the expression reads 40 and the word). */
const CLAUSE_END_SPAN = 56;
/** The text after the feature the denial may close, ending where the scope does or just before a letter. */
function clauseAfter(f: string, from: number, to: number): string {
  if (to - from <= CLAUSE_END_SPAN) return f.slice(from, to);
  // Cut after the span, then drop a word the cut left unfinished ("niet" of "nietje").
  return f.slice(from, from + CLAUSE_END_SPAN).replace(/\p{L}+$/u, '');
}

/** Between a feature and its value: "Offline mode: no", "**Free plan:** yes". */
const VALUE_GAP = /[\s:：*_]/u;
const LISTED_BEFORE = /(?:^|[:：,;–—•*-])\s*(?:\*\*)?\s*(?:\p{L}+\s)?$/u;

function wordsBetween(f: string, from: number, to: number): number {
  const between = f.slice(from, to).trim();
  return between === '' ? 0 : between.split(/\s+/u).length;
}

/**
 * Where a negator before the feature may start: after the last comma, colon or contrast word
 * that is not part of a negator itself (Polish "nie ma", "has not", holds Italian's "ma", "but").
 */
function negationFrom(ctx: RuleContext, from: number, feature: Found): number {
  const negators = ctx.hits.find(NEGATOR_WORDS, from, feature.start);
  const breaks = ctx.hits
    .find(BREAKS, from, feature.start)
    .filter((b) => !negators.some((n) => b.start >= n.start && b.end <= n.end));
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

/** The first of `words` in `text`, its offset (Infinity for none). */
function firstOf(text: string, words: readonly string[]): number {
  return Math.min(...words.map((w) => text.indexOf(w)).filter((i) => i >= 0), Infinity);
}

/**
 * Japanese and Korean: a denied verb soon after the feature ("対応していません", "지원하지 않습니다"),
 * else "there is none" or an affirmation, the nearer one ("무료 플랜이 있어 부담 없이": 있 first).
 */
function saidAfter(ctx: RuleContext, feature: Found): boolean | null {
  for (const { within, denied, absent, affirmed } of SAID_AFTER) {
    const after = ctx.f.slice(feature.end, Math.min(ctx.scope.to, feature.end + within));
    if (firstOf(after, denied) !== Infinity) return false;
    const no = firstOf(after, absent);
    const yes = firstOf(after, affirmed);
    if (no !== Infinity || yes !== Infinity) return yes < no;
  }
  return null;
}

/** Chinese: "有免费版", "提供免费套餐" (a denial before it, "没有", was read first). */
function affirmedRightBefore(ctx: RuleContext, feature: Found): boolean {
  const before = ctx.f.slice(Math.max(ctx.scope.from, feature.start - 3), feature.start);
  return ZH_AFFIRMED_BEFORE.some((w) => before.endsWith(w));
}

/** What the clause says of the feature: there (true), not there (false), or nothing (null). */
function polarity(ctx: RuleContext, feature: Found): boolean | null {
  const { f, scope } = ctx;
  if (deniedBefore(ctx, feature)) return false;
  if (ctx.hits.startsNear(NO, feature.end, 4, VALUE_GAP) !== null) return false;
  if (ctx.hits.startsNear(NEGATOR_AFTER_WORDS, feature.end, 6) !== null) return false;
  if (CLAUSE_END_DENIAL.test(clauseAfter(f, feature.end, scope.to))) return false;
  if (ctx.hits.startsNear(YES, feature.end, 4, VALUE_GAP) !== null) return true;
  const after = saidAfter(ctx, feature);
  if (after !== null) return after;
  if (affirmedRightBefore(ctx, feature)) return true;
  if (ctx.hits.find(AFFIRM_WORDS, scope.from, scope.to).length > 0) return true;
  return LISTED_BEFORE.test(f.slice(scope.from, feature.start)) ? true : null;
}

function cellPolarity(ctx: RuleContext): boolean | null {
  const { scope } = ctx;
  if (ctx.hits.startsNear(NO, scope.from, 3) !== null) return false;
  if (ctx.hits.startsNear(YES, scope.from, 3) !== null) return true;
  return null;
}

/** The scope's yes or no as the feature's value (a cell under the feature, an answer to its question). */
function valueClaim(ctx: RuleContext, fact: YesNoFact): Claim | null {
  const said = cellPolarity(ctx);
  return said === null ? null : claimOf(said === fact.value, ctx.scope.from, ctx.scope.to);
}

/** "Is there a free plan? — No, …": the feature in the question, yes or no opening the answer. */
function answerToTopic(ctx: RuleContext, fact: YesNoFact, feature: RegExp | null): Claim | null {
  const { topic } = ctx;
  if (topic === null || ctx.hits.find(feature, topic.from, topic.to).length === 0) return null;
  return valueClaim(ctx, fact);
}

/** The yes-no claim of a scope (a question reaches no rule: check.ts's claimsNothing). */
export function yesNoClaim(ctx: RuleContext, fact: YesNoFact, feature: RegExp | null): Claim | null {
  const { scope } = ctx;
  if (scope.header !== null && findAll(feature, scope.header, 0, scope.header.length).length > 0)
    return valueClaim(ctx, fact);
  const found = ctx.hits.find(feature, scope.from, scope.to).filter((h) => !ctx.brandAt(h.start));
  if (found.length === 0) return answerToTopic(ctx, fact, feature);
  if (ctx.hits.find(HEDGE_WORDS, scope.from, scope.to).length > 0) return null;
  return strongest(
    found.map((h) => {
      const said = polarity(ctx, h);
      return said === null ? null : claimOf(said === fact.value, h.start, h.end);
    }),
  );
}
