import { LANGS, langOf, type Lang } from './lexicon/lang';

// The language an answer is written in, told without a library (none is installed, and the
// judge runs at ingest within a fraction of a millisecond): first the script of its letters
// (Hangul, Cyrillic, Arabic, Thai, Han without kana…, each one language or a few), then, for
// Latin-script text, the most frequent short words of each language. The judge reads only the
// languages it has lists for (lexicon/lang.ts LANGS); an answer in any other is not judged.

// Frequent short words of each language, folded (lower case, accents removed). A word shared
// by two languages counts for both; words frequent in a read language (French "de", "je", "en")
// are left out of the others' lists. Languages the judge does not read are listed too, so that
// their answers are told apart instead of being read as English.
// prettier-ignore
const MARKERS: Readonly<Record<string, readonly string[]>> = {
  en: ['the', 'and', 'is', 'for', 'with', 'you', 'it', 'are', 'of', 'to', 'but'],
  de: ['und', 'der', 'die', 'das', 'ist', 'nicht', 'mit', 'sie', 'fur', 'ein', 'eine', 'auch'],
  fr: ['le', 'la', 'les', 'et', 'est', 'des', 'pour', 'une', 'vous', 'avec', 'du', 'mais'],
  es: ['el', 'los', 'las', 'y', 'es', 'para', 'con', 'una', 'que', 'por', 'pero', 'muy'],
  it: ['il', 'gli', 'e', 'per', 'con', 'una', 'che', 'di', 'della', 'sono', 'non', 'ma'],
  pt: ['o', 'os', 'e', 'para', 'com', 'uma', 'que', 'nao', 'do', 'da', 'mais', 'voce'],
  nl: ['het', 'een', 'is', 'van', 'niet', 'voor', 'zijn', 'ook', 'maar', 'dat', 'wel', 'bij', 'deze', 'wordt', 'heeft'],
  pl: ['jest', 'nie', 'sie', 'na', 'dla', 'ale', 'jak', 'ze', 'czy', 'oraz', 'lub', 'tak', 'w', 'z', 'od', 'przez', 'sa',
    'tylko', 'juz', 'ktore', 'ktory', 'jesli', 'po', 'bardzo', 'tego'],
  sv: ['och', 'att', 'det', 'som', 'ar', 'med', 'inte', 'har', 'pa', 'av', 'men', 'eller', 'for', 'ett', 'dig', 'du', 'jag',
    'till', 'kan', 'bara', 'nar', 'ocksa', 'mycket'],
  tr: ['ve', 'bir', 'bu', 'icin', 'ile', 'cok', 'daha', 'ama', 'gibi', 'degil', 'olan', 'ancak'],
  da: ['og', 'ikke', 'til', 'af', 'jeg', 'paa', 'ogsa', 'eller', 'hvis', 'meget', 'er', 'bedste', 'mange', 'vil', 'skal',
    'kun', 'nogle', 'din', 'dit', 'mere', 'ved', 'efter', 'hvad', 'hvor'],
  no: ['ikke', 'er', 'jeg', 'og', 'ogsa', 'beste', 'mye', 'noen', 'deg', 'hva', 'hvordan', 'enn', 'veldig', 'bedre'],
  fi: ['ja', 'on', 'ei', 'etta', 'mutta', 'kun', 'myos', 'tai', 'ovat', 'joka'],
  cs: ['pro', 'jako', 'ktery', 'jsou', 'neni', 'take', 'nebo', 'jeho'],
  ro: ['este', 'pentru', 'nu', 'sau', 'sunt', 'acest', 'iar', 'fie'],
  hu: ['az', 'hogy', 'nem', 'egy', 'meg', 'csak', 'mint', 'vagy', 'ez'],
  id: ['dan', 'yang', 'ini', 'untuk', 'dengan', 'tidak', 'itu', 'dari', 'adalah', 'juga'],
  vi: ['va', 'cua', 'cac', 'nhung', 'khong', 'duoc', 'mot', 'voi', 'nay'],
};
const MARKER_LANG = new Map<string, string[]>();
for (const [lang, words] of Object.entries(MARKERS)) {
  for (const w of words) MARKER_LANG.set(w, [...(MARKER_LANG.get(w) ?? []), lang]);
}
const MARKER_ORDER = Object.keys(MARKERS);
const READ = new Set<string>(LANGS);
/** Read languages with a script of their own: a hint for one does not make a Latin answer one. */
const OWN_SCRIPT: ReadonlySet<Lang> = new Set<Lang>(['ru', 'ar', 'ko', 'zh']);
const SAMPLE_CHARS = 3000;
/** With a hint the judge reads, only the script is checked, on the answer's opening. */
const HINTED_SAMPLE_CHARS = 600;
/** Marker words an unhinted Latin-script answer needs before it is told to be in a language the judge does not read. */
const MIN_UNREAD_MARKERS = 2;
/** Kana characters per marker word: Japanese wins when kana outnumber marker words this much. */
const KANA_PER_WORD = 2;

/** Longest marker word: an ASCII word longer than it is no marker, and is not even cut out. */
const MARKER_MAX = Math.max(...[...MARKER_LANG.keys()].map((w) => w.length));

/** A word of at most MARKER_MAX ASCII letters as a number (base 32, case folded): no string cut out. */
function asciiWordCode(s: string, from: number, to: number): number {
  let code = 0;
  for (let i = from; i < to; i++) code = code * 32 + ((s.charCodeAt(i) | 0x20) - 0x60);
  return code;
}
const MARKER_BY_CODE = new Map<number, string[]>();
for (const [word, langs] of MARKER_LANG) {
  if (/^[a-z]+$/u.test(word)) MARKER_BY_CODE.set(asciiWordCode(word, 0, word.length), langs);
}

function countLangs(langs: readonly string[] | undefined, counts: Map<string, number>): void {
  if (langs !== undefined) for (const lang of langs) counts.set(lang, (counts.get(lang) ?? 0) + 1);
}

/**
 * Marker words of the sample, counted as if the whole sample were lower-cased, decomposed
 * (NFKD), stripped of marks and cut into letter runs. An ASCII character other than a letter is
 * left alone by all three steps and is no letter, so it always ends a word: the sample is cut
 * there into pieces, a piece of ASCII letters is only case-folded (most of a Latin answer), and
 * a piece with any other character goes through the three steps on its own ("für" is "fur").
 */
function countMarkers(sample: string, counts: Map<string, number>): void {
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
        const piece = sample
          .slice(start, i)
          .toLowerCase()
          .normalize('NFKD')
          .replace(/\p{M}/gu, '')
          .replace(/ı/gu, 'i');
        for (const w of piece.match(/\p{L}+/gu) ?? []) countLangs(MARKER_LANG.get(w), counts);
      } else if (i - start <= MARKER_MAX)
        countLangs(MARKER_BY_CODE.get(asciiWordCode(sample, start, i)), counts);
    }
    start = i + 1;
    ascii = true;
  }
}

/** Letters per script of the sample, for the scripts that tell a language. */
interface ScriptCounts {
  latinWords: number;
  kana: number;
  han: number;
  /** Words (letter runs) of alphabetic scripts, characters / 2 of Thai: comparable to latinWords. */
  other: Map<string, number>;
}

/** The language a script's letters tell (the most used one for scripts shared by several). */
function scriptOf(c: number): string | null {
  if (c < 0x370) return null;
  if (c <= 0x3ff) return 'el';
  if (c <= 0x52f) return 'cyrl';
  if (c >= 0x590 && c <= 0x5ff) return 'he';
  if ((c >= 0x600 && c <= 0x6ff) || (c >= 0x750 && c <= 0x77f) || (c >= 0xfb50 && c <= 0xfeff)) return 'arab';
  if (c >= 0x900 && c <= 0x97f) return 'hi';
  if (c >= 0xe00 && c <= 0xe7f) return 'th';
  if ((c >= 0x1100 && c <= 0x11ff) || (c >= 0x3130 && c <= 0x318f) || (c >= 0xac00 && c <= 0xd7af))
    return 'ko';
  return null;
}

const isLatinLetter = (c: number): boolean =>
  ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) || (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7);
const isKana = (c: number): boolean =>
  (c >= 0x3040 && c <= 0x30ff) || (c >= 0x31f0 && c <= 0x31ff) || (c >= 0xff66 && c <= 0xff9f);
const isHan = (c: number): boolean => (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf);

/**
 * A character a script count looks for: typographic marks (U+2000–U+2BFF: dashes, quotes, €,
 * arrows) and surrogates (emoji) are no letters of those scripts.
 */
const BEYOND_LATIN = /[\u0370-\u1fff\u2c00-\ud7af\uf900-\uffef]/;

/** Whether the sample may have a letter a script count looks for, so a Latin answer skips the count. */
function beyondLatin(sample: string): boolean {
  return BEYOND_LATIN.test(sample);
}

function hasKana(sample: string): boolean {
  for (let i = 0; i < sample.length; i++) if (isKana(sample.charCodeAt(i))) return true;
  return false;
}

function countScripts(sample: string): ScriptCounts {
  const out: ScriptCounts = { latinWords: 0, kana: 0, han: 0, other: new Map() };
  let prev: string | null = null;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    let script: string | null = null;
    if (isLatinLetter(c)) script = 'latn';
    else if (isKana(c)) out.kana++;
    else if (isHan(c)) out.han++;
    else script = scriptOf(c);
    if (script === 'latn' && prev !== 'latn') out.latinWords++;
    else if (script === 'th') out.other.set('th', (out.other.get('th') ?? 0) + 0.5);
    else if (script !== null && script !== 'latn' && script !== prev)
      out.other.set(script, (out.other.get(script) ?? 0) + 1);
    prev = script;
  }
  return out;
}

/** Cyrillic and Arabic script: the language its letters point to. */
function refine(script: string, sample: string): string {
  if (script === 'cyrl') return /[іїєґ]/iu.test(sample) ? 'uk' : 'ru';
  if (script === 'arab') return /[پچژگ]/u.test(sample) ? 'fa' : 'ar';
  return script;
}

/** The language by script when the letters are mostly of one other than Latin; null: Latin. */
function languageByScript(sample: string, markers: number): string | null {
  if (!beyondLatin(sample)) return null;
  const s = countScripts(sample);
  // A katakana brand name in a German answer does not make it Japanese; a Japanese answer has
  // far more kana than any other language's marker words.
  if (s.kana / KANA_PER_WORD > markers && s.kana > 0) return 'ja';
  let best: string | null = null;
  let bestN = s.latinWords;
  if (s.han / 2 > bestN) {
    best = s.kana > 0 ? 'ja' : 'zh';
    bestN = s.han / 2;
  }
  for (const [script, n] of s.other) {
    if (n > bestN) {
      best = script;
      bestN = n;
    }
  }
  return best === null ? null : refine(best, sample);
}

/** The language of Latin-script text by its marker words, with their count; 'en' when none. */
function languageByMarkers(sample: string): { lang: string; n: number; counts: Map<string, number> } {
  const counts = new Map<string, number>();
  countMarkers(sample, counts);
  let lang = 'en';
  let n = 0;
  for (const l of MARKER_ORDER) {
    // Read languages first among equals: MARKERS lists them first.
    const k = counts.get(l) ?? 0;
    if (k > n) {
      lang = l;
      n = k;
    }
  }
  return { lang, n, counts };
}

/** The language an answer is written in: a BCP 47 primary language ("de", "ko", "nl"). */
export function guessLanguage(text: string): string {
  const sample = text.slice(0, SAMPLE_CHARS);
  const latin = languageByMarkers(sample);
  return languageByScript(sample, latin.n) ?? latin.lang;
}

/** What the built-in judge reads an answer as: one of its languages, or one it does not read. */
export type JudgeLanguage = { read: Lang } | { unread: string };

/**
 * The hint when it names a language the judge reads, unless the text is written in the script
 * of another language (a Korean answer to a request in English), or the hint is a language of
 * its own script (Russian, Arabic, Korean, Chinese) and the text is Latin; otherwise the
 * language told from the text. A hint naming a language the judge does not read
 * ("fi") gives way only to a read language whose marker words outnumber the hint's.
 */
export function judgeLanguage(hint: string | null | undefined, text: string): JudgeLanguage {
  const fromHint = langOf(hint);
  if (fromHint !== null) {
    // Only the script can overrule a read hint, so no marker word is counted (most of ingest),
    // and the answer's opening tells its script: reading 3,000 characters for it cost 1.5 % of
    // the judge. A Japanese hint stands once a kana is seen (only Han without kana overrules it).
    const opening = text.slice(0, HINTED_SAMPLE_CHARS);
    if (fromHint === 'ja' && hasKana(opening)) return { read: 'ja' };
    const byScript = languageByScript(opening, Infinity);
    if (byScript !== null) {
      const read = langOf(byScript);
      return read === null ? { unread: byScript } : { read };
    }
    // A hint for a language of another script on a Latin-script answer (a Korean market's
    // answer written in English) gives way to the text.
    if (!OWN_SCRIPT.has(fromHint)) return { read: fromHint };
  }
  const sample = text.slice(0, SAMPLE_CHARS);
  const latin = languageByMarkers(sample);
  const byScript = languageByScript(sample, latin.n);
  if (byScript !== null) {
    const read = langOf(byScript);
    return read === null ? { unread: byScript } : { read };
  }
  const hinted = hint?.trim().toLowerCase().split(/[-_]/u)[0] ?? '';
  if (hinted !== '' && !READ.has(hinted) && /^[a-z]{2,3}$/u.test(hinted)) {
    const read = langOf(latin.lang);
    return read !== null && latin.n > (latin.counts.get(hinted) ?? 0) ? { read } : { unread: hinted };
  }
  const read = langOf(latin.lang);
  if (read !== null) return { read };
  // One marker word is no evidence against English: "on every plan" has Finnish "on" and no
  // English marker word.
  return latin.n >= MIN_UNREAD_MARKERS ? { unread: latin.lang } : { read: 'en' };
}

/** The judge's language for an answer, a read one: the hint when the judge has lists for it, else a guess (English when unread). */
export function answerLanguage(hint: string | null | undefined, text: string): Lang {
  const fromHint = langOf(hint);
  if (fromHint !== null) return fromHint;
  const l = judgeLanguage(null, text);
  return 'read' in l ? l.read : 'en';
}
