import { foldText } from './text-fold';

// Competitor discovery: the key under which spellings of one name are pooled ("Acme",
// "ACME Inc.", "Acme, Inc." → "acme") and the test for a string that reads like a name.
//
// Key: NFKC (full-width and half-width forms, ligatures), Japanese company markers removed
// (株式会社, 有限会社, 合同会社, (株), (有)), then the brand matcher's folding (text-fold: case,
// diacritics, letters spelled out such as ß → ss, the Japanese voicing marks kept, as ガ is not
// カ), so a name a defined brand's matcher would fold to the brand is keyed like it; recomposed
// (NFC) so kana and Hangul keys read as written. Then '&' / '+' read as 'and', every other
// punctuation or symbol a space, spaces collapsed, trailing legal forms dropped (Inc, Ltd, LLC,
// GmbH, AG, Co, Corp, S.A., SAS, KK, & Co …) as long as a name is left.

const JAPANESE_MARKERS = /株式会社|有限会社|合同会社|合資会社|合名会社|\((?:株|有)\)|（(?:株|有)）/gu;
/** Apostrophes join ("Levi's" → "levis"); every other punctuation or symbol separates. */
const APOSTROPHES = /['’ʼ`´]/gu;
const SEPARATORS = /[\p{P}\p{S}\s]+/gu;

/** Legal forms as token sequences (after punctuation became spaces: "S.A." → "s a"). */
const LEGAL_FORMS: readonly (readonly string[])[] = [
  ['inc'],
  ['incorporated'],
  ['ltd'],
  ['limited'],
  ['llc'],
  ['llp'],
  ['lp'],
  ['plc'],
  ['gmbh'],
  ['mbh'],
  ['ag'],
  ['kg'],
  ['kgaa'],
  ['ug'],
  ['ev'],
  ['e', 'v'],
  ['co'],
  ['and', 'co'],
  ['corp'],
  ['corporation'],
  ['company'],
  ['sa'],
  ['s', 'a'],
  ['sas'],
  ['s', 'a', 's'],
  ['sarl'],
  ['s', 'a', 'r', 'l'],
  ['sl'],
  ['s', 'l'],
  ['srl'],
  ['s', 'r', 'l'],
  ['spa'],
  ['s', 'p', 'a'],
  ['bv'],
  ['b', 'v'],
  ['nv'],
  ['n', 'v'],
  ['oy'],
  ['oyj'],
  ['ab'],
  ['asa'],
  ['aps'],
  ['pty'],
  ['pte'],
  ['kk'],
  ['k', 'k'],
  ['sro'],
  ['s', 'r', 'o'],
  ['sp', 'z', 'o', 'o'],
].sort((a, b) => b.length - a.length);

/**
 * Names repeat across answers by the thousand: keys and verdicts are memoised per string.
 * Bounded: cleared when full (the strings seen are what the answers name).
 */
const MEMO_LIMIT = 50_000;

function memo<T>(cache: Map<string, T>, key: string, compute: (k: string) => T): T {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const value = compute(key);
  if (cache.size >= MEMO_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

const keyCache = new Map<string, string>();
const nameLikeCache = new Map<string, boolean>();
const formCache = new Map<string, string>();

function endsWith(tokens: readonly string[], form: readonly string[]): boolean {
  if (form.length >= tokens.length) return false; // a name must be left
  return form.every((t, i) => tokens[tokens.length - form.length + i] === t);
}

/** Tokens of a name with trailing legal forms dropped ("acme gmbh and co kg" → "acme"). */
function dropLegalForms(tokens: string[]): string[] {
  let out = tokens;
  for (let changed = true; changed;) {
    changed = false;
    for (const form of LEGAL_FORMS) {
      if (endsWith(out, form)) {
        out = out.slice(0, out.length - form.length);
        changed = true;
        break;
      }
    }
  }
  return out;
}

/** The pooling key of a candidate name; '' when nothing name-like is left. */
export function discoveryKey(name: string): string {
  return memo(keyCache, name, computeKey);
}

function computeKey(name: string): string {
  const text = foldText(name.normalize('NFKC').replace(JAPANESE_MARKERS, ' '))
    .normalize('NFC')
    .replace(/[&＆+]/gu, ' and ')
    .replace(APOSTROPHES, '')
    .replace(SEPARATORS, ' ')
    .trim();
  if (text === '') return '';
  return dropLegalForms(text.split(' ')).join(' ');
}

/** The written form kept for display and aliases: NFKC, single spaces, trimmed. */
export function cleanForm(name: string): string {
  return memo(formCache, name, computeForm);
}

function computeForm(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/\s+/gu, ' ')
    .replace(/^[\s"'“”‘’«»([]+|[\s"'“”‘’«»)\],;:!?]+$/gu, '')
    .replace(/(\p{L}{5,}|[^\p{L}.])\.+$/u, '$1')
    .trim();
}

/**
 * Labels an answer uses as list leads that are not names ("Price:", "Best overall –", "Pros:").
 * Compared by key, so case, accents and punctuation do not matter.
 */
const GENERIC_LABEL_WORDS: readonly string[] = [
  'price',
  'prices',
  'pros',
  'cons',
  'pro',
  'con',
  'pros and cons',
  'best for',
  'best overall',
  'best value',
  'best budget',
  'budget pick',
  'best pick',
  'top pick',
  'our pick',
  'runner up',
  'overall',
  'verdict',
  'summary',
  'conclusion',
  'note',
  'notes',
  'tip',
  'tips',
  'why',
  'why we like it',
  'key features',
  'features',
  'feature',
  'highlights',
  'drawbacks',
  'downsides',
  'upsides',
  'strengths',
  'weaknesses',
  'rating',
  'ratings',
  'weight',
  'drop',
  'heel drop',
  'cushioning',
  'stability',
  'fit',
  'comfort',
  'durability',
  'support',
  'sizing',
  'availability',
  'warranty',
  'cost',
  'value',
  'performance',
  'battery life',
  'design',
  'quality',
  'material',
  'materials',
  'use case',
  'ideal for',
  'good for',
  'great for',
  'best use',
  'recommendation',
  'recommendations',
  'example',
  'examples',
  'option',
  'step',
  'source',
  'sources',
  'important',
  'caveat',
  'bottom line',
  'tl dr',
  'tldr',
  'preis',
  'vorteile',
  'nachteile',
  'fazit',
  'hinweis',
  'prix',
  'avantages',
  'inconvenients',
  'points forts',
  'points faibles',
  '価格',
  'メリット',
  'デメリット',
  '特徴',
  'おすすめ',
  'まとめ',
  '注意',
];
// Their keys, made on first use: keying ~90 labels (Unicode normalisation, folding) at module
// load cost every process that imports the store (each CLI command) a few milliseconds.
let genericLabels: ReadonlySet<string> | null = null;
function isGenericLabel(key: string): boolean {
  genericLabels ??= new Set(GENERIC_LABEL_WORDS.map((label) => discoveryKey(label)));
  return genericLabels.has(key);
}

const NUMBERED_LABEL = /^(?:step|option|tip|no|number|#)?\s*\d+$/u;
const SENTENCE_END = /[.!?。！？]$/u;
const LETTER = /\p{L}/u;
const NO_SPACE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
/** Lower-case words that may sit inside a name ("Bank of America", "Maison du Monde"). */
const NAME_PARTICLES = new Set([
  'of',
  'and',
  'the',
  'de',
  'du',
  'des',
  'la',
  'le',
  'von',
  'van',
  'der',
  'und',
  'y',
  'da',
  'di',
  'del',
  '&',
  'for',
  'on',
]);

/**
 * Whether a string reads like a brand or company name: short (at most 5 words, 2–48
 * characters), with a letter, not a sentence (no final period, no more than one lower-case
 * word outside name particles), not a bare number and not a generic label.
 */
export function isNameLike(form: string): boolean {
  return memo(nameLikeCache, form, computeNameLike);
}

function computeNameLike(form: string): boolean {
  const text = form.trim();
  if (text.length < 2 || text.length > 48 || !LETTER.test(text)) return false;
  if (SENTENCE_END.test(text) && !/\b(?:inc|ltd|co|corp|s\.a|k\.k)\.$/iu.test(text)) return false;
  const key = discoveryKey(text);
  if (key === '' || isGenericLabel(key) || NUMBERED_LABEL.test(key)) return false;
  if (NO_SPACE_SCRIPT.test(text)) return Array.from(text).length <= 20 && !/[、。，]/u.test(text);
  const words = text.split(/\s+/u);
  if (words.length > 5) return false;
  const lowerWords = words.filter((w) => /^\p{Ll}/u.test(w) && !NAME_PARTICLES.has(w.toLowerCase()));
  // "iPhone" and "eBay" start lower-case: allow one such word, and only when it has a capital.
  if (lowerWords.length > 1) return false;
  if (lowerWords.length === 1 && !/\p{Lu}/u.test(lowerWords[0] as string)) return false;
  return true;
}
