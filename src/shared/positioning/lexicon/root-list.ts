/** Roots of blame and praise of one language (lexicon/roots.ts, lexicon/event-roots.ts). */
export interface RootList {
  problemStarts: readonly string[];
  problemInside: readonly string[];
  praiseStarts: readonly string[];
  praiseInside: readonly string[];
}
