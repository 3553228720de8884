import { claimOf, strongest, type Claim, type RuleContext } from './claim';
import {
  APPROX,
  APPROX_AFTER,
  AT_LEAST,
  AT_LEAST_AFTER,
  AT_MOST,
  AT_MOST_AFTER,
  DUAL_NUMBERS,
  HAN_DIGITS,
  MULTIPLIERS,
  NUMBER_WORDS,
} from './lexicon';
import type { NumberFact } from './types';
import { findAll, foldPhrase, phraseSet, type Found } from './words';

// A number claim: a number next to the fact's words ("120 employees", "2 Millionen Nutzer",
// "ユーザーは200万人を超え"), with its multiplier and its qualifier: "about" widens the match to
// 10 %, "more than" and "fewer than" make it a bound. Amounts of money are never read as one.

const DEFAULT_TOLERANCE = 0.05;
const ROUGH = 0.1;
const NEAR = 25;
/** The multipliers as the folded text spells them (Korean "만" as jamo, Arabic "ألف" without its hamza). */
const FOLDED_MULTIPLIERS = new Map(Object.entries(MULTIPLIERS).map(([w, n]) => [foldPhrase(w), n]));
const MULTIPLIER_WORDS = [...FOLDED_MULTIPLIERS.keys()].sort((a, b) => b.length - a.length);
const MULTIPLIER = MULTIPLIER_WORDS.map((w) =>
  /^[\p{sc=Latin}\p{sc=Cyrillic}]+$/u.test(w) ? `${w}(?!\\p{L})` : w,
).join('|');
const APPROX_AFTER_WORDS = APPROX_AFTER.map(foldPhrase);
const NUMBER = new RegExp(
  String.raw`(?<![\d.,])(\d{1,3}(?:[.,\s]\d{3})+|\d+(?:[.,]\d+)?)\s?(${MULTIPLIER})?`,
  'gu',
);
/** A number word's value, folded ("tva" for "två"). */
const WORD_VALUES = new Map(
  Object.entries(NUMBER_WORDS).flatMap(([n, words]) => words.map((w) => [foldPhrase(w), Number(n)] as const)),
);
const HAN_VALUES = new Map(Object.entries(HAN_DIGITS).map(([c, n]) => [foldPhrase(c), n]));
const DUAL_VALUES = new Map(Object.entries(DUAL_NUMBERS).map(([w, n]) => [foldPhrase(w), n]));
const alternatives = (words: Iterable<string>): string =>
  [...words].sort((a, b) => b.length - a.length).join('|');
/** "two million", "两百万", "مليوني": a number without digits (groups: word and multiplier, Han digit and multiplier, dual). */
const WORD_NUMBER = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(${alternatives(WORD_VALUES.keys())})\s(${alternatives(
    MULTIPLIER_WORDS.filter((w) => /^[\p{sc=Latin}\p{sc=Cyrillic}]{3,}$/u.test(w)),
  )})(?!\p{L})` +
    `|([${[...HAN_VALUES.keys()].join('')}])(${alternatives(
      MULTIPLIER_WORDS.filter((w) => /^\p{sc=Han}+$/u.test(w)),
    )})` +
    String.raw`|(?<!\p{L})(${alternatives(DUAL_VALUES.keys())})(?!\p{L})`,
  'gu',
);

/** The value of a WORD_NUMBER match. */
function wordValue(m: RegExpExecArray): number | null {
  const [, word, multiplier, han, hanMultiplier, dual] = m;
  if (word !== undefined && multiplier !== undefined)
    return (WORD_VALUES.get(word) ?? 0) * (FOLDED_MULTIPLIERS.get(multiplier) ?? 1);
  if (han !== undefined && hanMultiplier !== undefined)
    return (HAN_VALUES.get(han) ?? 0) * (FOLDED_MULTIPLIERS.get(hanMultiplier) ?? 1);
  return dual === undefined ? null : (DUAL_VALUES.get(dual) ?? null);
}

const APPROX_WORDS = phraseSet(APPROX);
const AT_LEAST_WORDS = phraseSet(AT_LEAST);
const AT_MOST_WORDS = phraseSet(AT_MOST);

type Bound = 'exact' | 'approx' | 'at-least' | 'at-most';

interface NumberHit extends Found {
  value: number;
  bound: Bound;
}

function valueOf(digits: string, multiplier: string | undefined): number | null {
  const grouped = /^\d{1,3}(?:[.,\s]\d{3})+$/u.test(digits);
  const n = Number(grouped ? digits.replace(/[.,\s]/gu, '') : digits.replace(',', '.'));
  if (!Number.isFinite(n)) return null;
  return multiplier === undefined ? n : n * (FOLDED_MULTIPLIERS.get(multiplier) ?? 1);
}

function boundOf(ctx: RuleContext, start: number, end: number): Bound {
  const { f } = ctx;
  const from = ctx.scope.from;
  const before = (re: RegExp | null): boolean =>
    ctx.hits.find(re, Math.max(from, start - 16), start).some((h) => start - h.end <= 2);
  const after = f.slice(end, end + 12);
  if (before(AT_LEAST_WORDS) || AT_LEAST_AFTER.some((w) => after.includes(w))) return 'at-least';
  if (before(AT_MOST_WORDS) || AT_MOST_AFTER.some((w) => after.includes(w))) return 'at-most';
  if (before(APPROX_WORDS) || f.slice(Math.max(0, start - 2), start).includes('約')) return 'approx';
  if (APPROX_AFTER_WORDS.some((w) => after.includes(w))) return 'approx';
  return 'exact';
}

function numbersIn(ctx: RuleContext): NumberHit[] {
  const { f, scope, money } = ctx;
  const out: NumberHit[] = [];
  // The scope's text only (the search would otherwise read on to the end of the answer).
  const part = f.slice(0, scope.to);
  NUMBER.lastIndex = scope.from;
  for (let m = NUMBER.exec(part); m !== null; m = NUMBER.exec(part)) {
    const start = m.index;
    const end = start + m[0].length;
    if (money.some((p) => start < p.end && end > p.start)) continue;
    const value = valueOf((m[1] as string).trim(), m[2]);
    if (value !== null) out.push({ start, end, value, bound: boundOf(ctx, start, end) });
  }
  WORD_NUMBER.lastIndex = scope.from;
  for (let m = WORD_NUMBER.exec(part); m !== null; m = WORD_NUMBER.exec(part)) {
    const start = m.index;
    const end = start + m[0].length;
    const value = wordValue(m);
    if (value !== null && !out.some((n) => start < n.end && end > n.start))
      out.push({ start, end, value, bound: boundOf(ctx, start, end) });
  }
  return out.length > 1 ? out.sort((a, b) => a.start - b.start) : out;
}

function agrees(n: NumberHit, fact: NumberFact): boolean {
  const v = fact.value.value;
  const tolerance = Math.max(
    fact.value.tolerance ?? v * DEFAULT_TOLERANCE,
    n.bound === 'approx' ? v * ROUGH : 0,
  );
  if (n.bound === 'at-least') return v >= n.value - tolerance;
  if (n.bound === 'at-most') return v <= n.value + tolerance;
  return Math.abs(v - n.value) <= tolerance;
}

function nearest(numbers: readonly NumberHit[], t: Found): NumberHit | null {
  let best: NumberHit | null = null;
  let bestDistance = NEAR + 1;
  for (const n of numbers) {
    const d = n.start >= t.end ? n.start - t.end : n.end <= t.start ? t.start - n.end : NEAR + 1;
    if (d < bestDistance) {
      best = n;
      bestDistance = d;
    }
  }
  return best;
}

export function numberClaim(ctx: RuleContext, fact: NumberFact, words: RegExp | null): Claim | null {
  const { scope } = ctx;
  const inHeader = scope.header !== null && findAll(words, scope.header, 0, scope.header.length).length > 0;
  const triggers = inHeader ? [] : ctx.hits.find(words, scope.from, scope.to);
  // "How many users does it have? — More than 2 million": the measure named by the question.
  const asked =
    triggers.length === 0 &&
    ctx.topic !== null &&
    ctx.hits.find(words, ctx.topic.from, ctx.topic.to).length > 0;
  if (!inHeader && !asked && triggers.length === 0) return null;
  const numbers = numbersIn(ctx);
  if (numbers.length === 0) return null;
  if (inHeader || asked) {
    const n = numbers[0] as NumberHit;
    return claimOf(agrees(n, fact), n.start, n.end);
  }
  return strongest(
    triggers.map((t) => {
      const n = nearest(numbers, t);
      return n === null ? null : claimOf(agrees(n, fact), Math.min(t.start, n.start), Math.max(t.end, n.end));
    }),
  );
}
