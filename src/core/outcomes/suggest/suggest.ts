import { createHash } from 'node:crypto';
import type { PromptSuggestionView, SuggestionSourceName } from '../../../shared/ipc/channels/suggestions';
import { foldWords } from './fold';
import { FoldIndex, rarityRank } from './fold-index';
import { isQuestionLike } from './question';

// Prompts worth tracking: what people ask search (Search Console's question-like queries), what
// Bing's answers were grounded on, and what the engines themselves searched while answering the
// tracked prompts (fan-out), folded into candidates, minus what is tracked already. Ranked by
// the strength of each source's signal relative to that source's strongest (impressions,
// citations, answers), so no source's unit is compared with another's.

export type SuggestionSource = SuggestionSourceName;

/** One query as a source reports it, with its signal. */
export interface SourceQuery {
  source: SuggestionSource;
  text: string;
  /** Search Console: impressions; Bing: citations (impressions when there are none); fan-out: answers. */
  weight: number;
  impressions?: number | null;
  clicks?: number | null;
  citations?: number | null;
  /** Fan-out: answers whose engine ran it, and those engines. */
  answers?: number;
  engines?: readonly string[];
}

// The suggestion's shape lives with the IPC contract, which the Library's panel reads too.
export type PromptSuggestion = PromptSuggestionView;

interface Fold {
  words: string[];
  members: SourceQuery[];
}

const sum = (values: readonly (number | null | undefined)[]): number | null => {
  const present = values.filter((v): v is number => typeof v === 'number');
  return present.length === 0 ? null : present.reduce((a, b) => a + b, 0);
};

/** The queries folded, strongest first; `rank` orders words for the index. */
function folded(queries: readonly SourceQuery[], rank: (word: string) => number): Fold[] {
  const folds: Fold[] = [];
  const exact = new Map<string, Fold>();
  const index = new FoldIndex<Fold>(rank);
  for (const q of [...queries].sort((a, b) => b.weight - a.weight || a.text.localeCompare(b.text))) {
    const words = foldWords(q.text);
    const key = words.join(' ');
    const fold = exact.get(key) ?? index.find(words);
    if (fold) fold.members.push(q);
    else {
      const made = { words, members: [q] };
      folds.push(made);
      exact.set(key, made);
      index.add(made);
    }
  }
  return folds;
}

function toSuggestion(fold: Fold, strongest: ReadonlyMap<SuggestionSource, number>): PromptSuggestion {
  const m = fold.members;
  const lead = m[0] as SourceQuery;
  const score = m.reduce(
    (best, q) => Math.max(best, q.weight / Math.max(strongest.get(q.source) ?? 1, 1)),
    0,
  );
  return {
    id: createHash('sha1').update(fold.words.join(' ')).digest('hex').slice(0, 10),
    text: lead.text.trim(),
    sources: [...new Set(m.map((q) => q.source))],
    variants: [...new Set(m.map((q) => q.text.trim()))],
    impressions: sum(m.map((q) => q.impressions)),
    clicks: sum(m.map((q) => q.clicks)),
    citations: sum(m.map((q) => q.citations)),
    answers: sum(m.map((q) => q.answers)),
    engines: [...new Set(m.flatMap((q) => q.engines ?? []))].sort(),
    score: Math.round(score * 1000) / 1000,
  };
}

/** Queries read per source at most, strongest first: the weakest of a large site add nothing a list shows. */
export const PER_SOURCE_LIMIT = 10_000;

function strongestPerSource(queries: readonly SourceQuery[]): SourceQuery[] {
  const bySource = new Map<SuggestionSource, SourceQuery[]>();
  for (const q of queries) {
    const list = bySource.get(q.source);
    if (list) list.push(q);
    else bySource.set(q.source, [q]);
  }
  return [...bySource.values()].flatMap((list) =>
    list.sort((a, b) => b.weight - a.weight || a.text.localeCompare(b.text)).slice(0, PER_SOURCE_LIMIT),
  );
}

/**
 * Candidates from `queries` (the strongest PER_SOURCE_LIMIT of each source), near-duplicates folded, the ones matching a `tracked` prompt left
 * out, strongest first. Search Console queries count only when question-like.
 */
export function suggestPrompts(
  queries: readonly SourceQuery[],
  tracked: readonly string[],
): PromptSuggestion[] {
  const kept = strongestPerSource(
    queries.filter((q) => q.weight > 0 && (q.source !== 'gsc' || isQuestionLike(q.text))),
  );
  const strongest = new Map<SuggestionSource, number>();
  for (const q of kept) strongest.set(q.source, Math.max(strongest.get(q.source) ?? 0, q.weight));
  const trackedWords = tracked.map((text) => ({ words: foldWords(text) }));
  const candidates = kept.map((q) => foldWords(q.text));
  const rank = rarityRank([...candidates, ...trackedWords.map((t) => t.words)]);
  const trackedIndex = new FoldIndex<{ words: string[] }>(rank);
  for (const t of trackedWords) trackedIndex.add(t);
  return folded(kept, rank)
    .filter((f) => trackedIndex.find(f.words) === null)
    .map((f) => toSuggestion(f, strongest))
    .sort((a, b) => b.score - a.score || a.text.localeCompare(b.text));
}
