// Near-duplicate queries folded into one candidate: "best crm for small teams", "Best CRM for a
// small team?" and "small team best crm" are one question. A query's key is its words, lower
// case, without punctuation, filler words or a plural s, as a set; two keys are the same
// question when they share at least FOLD_SIMILARITY of their words (Jaccard).

const FILLER = new Set([
  'a',
  'an',
  'the',
  'for',
  'of',
  'to',
  'in',
  'on',
  'and',
  'or',
  'my',
  'me',
  'i',
  'with',
  'at',
  'by',
  'is',
  'are',
  'do',
  'does',
  'be',
  'it',
  'its',
  'your',
  'you',
  'what',
  'which',
  'vs',
  'versus',
]);

export const FOLD_SIMILARITY = 0.8;

const stem = (word: string): string => (word.length > 3 && /[^s]s$/.test(word) ? word.slice(0, -1) : word);

/** The query's words as the fold compares them (sorted, unique). */
export function foldWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
  const kept = words.filter((w) => !FILLER.has(w)).map(stem);
  return [...new Set(kept.length > 0 ? kept : words)].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
}

/** Jaccard similarity of two word sets given sorted and unique (a merge: no allocation). */
export function similarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  let shared = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    const x = a[i] as string;
    const y = b[j] as string;
    if (x === y) {
      shared++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return shared / (a.length + b.length - shared);
}

export const sameQuestion = (a: readonly string[], b: readonly string[]): boolean =>
  similarity(a, b) >= FOLD_SIMILARITY;
