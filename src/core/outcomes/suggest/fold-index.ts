import { FOLD_SIMILARITY, similarity } from './fold';

// Finding the fold a query belongs to without comparing it with every fold: two word sets with a
// Jaccard similarity of at least t share at least one of their first |a| - ceil(t·|a|) + 1
// words, when every set is ordered the same way (the prefix filter). Words are ordered rarest
// first, so the postings looked up are short.

export class FoldIndex<T extends { words: readonly string[] }> {
  private readonly postings = new Map<string, T[]>();
  private readonly order = new Map<T, number>();

  /** `rank` orders words (rarest first); words it does not know go last. */
  constructor(private readonly rank: (word: string) => number) {}

  private prefix(words: readonly string[]): string[] {
    const ordered = [...words].sort((a, b) => this.rank(a) - this.rank(b) || a.localeCompare(b));
    return ordered.slice(0, words.length - Math.ceil(FOLD_SIMILARITY * words.length) + 1);
  }

  add(item: T): void {
    this.order.set(item, this.order.size);
    for (const word of this.prefix(item.words)) {
      const list = this.postings.get(word);
      if (list) list.push(item);
      else this.postings.set(word, [item]);
    }
  }

  /** The first item added whose words are the same question as `words`, or null. */
  find(words: readonly string[]): T | null {
    let best: T | null = null;
    const orderOf = (item: T): number => this.order.get(item) ?? 0;
    for (const word of this.prefix(words)) {
      for (const item of this.postings.get(word) ?? []) {
        // An item met under two words is checked twice: cheaper than remembering it. Sets whose sizes differ by more than the threshold allows cannot reach it.
        const [small, large] = [
          Math.min(item.words.length, words.length),
          Math.max(item.words.length, words.length),
        ];
        if (small < FOLD_SIMILARITY * large) continue;
        if (similarity(item.words, words) < FOLD_SIMILARITY) continue;
        if (!best || orderOf(item) < orderOf(best)) best = item;
      }
    }
    return best;
  }
}

/** Rarest first: a word's rank is how many of `sets` hold it. */
export function rarityRank(sets: ReadonlyArray<readonly string[]>): (word: string) => number {
  const counts = new Map<string, number>();
  for (const set of sets) for (const w of set) counts.set(w, (counts.get(w) ?? 0) + 1);
  return (word) => counts.get(word) ?? Number.MAX_SAFE_INTEGER;
}
