import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryStore } from '../../../src/core/history';
import { createIndexedWords, type SearchOptions } from '../../../src/core/history/search';
import { registerStoreFunctions } from '../../../src/core/history/codec';
import { newRun, normalized, openTemp, source, tempFolder } from './helpers';

// Search pages, newest stored first, against a plain definition on the test's own data: every
// answer that has the word (in its text or a source title) and passes the filters, in reverse
// storage order, then the page, the count up to countLimit and whether it was capped. Date
// windows in the older part of a history are read forwards in chunks (search.ts,
// newestInWindow) and pages that end short skip the count: the answers must be the same either
// way, whatever the window, offset, cap, scope or post-filter (a time of day, a tag).

const tmp = tempFolder();
let store: HistoryStore;
const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 1);
const COUNTRIES = ['US', 'DE', 'FR'];

interface Stored {
  resultId: string;
  runId: string;
  country: string;
  fetchedAt: number;
  text: string;
  title: string;
}
/** In storage order. */
const stored: Stored[] = [];
let taggedRun = '';

function textOf(k: number): string {
  const words = ['alpha', `filler${k % 40}`];
  if (k % 3 === 0) words.push('beta');
  if (k % 50 === 7) words.push('gamma');
  return words.join(' ');
}

beforeAll(() => {
  store = openTemp(tmp.file('search-pages.db'));
  let k = 0;
  for (let run = 0; run < 5; run++) {
    const { run: record, jobs } = newRun(store, {
      prompts: ['p'],
      countries: COUNTRIES,
      repeats: 50,
      tags: run === 1 ? ['tagged'] : [],
    });
    if (run === 1) taggedRun = record.id;
    const items = jobs.map((job) => {
      const index = k++;
      // Every eleventh answer is stored a week after its neighbours' dates: storage order and
      // date order differ, as when a resumed run stores late answers.
      // The last run stores its first twenty answers with dates of days 10 to 12 (a run resumed
      // long after), the rest with dates after everything else.
      const fetchedAt =
        run === 4
          ? index < 620
            ? START + 10 * DAY + (index - 600) * 3 * 3_600_000
            : START + 100 * DAY + index * 3_600_000
          : START + index * 4 * 3_600_000 + (index % 11 === 0 ? 7 * DAY : 0);
      const title = index % 5 === 0 ? 'title beta' : 'title';
      return {
        jobId: job.id,
        fetchedAt,
        raw: {},
        normalized: normalized('assistant-a', textOf(index), { sources: [source(1, 'site.com', title)] }),
        expected: { runId: record.id, country: job.country, fetchedAt, text: textOf(index), title },
      };
    });
    const out = store.ingestResults(items);
    items.forEach((item, i) => stored.push({ resultId: out[i]!.resultId, ...item.expected }));
  }
});
afterAll(() => {
  store.close();
  tmp.cleanup();
});

function expected(options: SearchOptions): { ids: string[]; total: number; totalCapped: boolean } {
  // "word*": any word that starts with it.
  const stem = options.query.replace(/\*$/u, '');
  const has = (text: string): boolean =>
    text.split(' ').some((w) => (stem === options.query ? w === stem : w.startsWith(stem)));
  const scope = options.scope ?? 'all';
  const matches = stored
    .filter((s) => (scope !== 'sources' && has(s.text)) || (scope !== 'answers' && has(s.title)))
    .filter((s) => options.country === undefined || s.country === options.country)
    .filter((s) => options.from === undefined || s.fetchedAt >= options.from)
    .filter((s) => options.to === undefined || s.fetchedAt <= options.to)
    .filter((s) => options.tag === undefined || s.runId === taggedRun)
    .reverse();
  const cap = options.countLimit ?? 1000;
  const offset = options.offset ?? 0;
  return {
    ids: matches.slice(offset, offset + (options.limit ?? 50)).map((s) => s.resultId),
    total: Math.min(matches.length, cap),
    totalCapped: matches.length > cap,
  };
}

const WINDOWS: Array<Pick<SearchOptions, 'from' | 'to'>> = [
  { from: START + 3 * DAY, to: START + 20 * DAY - 1 }, // old, whole days
  { from: START + 2 * DAY + 5 * 3_600_000, to: START + 9 * DAY }, // old, from a time of day
  { from: START + 70 * DAY, to: START + 95 * DAY - 1 }, // recent
  { to: START + 30 * DAY }, // everything up to a date
  { from: START + 50 * DAY }, // everything from a date
];

describe('search pages', () => {
  it('are the newest stored matches, with the count and cap of the plain definition', () => {
    let checked = 0;
    // Prefixes longer than the prefix index's: 'gamm*' becomes the word it starts ("gamma"),
    // 'fille*' starts more words than are listed (filler0 to filler39) and stays a prefix,
    // which FTS5 answers by merging their doclists (page and count then come in one pass).
    for (const query of ['alpha', 'beta', 'gamma', 'gamm*', 'fille*'])
      for (const window of [{}, ...WINDOWS])
        for (const extra of [
          {},
          { country: 'DE' },
          { tag: 'tagged' },
          { scope: 'answers' as const },
          { limit: 7, offset: 3 },
          { limit: 10, offset: 40, countLimit: 45 },
          { limit: 5, countLimit: 20 },
        ]) {
          const options: SearchOptions = { query, ...window, ...extra };
          const page = store.search(options);
          const want = expected(options);
          expect(
            { ids: page.hits.map((h) => h.resultId), total: page.total, totalCapped: page.totalCapped },
            JSON.stringify(options),
          ).toEqual(want);
          for (const hit of page.hits)
            expect(hit.snippet, JSON.stringify(options)).toMatch(
              new RegExp(`\u0002${query.endsWith('*') ? `${query.slice(0, -1)}\\w+` : query}\u0003`, 'u'),
            );
          checked += page.hits.length;
        }
    expect(checked).toBeGreaterThan(1000);
  });

  it('says where each hit matched when the word is only in a source title', () => {
    const page = store.search({ query: 'beta', from: START + 3 * DAY, to: START + 20 * DAY - 1 });
    const byId = new Map(stored.map((s) => [s.resultId, s]));
    expect(page.hits.length).toBeGreaterThan(10);
    for (const hit of page.hits)
      expect(hit.matchedIn).toBe(byId.get(hit.resultId)!.text.includes('beta') ? 'answer' : 'source');
  });

  it('lists the indexed words a long prefix starts, or none when they are more than asked for', () => {
    // A read-only connection of its own, as any reader: the vocabulary is made in its temp schema.
    const db = new Database(store.path, { readonly: true });
    try {
      registerStoreFunctions(db);
      const words = createIndexedWords(db, 32);
      expect(words('gamm')).toEqual(['gamma']);
      expect(words('filler3')).toEqual([
        'filler3',
        'filler30',
        'filler31',
        'filler32',
        'filler33',
        'filler34',
        'filler35',
        'filler36',
        'filler37',
        'filler38',
        'filler39',
      ]);
      expect(words('fille')).toBeNull();
      expect(createIndexedWords(db, 40)('fille')).toHaveLength(40);
      expect(words('zzzz')).toEqual([]);
    } finally {
      db.close();
    }
  });
});
