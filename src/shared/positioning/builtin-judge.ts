import { compileBrandMatcher, mentionTriples, type BrandMatcher } from '../analytics/brand-matcher';
import type { BrandDefinition } from '../analytics/brand-types';
import type { FoldedText } from '../analytics/text-fold';
import { analyseAnswer } from './analyse';
import { withFoils } from './foil';
import { answerText, foldAnswer } from './answer-text';
import type { MentionRef } from './context';
import { judgeLanguage } from './language-guess';
import { phraseIndexFor } from './language-index';
import { sentimentOf, statusesOf, type BrandSignals } from './signals';
import { notJudgedNote } from './not-judged';
import type { BrandPositioning, BuiltinJudge, BuiltinVerdict, Evidence, JudgeInput, JudgeRef } from './types';
import { sortByStart } from './sort-by-start';

/**
 * The built-in judge's identity. Bump `version` whenever its output for the same input can
 * change (a lexicon entry, a weight, a threshold, a structure rule): stored positionings carry
 * it, and a new version is what makes the archive re-score.
 */
export const BUILTIN_JUDGE_REF: JudgeRef = Object.freeze({ id: 'builtin', version: '14' });

const MAX_EVIDENCE = 3;
const MATCHER_CACHE_SIZE = 64;
const URL = /\bhttps?:\/\/[^\s)\]>"]+|\bwww\.[^\s)\]>"]+/gu;

// Matchers by brand set: ingest judges many answers with the same brands, so the alternation
// of every alias is compiled once per set, not per answer. Keyed by the array first (free),
// then by the content (a new array with the same brands, as stores build per call).
const byArray = new WeakMap<readonly BrandDefinition[], BrandMatcher>();
const byKey = new Map<string, BrandMatcher>();

function brandSetKey(brands: readonly BrandDefinition[]): string {
  return JSON.stringify(brands.map((b) => [b.id, b.name, b.aliases, b.domains]));
}

/** The compiled matcher for a brand set, from the cache when the same set was seen. */
export function matcherFor(brands: readonly BrandDefinition[]): BrandMatcher {
  const hit = byArray.get(brands);
  if (hit !== undefined) return hit;
  const key = brandSetKey(brands);
  let matcher = byKey.get(key);
  if (matcher === undefined) {
    matcher = compileBrandMatcher(brands);
    if (byKey.size >= MATCHER_CACHE_SIZE) byKey.delete(byKey.keys().next().value as string);
    byKey.set(key, matcher);
  }
  byArray.set(brands, matcher);
  return matcher;
}

function urlRanges(text: string): Array<[number, number]> {
  // Every URL matched holds "://" or "www.": ':' is rarer than 'h' for the search to stop at.
  if (!text.includes('://') && !text.includes('www.')) return [];
  return [...text.matchAll(URL)].map((m) => [m.index, m.index + m[0].length]);
}

const brandIndexes = new WeakMap<BrandMatcher, Int32Array>();

/**
 * The index a mention of brand b is judged under: b's id's last index in the matcher's brands
 * (b itself unless two brands share an id), built once per matcher.
 */
function brandIndexOf(matcher: BrandMatcher): Int32Array {
  let table = brandIndexes.get(matcher);
  if (table === undefined) {
    const byId = new Map(matcher.brands.map((b, i) => [b.id, i]));
    table = Int32Array.from(matcher.brands, (b) => byId.get(b.id) as number);
    brandIndexes.set(matcher, table);
  }
  return table;
}

function splitMentions(
  text: string,
  fold: FoldedText,
  matcher: BrandMatcher,
): { inText: MentionRef[]; inUrls: MentionRef[] } {
  const indexOf = brandIndexOf(matcher);
  const urls = urlRanges(text);
  const inText: MentionRef[] = [];
  const inUrls: MentionRef[] = [];
  if (text === '') return { inText, inUrls };
  const found = mentionTriples(matcher, fold);
  for (let k = 0; k < found.length; k += 3) {
    const start = found[k + 1] as number;
    const end = found[k + 2] as number;
    const ref = { brand: indexOf[found[k] as number] as number, start, end };
    if (urls.length > 0 && urls.some(([s, e]) => start >= s && end <= e)) inUrls.push(ref);
    else inText.push(ref);
  }
  return { inText, inUrls };
}

function evidenceOf(text: string, s: BrandSignals): Evidence[] {
  let top = -Infinity;
  for (const e of s.evidence.values()) if (e.weight > top) top = e.weight;
  const best: Array<{ start: number; end: number }> = [];
  for (const e of s.evidence.values()) if (e.weight === top) best.push(e);
  if (best.length > 1) sortByStart(best);
  if (best.length > MAX_EVIDENCE) best.length = MAX_EVIDENCE;
  return best.map((e) => ({ text: text.slice(e.start, e.end), start: e.start, end: e.end }));
}

/**
 * Positioning of every brand `input.text` names, in the order of `input.brands`; an answer
 * naming a brand in a language the judge does not read is not judged (its note says which).
 */
export function verdictWithMatcher(matcher: BrandMatcher, input: JudgeInput): BuiltinVerdict {
  const { text } = input;
  if (text === '' || matcher.brands.length === 0) return [];
  const fold = foldAnswer(text);
  const { inText, inUrls } = splitMentions(text, fold, matcher);
  if (inText.length === 0 && inUrls.length === 0) return [];
  const language = judgeLanguage(input.language, text);
  if ('unread' in language) return { notScored: notJudgedNote(language.unread) };
  const lang = language.read;
  const index = phraseIndexFor(lang);
  const answer = answerText(text, fold, inText, index.byChar.size > 0);
  const analysis = analyseAnswer(answer, inText, inUrls, matcher.brands.length, lang, index);
  const out: BrandPositioning[] = [];
  const sentiments = analysis.signals.map((s) => (s === null ? null : sentimentOf(s)));
  const tones = sentiments.map((x) => x?.score ?? 0);
  const read = statusesOf(
    analysis.signals,
    tones,
    analysis.advice,
    analysis.news,
    analysis.indirect,
    analysis.weighed,
  );
  // Beside a brand the answer recommends, a brand with a failure told of it is the foil.
  const statuses = analysis.indirect && !analysis.news ? withFoils(read, analysis.signals, tones) : read;
  analysis.signals.forEach((s, i) => {
    const sentiment = sentiments[i];
    const status = statuses[i];
    if (
      s === null ||
      sentiment === null ||
      sentiment === undefined ||
      status === null ||
      status === undefined
    )
      return;
    out.push({
      brandId: (matcher.brands[i] as BrandDefinition).id,
      status,
      sentiment,
      evidence: evidenceOf(text, s),
      attributes: [...s.attributes.values()],
      judge: BUILTIN_JUDGE_REF,
    });
  });
  return out;
}

/** judgeWithMatcher's positionings, none for an answer in a language the judge does not read. */
export function judgeWithMatcher(matcher: BrandMatcher, input: JudgeInput): BrandPositioning[] {
  const verdict = verdictWithMatcher(matcher, input);
  return Array.isArray(verdict) ? verdict : [];
}

/**
 * A built-in judge for one brand set, compiled once; `judge` uses it when the input's brands
 * are that set (or equal to it) and the cached matcher of the input's set otherwise.
 */
export function createBuiltinJudge(brands: readonly BrandDefinition[]): BuiltinJudge {
  const own = matcherFor(brands);
  return {
    ref: BUILTIN_JUDGE_REF,
    judge(input: JudgeInput): BrandPositioning[] {
      return judgeWithMatcher(input.brands === brands ? own : matcherFor(input.brands), input);
    },
    verdict(input: JudgeInput): BuiltinVerdict {
      return verdictWithMatcher(input.brands === brands ? own : matcherFor(input.brands), input);
    },
  };
}

/** One-call form: the matcher comes from the cache keyed by the brand set. */
export function judgePositioning(input: JudgeInput): BrandPositioning[] {
  return judgeWithMatcher(matcherFor(input.brands), input);
}

/** judgePositioning with "not judged" for an answer in a language the judge does not read. */
export function builtinVerdict(input: JudgeInput): BuiltinVerdict {
  return verdictWithMatcher(matcherFor(input.brands), input);
}
