// The languages the built-in judge has word lists for, and the shape of those lists.
//
// Pattern syntax (compiled by phrase-index.ts, matched on folded text: lower case, accents
// removed, see analytics/text-fold):
// - space-delimited languages: words separated by single spaces; a word ending in `*` matches
//   any word starting with it ("empfehl*" = empfehlen, empfehlenswert, empfiehlt is NOT
//   covered); `@` matches a mention of the brand being judged ("choose the @"); a final `$`
//   requires the clause to end right after the match ("is the best$", so "is the best in its
//   price range" is not a top-pick cue);
// - Japanese and Chinese: a plain substring (no word boundaries exist); negation is read from
//   what follows in Japanese (ない, ません, …, see NEGATION_SUFFIXES_JA) and from what precedes
//   in Chinese (不, 没, 无, see NEGATION_PREFIXES_ZH);
// - Korean is written with spaces but glues particles and endings to words: most of its
//   patterns end in `*` ("추천*" = 추천합니다, 추천하는), and negation may follow the word
//   ("좋지 않다", see NEGATORS_AFTER);
// - Arabic glues "and", "the", "with", "for" to the word: each pattern is also looked for with
//   those prefixes (ARABIC_PROCLITICS), so a list names the bare word ("افضل" finds "الافضل").

// prettier-ignore
export const LANGS = ['en', 'de', 'fr', 'es', 'it', 'pt', 'ja', 'nl', 'pl', 'sv', 'tr', 'ru', 'ar', 'ko', 'zh'] as const;
export type Lang = (typeof LANGS)[number];

/**
 * Languages that routinely leave out the subject ("Halılı bir ev için iyi bir seçim" = for a home
 * with carpets [it is] a good choice; "快適です。", "续航很长。"): a sentence naming no brand goes
 * on about the brand of the sentence before, as one that refers back does elsewhere.
 */
export const DROPS_SUBJECT: ReadonlySet<string> = new Set<Lang>(['ja', 'pl', 'tr', 'zh', 'ko']);

export type PerLang<T> = Readonly<Record<Lang, readonly T[]>>;

/** Map a BCP 47 tag ("de-AT", "pt_BR", "JA") to a language the judge has lists for. */
export function langOf(tag: string | null | undefined): Lang | null {
  if (tag === null || tag === undefined) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/u)[0] ?? '';
  return (LANGS as readonly string[]).includes(primary) ? (primary as Lang) : null;
}

/** Languages written without spaces: phrases are substrings, list headings are searched, not cut into words. */
export const NO_SPACE_LANGS: ReadonlySet<Lang> = new Set<Lang>(['ja', 'zh']);
