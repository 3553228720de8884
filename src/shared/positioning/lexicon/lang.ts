// The languages the built-in judge has word lists for, and the shape of those lists.
//
// Pattern syntax (compiled by phrase-index.ts, matched on folded text: lower case, accents
// removed, see analytics/text-fold):
// - space-delimited languages: words separated by single spaces; a word ending in `*` matches
//   any word starting with it ("empfehl*" = empfehlen, empfehlenswert, empfiehlt is NOT
//   covered); `@` matches a mention of the brand being judged ("choose the @"); a final `$`
//   requires the clause to end right after the match ("is the best$", so "is the best in its
//   price range" is not a top-pick cue);
// - Japanese: a plain substring (no word boundaries exist); negation is read from what follows
//   (ない, ません, …, see NEGATION_SUFFIXES_JA).

export const LANGS = ['en', 'de', 'fr', 'es', 'it', 'pt', 'ja', 'nl', 'pl', 'sv', 'tr'] as const;
export type Lang = (typeof LANGS)[number];

/**
 * Languages that routinely leave out the subject ("Halılı bir ev için iyi bir seçim" = for a home
 * with carpets [it is] a good choice): a sentence naming no brand goes on about the brand of the
 * sentence before, as one that refers back does elsewhere.
 */
export const DROPS_SUBJECT: ReadonlySet<string> = new Set<Lang>(['ja', 'pl', 'tr']);

export type PerLang<T> = Readonly<Record<Lang, readonly T[]>>;

/** Map a BCP 47 tag ("de-AT", "pt_BR", "JA") to a language the judge has lists for. */
export function langOf(tag: string | null | undefined): Lang | null {
  if (tag === null || tag === undefined) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/u)[0] ?? '';
  return (LANGS as readonly string[]).includes(primary) ? (primary as Lang) : null;
}
