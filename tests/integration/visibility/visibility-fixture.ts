import type { HistoryStore, JobRecord } from '../../../src/core/history';
import type { NormalizedSource } from '../../../src/shared/domain/result';
import { newRun, normalized, openTemp, source } from '../store/helpers';

// A hand-made history: brands Acme (ours, acme.com) and Bolt (competitor, alias BoltCo, bolt.io).
// Previous period (2026-03-07 … 03-08): one run, 20 answers in US on assistant-a, all naming
// Acme; the first also names Bolt and cites acme.com and review.com, the others cite review.com.
// Current period (2026-03-09 … 03-10, today = 03-10): 8 answers, assistant-a on 03-09 and
// assistant-b on 03-10, US and DE, two repeats (texts below). Every expected number is counted by hand.
// Shared by visibility.test.ts and visibility-changes.test.ts, each on a file of its own.

export const NOW = Date.UTC(2026, 2, 10, 12);
const PREV_AT = Date.UTC(2026, 2, 7, 10);
export const A_AT = Date.UTC(2026, 2, 9, 10);
const B_AT = Date.UTC(2026, 2, 10, 10);
export const period = { days: 2 };
export const all = { kind: 'all' as const };

export interface Answer {
  text: string;
  sources: NormalizedSource[];
  queries?: string[];
}
// key: engine letter, country, repeat
const CURRENT: Record<string, Answer> = {
  aUS1: {
    text: 'Bolt first, then Acme.',
    sources: [source(1, 'review.com', 'R'), source(2, 'acme.com', 'A')],
    queries: ['best shoes 2026'],
  },
  aUS2: {
    text: 'Only Bolt here.',
    sources: [source(1, 'review.com', 'R'), source(2, 'blog.net', 'B')],
    queries: ['best shoes 2026'],
  },
  aDE1: { text: 'BoltCo und Acme.', sources: [source(1, 'bolt.io', 'Bolt')], queries: ['laufschuhe'] },
  aDE2: { text: 'Nothing relevant.', sources: [] },
  bUS1: { text: 'Acme tops.', sources: [source(1, 'acme.com', 'A')] },
  bUS2: { text: 'Bolt and Acme.', sources: [source(1, 'review.com', 'R')] },
  bDE1: { text: 'Bolt only.', sources: [source(1, 'blog.net', 'B')] },
  bDE2: { text: 'Nothing.', sources: [] },
};

export interface VisibilityFixture {
  store: HistoryStore;
  acme: string;
  bolt: string;
  /** Result ids by answer key (aUS1 …, p01 …). */
  resultIds: Record<string, string>;
  emptyRunId: string;
  prevRunId: string;
  curRunId: string;
}

/** Stores answers for `jobs` (in `key` order) and records their result ids under their keys. */
export function ingest(
  store: HistoryStore,
  resultIds: Record<string, string>,
  jobs: JobRecord[],
  key: (j: JobRecord) => string,
  answers: (k: string) => Answer,
  at: (j: JobRecord) => number,
): void {
  const ordered = [...jobs].sort((x, y) => key(x).localeCompare(key(y)));
  const outcomes = store.ingestResults(
    ordered.map((j) => {
      const a = answers(key(j));
      return {
        jobId: j.id,
        raw: {},
        fetchedAt: at(j),
        normalized: normalized(j.engine, a.text, { sources: a.sources, searchQueries: a.queries ?? [] }),
      };
    }),
  );
  ordered.forEach((j, i) => (resultIds[key(j)] = (outcomes[i] as { resultId: string }).resultId));
}

/** The hand-made history at `path` (a new file). */
export function buildVisibilityFixture(path: string): VisibilityFixture {
  const store = openTemp(path);
  const resultIds: Record<string, string> = {};
  const acme = store.saveBrand({ name: 'Acme', kind: 'brand', domains: ['acme.com'] }).id;
  const bolt = store.saveBrand({
    name: 'Bolt',
    kind: 'competitor',
    aliases: ['BoltCo'],
    domains: ['bolt.io'],
  }).id;
  const prev = newRun(store, {
    prompts: ['best shoes'],
    engines: ['assistant-a'],
    countries: ['US'],
    repeats: 20,
  });
  const prevRunId = prev.run.id;
  ingest(
    store,
    resultIds,
    prev.jobs,
    (j) => `p${String(j.repeat).padStart(2, '0')}`,
    (k) =>
      k === 'p01'
        ? {
            text: 'Acme and Bolt lead.',
            sources: [source(1, 'acme.com', 'A'), source(2, 'review.com', 'R')],
            queries: ['best shoes 2026'],
          }
        : { text: 'Acme is great.', sources: [source(1, 'review.com', 'R')] },
    () => PREV_AT,
  );
  const cur = newRun(store, {
    prompts: ['best shoes'],
    engines: ['assistant-a', 'assistant-b'],
    countries: ['US', 'DE'],
    repeats: 2,
  });
  const curRunId = cur.run.id;
  const key = (j: JobRecord) => `${j.engine === 'assistant-a' ? 'a' : 'b'}${j.country}${j.repeat}`;
  // Ingest order a/US before a/DE so "newest first" is predictable: sort by the key below.
  const order = ['aUS1', 'aUS2', 'aDE1', 'aDE2', 'bUS1', 'bUS2', 'bDE1', 'bDE2'];
  const byKey = new Map(cur.jobs.map((j) => [key(j), j]));
  ingest(
    store,
    resultIds,
    order.map((k) => byKey.get(k) as JobRecord),
    (j) => String(order.indexOf(key(j))).padStart(2, '0') + key(j),
    (k) => CURRENT[k.slice(2)] as Answer,
    (j) => (j.engine === 'assistant-a' ? A_AT : B_AT),
  );
  for (const k of Object.keys(resultIds)) if (/^\d\d/.test(k)) resultIds[k.slice(2)] = resultIds[k] as string;
  const emptyRunId = newRun(store, { prompts: ['x'] }).run.id;
  return { store, acme, bolt, resultIds, emptyRunId, prevRunId, curRunId };
}
