import { ASPECTS, OPINIONS, OPINION_CLASSES } from './lexicon/attribute-aspects';
import { ASPECT_WORDS, CONCEPT_WORDS, type WordsByKey } from './lexicon/attribute-words';
import { CONCEPTS } from './lexicon/attributes';
import {
  ARABIC_PROCLITICS,
  BLOCKERS,
  CONTRAST_ENDINGS,
  CONTRAST_MARKERS,
  DAMPENERS,
  INTENSIFIERS,
  NEGATORS,
  NEGATION_WINDOW,
  NEGATION_WINDOWS,
  NEGATORS_AFTER,
  POST_NEGATORS,
} from './lexicon/function-words';
import { EVENT_SCORES, HEDGE_CUES } from './lexicon/event-frames';
import { REPORT_FRAMES } from './lexicon/report-frames';
import type { Lang } from './lexicon/lang';
import { SENTIMENT_WORDS } from './lexicon/sentiment-words';
import {
  CAUTION_CUES,
  CASE_REC_CUES,
  MAJORITY_CUES,
  NEWS_CUES,
  PAST_CUES,
  REC_CUES,
  TOP_CUES,
} from './lexicon/status-cues';
import { PhraseIndexBuilder, type Payload, type PhraseIndex } from './phrase-index';

// One phrase index per language, built on first use and kept for the process (a few thousand
// phrases: built in about a millisecond, then shared by every answer in that language). Only
// the answer's language is read: lists of different languages share spellings with other
// meanings (Italian "fine" = end, French "mai" = May, Spanish "sin" = without).

const INTENSIFY = 1.3;
const DAMPEN = 0.6;
/** Cue words also set the tone: a top pick is praise, a warning is blame. */
const CUE_SENTIMENT = { top: 2, rec: 1.5, caution: -2.5 } as const;
/** Praise that is past ("used to be the go-to") says the present falls short of it. */
const PAST_SENTIMENT = -1;

const cache = new Map<Lang, PhraseIndex>();

/** Adds a pattern to the index: the pattern as written, and in Arabic with its proclitics. */
interface Adder {
  add(pattern: string, payload: Payload): void;
}

const ARABIC_LETTER = /^[\u0621-\u064a]/u;
const ARABIC_ARTICLE = 'ال';

/**
 * An Arabic pattern with each proclitic glued to its first word ("افضل" → "الافضل", "والافضل",
 * "للافضل"); "ل" before the article drops its alef ("ل" + "الخيار" is "للخيار").
 */
function arabicSpellings(pattern: string): string[] {
  const trimmed = pattern.trim();
  if (!ARABIC_LETTER.test(trimmed)) return [trimmed];
  const out = [trimmed];
  if (trimmed.startsWith(ARABIC_ARTICLE)) {
    for (const p of ['و', 'ف', 'ب', 'ك']) out.push(p + trimmed);
    for (const p of ['ل', 'ول', 'فل']) out.push(p + trimmed.slice(1));
  } else for (const p of ARABIC_PROCLITICS) out.push(p + trimmed);
  return out;
}

function adderFor(b: PhraseIndexBuilder, lang: Lang): Adder {
  if (lang !== 'ar') return b;
  return { add: (pattern, payload) => arabicSpellings(pattern).forEach((p) => b.add(p, payload)) };
}

function addCues(b: Adder, lang: Lang): void {
  for (const p of TOP_CUES[lang]) b.add(p, { cue: 'top', senti: CUE_SENTIMENT.top });
  for (const p of REC_CUES[lang]) b.add(p, { cue: 'rec', senti: CUE_SENTIMENT.rec });
  for (const p of CAUTION_CUES[lang]) b.add(p, { cue: 'caution', senti: CUE_SENTIMENT.caution });
  // A recommendation limited to one case ("only if you need …") says nothing of the tone.
  for (const p of CASE_REC_CUES[lang] ?? []) b.add(p, { cue: 'rec', senti: 0 });
  for (const p of PAST_CUES[lang] ?? []) b.add(p, { past: true, senti: PAST_SENTIMENT });
  for (const p of HEDGE_CUES[lang] ?? []) b.add(p, { cue: 'rec', hedge: true, senti: 0 });
  for (const p of NEWS_CUES[lang] ?? []) b.add(p, { news: true });
  for (const p of REPORT_FRAMES[lang] ?? []) b.add(p, { report: true });
  for (const p of MAJORITY_CUES[lang]) b.add(p, { majority: true });
}

function addFunctionWords(b: Adder, lang: Lang): void {
  for (const p of NEGATORS[lang]) b.add(p, { negator: true });
  for (const p of POST_NEGATORS[lang] ?? []) b.add(p, { postNegator: true });
  for (const p of NEGATORS_AFTER[lang] ?? []) b.add(p, { negatorAfter: true });
  for (const p of CONTRAST_MARKERS[lang]) b.add(p, { contrast: true });
  for (const p of INTENSIFIERS[lang]) b.add(p, { scale: INTENSIFY });
  for (const p of DAMPENERS[lang]) b.add(p, { scale: DAMPEN });
  for (const p of BLOCKERS[lang]) b.add(p, {});
}

/** The words of `byKey` for each key of `keys` (in its order), refusing a key that is not there. */
function wordsByKey(
  byKey: WordsByKey | undefined,
  keys: readonly string[],
  what: string,
): (readonly string[])[] {
  for (const key of Object.keys(byKey ?? {})) {
    if (!keys.includes(key)) throw new Error(`attribute-words.ts: no ${what} "${key}"`);
  }
  return keys.map((key) => byKey?.[key] ?? []);
}

/** Aspects are keyed by their first English word ("support", "battery"). */
const aspectKeys = (): string[] => ASPECTS.map((a) => a.words.en?.[0] ?? '');

function addQualities(b: Adder, lang: Lang): void {
  const conceptWords = wordsByKey(
    CONCEPT_WORDS[lang],
    CONCEPTS.map((c) => c.key),
    'concept',
  );
  CONCEPTS.forEach((c, i) => {
    const senti = c.polarity === 'positive' ? 1.5 : c.polarity === 'negative' ? -1.5 : 0;
    for (const p of [...(c.words[lang] ?? []), ...(conceptWords[i] ?? [])]) b.add(p, { concept: i, senti });
  });
  const aspectWords = wordsByKey(ASPECT_WORDS[lang], aspectKeys(), 'aspect');
  ASPECTS.forEach((a, i) => {
    for (const p of [...(a.words[lang] ?? []), ...(aspectWords[i] ?? [])]) b.add(p, { aspect: i });
  });
  for (const cls of OPINION_CLASSES) {
    for (const p of OPINIONS[lang][cls] ?? []) b.add(p, { opinion: cls });
  }
  for (const [score, words] of Object.entries(SENTIMENT_WORDS[lang])) {
    for (const p of words ?? []) b.add(p, { senti: Number(score) });
  }
  for (const [score, words] of Object.entries(EVENT_SCORES[lang] ?? {})) {
    for (const p of words ?? []) b.add(p, { senti: Number(score) });
  }
}

/** The index for `lang`, compiled once. */
export function phraseIndexFor(lang: Lang): PhraseIndex {
  const hit = cache.get(lang);
  if (hit !== undefined) return hit;
  const b = new PhraseIndexBuilder({
    cjkNegation: lang === 'zh' ? 'before' : 'after',
    negationWindow: NEGATION_WINDOWS[lang] ?? NEGATION_WINDOW,
    contrastEndings: CONTRAST_ENDINGS[lang] ?? [],
  });
  const adder = adderFor(b, lang);
  // Order matters only for merged payloads: the first list to name a phrase sets each role.
  addCues(adder, lang);
  addFunctionWords(adder, lang);
  addQualities(adder, lang);
  const index = b.build();
  cache.set(lang, index);
  return index;
}
