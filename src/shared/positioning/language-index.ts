import { ASPECTS, OPINIONS, OPINION_CLASSES } from './lexicon/attribute-aspects';
import { ASPECT_WORDS, CONCEPT_WORDS, type WordsByKey } from './lexicon/attribute-words';
import { CONCEPTS } from './lexicon/attributes';
import {
  BLOCKERS,
  CONTRAST_MARKERS,
  DAMPENERS,
  INTENSIFIERS,
  NEGATORS,
  POST_NEGATORS,
} from './lexicon/function-words';
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
import { PhraseIndexBuilder, type PhraseIndex } from './phrase-index';

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

function addCues(b: PhraseIndexBuilder, lang: Lang): void {
  for (const p of TOP_CUES[lang]) b.add(p, { cue: 'top', senti: CUE_SENTIMENT.top });
  for (const p of REC_CUES[lang]) b.add(p, { cue: 'rec', senti: CUE_SENTIMENT.rec });
  for (const p of CAUTION_CUES[lang]) b.add(p, { cue: 'caution', senti: CUE_SENTIMENT.caution });
  // A recommendation limited to one case ("only if you need …") says nothing of the tone.
  for (const p of CASE_REC_CUES[lang] ?? []) b.add(p, { cue: 'rec', senti: 0 });
  for (const p of PAST_CUES[lang] ?? []) b.add(p, { past: true, senti: PAST_SENTIMENT });
  for (const p of NEWS_CUES[lang] ?? []) b.add(p, { news: true });
  for (const p of MAJORITY_CUES[lang]) b.add(p, { majority: true });
}

function addFunctionWords(b: PhraseIndexBuilder, lang: Lang): void {
  for (const p of NEGATORS[lang]) b.add(p, { negator: true });
  for (const p of POST_NEGATORS[lang] ?? []) b.add(p, { postNegator: true });
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

function addQualities(b: PhraseIndexBuilder, lang: Lang): void {
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
}

/** The index for `lang`, compiled once. */
export function phraseIndexFor(lang: Lang): PhraseIndex {
  const hit = cache.get(lang);
  if (hit !== undefined) return hit;
  const b = new PhraseIndexBuilder();
  // Order matters only for merged payloads: the first list to name a phrase sets each role.
  addCues(b, lang);
  addFunctionWords(b, lang);
  addQualities(b, lang);
  const index = b.build();
  cache.set(lang, index);
  return index;
}
