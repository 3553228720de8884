import { ASPECTS, OPINIONS, OPINION_CLASSES } from './lexicon/attribute-aspects';
import { CONCEPTS } from './lexicon/attributes';
import { BLOCKERS, CONTRAST_MARKERS, DAMPENERS, INTENSIFIERS, NEGATORS } from './lexicon/function-words';
import { LANGS, langOf, type Lang } from './lexicon/lang';
import { SENTIMENT_WORDS } from './lexicon/sentiment-words';
import { CAUTION_CUES, MAJORITY_CUES, REC_CUES, TOP_CUES } from './lexicon/status-cues';
import { PhraseIndexBuilder, type PhraseIndex } from './phrase-index';

// One phrase index per language, built on first use and kept for the process (a few thousand
// phrases: built in about a millisecond, then shared by every answer in that language). Only
// the answer's language is read: lists of different languages share spellings with other
// meanings (Italian "fine" = end, French "mai" = May, Spanish "sin" = without).

const INTENSIFY = 1.3;
const DAMPEN = 0.6;
/** Cue words also set the tone: a top pick is praise, a warning is blame. */
const CUE_SENTIMENT = { top: 2, rec: 1.5, caution: -2.5 } as const;

const cache = new Map<Lang, PhraseIndex>();

function addCues(b: PhraseIndexBuilder, lang: Lang): void {
  for (const p of TOP_CUES[lang]) b.add(p, { cue: 'top', senti: CUE_SENTIMENT.top });
  for (const p of REC_CUES[lang]) b.add(p, { cue: 'rec', senti: CUE_SENTIMENT.rec });
  for (const p of CAUTION_CUES[lang]) b.add(p, { cue: 'caution', senti: CUE_SENTIMENT.caution });
  for (const p of MAJORITY_CUES[lang]) b.add(p, { majority: true });
}

function addFunctionWords(b: PhraseIndexBuilder, lang: Lang): void {
  for (const p of NEGATORS[lang]) b.add(p, { negator: true });
  for (const p of CONTRAST_MARKERS[lang]) b.add(p, { contrast: true });
  for (const p of INTENSIFIERS[lang]) b.add(p, { scale: INTENSIFY });
  for (const p of DAMPENERS[lang]) b.add(p, { scale: DAMPEN });
  for (const p of BLOCKERS[lang]) b.add(p, {});
}

function addQualities(b: PhraseIndexBuilder, lang: Lang): void {
  CONCEPTS.forEach((c, i) => {
    const senti = c.polarity === 'positive' ? 1.5 : c.polarity === 'negative' ? -1.5 : 0;
    for (const p of c.words[lang] ?? []) b.add(p, { concept: i, senti });
  });
  ASPECTS.forEach((a, i) => {
    for (const p of a.words[lang] ?? []) b.add(p, { aspect: i });
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

// Frequent short words of each language, to tell the language of an answer without a hint.
// prettier-ignore
const MARKERS: Readonly<Record<Exclude<Lang, 'ja'>, readonly string[]>> = {
  en: ['the', 'and', 'is', 'for', 'with', 'you', 'it', 'are', 'of', 'to', 'but'],
  de: ['und', 'der', 'die', 'das', 'ist', 'nicht', 'mit', 'sie', 'fur', 'ein', 'eine', 'auch'],
  fr: ['le', 'la', 'les', 'et', 'est', 'des', 'pour', 'une', 'vous', 'avec', 'du', 'mais'],
  es: ['el', 'los', 'las', 'y', 'es', 'para', 'con', 'una', 'que', 'por', 'pero', 'muy'],
  it: ['il', 'gli', 'e', 'per', 'con', 'una', 'che', 'di', 'della', 'sono', 'non', 'ma'],
  pt: ['o', 'os', 'e', 'para', 'com', 'uma', 'que', 'nao', 'do', 'da', 'mais', 'voce'],
};
const MARKER_LANG = new Map<string, Lang[]>();
for (const [lang, words] of Object.entries(MARKERS) as [Lang, readonly string[]][]) {
  for (const w of words) MARKER_LANG.set(w, [...(MARKER_LANG.get(w) ?? []), lang]);
}
const KANA = /[\p{scx=Hiragana}\p{scx=Katakana}]/gu;
/** Kana characters per marker word: Japanese wins when kana outnumber marker words this much. */
const KANA_PER_WORD = 2;
const SAMPLE_CHARS = 3000;

/**
 * Whether the sample may hold a character of KANA: below U+3000 only two combining marks
 * (U+0305, U+0323) have kana among their scripts, so a Latin answer skips the regular expression.
 */
function mayHaveKana(sample: string): boolean {
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c >= 0x3000 || c === 0x305 || c === 0x323) return true;
  }
  return false;
}

/** Longest marker word: an ASCII word longer than it is no marker, and is not even cut out. */
const MARKER_MAX = Math.max(...[...MARKER_LANG.keys()].map((w) => w.length));

/** A word of at most MARKER_MAX ASCII letters as a number (base 32, case folded): no string cut out. */
function asciiWordCode(s: string, from: number, to: number): number {
  let code = 0;
  for (let i = from; i < to; i++) code = code * 32 + ((s.charCodeAt(i) | 0x20) - 0x60);
  return code;
}
const MARKER_BY_CODE = new Map<number, Lang[]>();
for (const [word, langs] of MARKER_LANG) {
  if (/^[a-z]+$/u.test(word)) MARKER_BY_CODE.set(asciiWordCode(word, 0, word.length), langs);
}

function countLangs(langs: readonly Lang[] | undefined, counts: Map<Lang, number>): void {
  if (langs !== undefined) for (const lang of langs) counts.set(lang, (counts.get(lang) ?? 0) + 1);
}

/**
 * Marker words of the sample, counted as if the whole sample were lower-cased, decomposed
 * (NFKD), stripped of marks and cut into letter runs. An ASCII character other than a letter is
 * left alone by all three steps and is no letter, so it always ends a word: the sample is cut
 * there into pieces, a piece of ASCII letters is only case-folded (most of a Latin answer), and
 * a piece with any other character goes through the three steps on its own ("für" is "fur").
 */
function countMarkers(sample: string, counts: Map<Lang, number>): void {
  let start = 0;
  let ascii = true;
  for (let i = 0; i <= sample.length; i++) {
    const c = i < sample.length ? sample.charCodeAt(i) : 0x20;
    if (c >= 0x80) {
      ascii = false;
      continue;
    }
    const lower = c | 0x20;
    if (lower >= 0x61 && lower <= 0x7a) continue;
    if (i > start) {
      if (!ascii) {
        const piece = sample.slice(start, i).toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');
        for (const w of piece.match(/\p{L}+/gu) ?? []) countLangs(MARKER_LANG.get(w), counts);
      } else if (i - start <= MARKER_MAX)
        countLangs(MARKER_BY_CODE.get(asciiWordCode(sample, start, i)), counts);
    }
    start = i + 1;
    ascii = true;
  }
}

/** The judge's language for an answer: the hint when the judge has lists for it, else a guess. */
export function answerLanguage(hint: string | null | undefined, text: string): Lang {
  const fromHint = langOf(hint);
  if (fromHint !== null) return fromHint;
  const sample = text.slice(0, SAMPLE_CHARS);
  const kana = mayHaveKana(sample) ? (sample.match(KANA)?.length ?? 0) : 0;
  const counts = new Map<Lang, number>();
  countMarkers(sample, counts);
  let best: Lang = 'en';
  let bestCount = 0;
  for (const lang of LANGS) {
    const n = counts.get(lang) ?? 0;
    if (n > bestCount) {
      best = lang;
      bestCount = n;
    }
  }
  // A katakana brand name in a German answer does not make it Japanese; a Japanese answer has
  // far more kana than any other language's marker words.
  return kana / KANA_PER_WORD > bestCount ? 'ja' : best;
}
