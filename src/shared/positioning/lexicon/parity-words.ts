import type { Lang } from './lang';

// Words that say a brand does the same as another ("flies the same route", "liefert ebenfalls",
// "le même réseau", "también", "anche"): a sentence holding one states parity, not an advantage
// (silent-alternative.ts). Folded forms (lower case, accents removed).

// prettier-ignore
export const PARITY_WORDS: Readonly<Partial<Record<Lang, readonly string[]>>> = {
  en: ['same', 'also', 'too', 'likewise', 'similar', 'similarly'],
  de: ['ebenfalls', 'auch', 'denselben', 'dieselben', 'dieselbe', 'derselben', 'gleichen', 'gleiche', 'selben', 'ahnlich'],
  fr: ['meme', 'memes', 'aussi', 'egalement', 'pareil', 'similaire'],
  es: ['mismo', 'misma', 'mismos', 'mismas', 'tambien', 'igualmente', 'similar'],
  it: ['stesso', 'stessa', 'stessi', 'stesse', 'anche', 'altrettanto', 'simile'],
};
