import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, type HistoryStore, type JobRecord } from '../../../src/core/history';
import { createVisibilityService, type VisibilityService } from '../../../src/core/analysis/visibility';
import type { NormalizedResult, NormalizedSource } from '../../../src/shared/domain/result';
import { engineBoard } from '../../../src/shared/visibility/engine-board';
import { migrationNamed } from '../../support/migration-named';
import { newRun, normalized, openTemp, tempFolder } from '../store/helpers';

// Web and news search results without answer text are read by their result lists: a brand is
// named when a result's title or snippet names it, at the rank of the first such result. On
// real files: ingest, the AI overview's text winning, and the upgrade of a history indexed
// before the rule (its answers without text re-analysed in the background, alone, or the
// whole history when a brand change's re-analysis was under way), ending with the numbers of
// a history stored under the rule.

const tmp = tempFolder();
const NOW = Date.UTC(2026, 2, 10, 12);
const AT = Date.UTC(2026, 2, 9, 10);
const all = { kind: 'all' as const };
const period = { days: 7 };
const ACME = { name: 'Acme', kind: 'brand' as const, domains: ['acme.com'] };
const BOLT = { name: 'Bolt', kind: 'competitor' as const, domains: ['bolt.io'] };

function listed(
  kind: NormalizedSource['kind'],
  position: number,
  domain: string,
  title: string | null,
  snippet: string | null = null,
): NormalizedSource {
  return {
    position,
    kind,
    url: `https://${domain}/${kind}-${position}`,
    domain,
    title,
    snippet,
    redirectLink: null,
    datePublished: null,
  };
}

/** A web search page naming Bolt at rank 1 (snippet) and Acme at rank 3 (title); bolt.io listed at rank 2. */
const SERP: NormalizedSource[] = [
  listed('organic', 1, 'review.com', 'Best trail shoes 2026', 'Our testers liked Bolt most.'),
  listed('organic', 2, 'bolt.io', 'Trail shoes | Official store'),
  listed('organic', 3, 'shop.net', 'Acme Trail 3 review: worth it?', 'Acme and Bolt compared.'),
  listed('organic', 4, 'blog.net', 'Ten shoes we loved'),
];
/** News results naming Acme at rank 2 only. */
const NEWS: NormalizedSource[] = [
  listed('news', 1, 'daily.com', 'Trail running grows in spring'),
  listed('news', 2, 'times.com', 'Acme opens a store in Berlin', 'The brand expands.'),
];

const serpResult = (engine: 'search' | 'search-news', withTitles = true): NormalizedResult => {
  const sources = engine === 'search' ? SERP : NEWS;
  return normalized(engine, '', {
    markdown: null,
    sources: withTitles ? sources : sources.map((s) => ({ ...s, title: null, snippet: null })),
  });
};

function runOf(store: HistoryStore, engines: Array<'search' | 'search-news' | 'assistant-a'>): JobRecord[] {
  return newRun(store, { prompts: ['trail shoes'], engines, countries: ['US', 'DE'], repeats: 2 }).jobs;
}

function ingest(store: HistoryStore, jobs: readonly JobRecord[], withTitles = true): void {
  store.ingestResults(
    jobs.map((j) => ({
      jobId: j.id,
      raw: {},
      fetchedAt: AT,
      normalized:
        j.engine === 'assistant-a'
          ? normalized('assistant-a', 'Bolt is good, Acme too.', {
              sources: [listed('cited', 1, 'acme.com', 'A')],
            })
          : serpResult(j.engine as 'search' | 'search-news', withTitles),
    })),
  );
}

/** Each brand's rows per engine, read from the file: [engine, brand, mentioned, cited, rank, count]. */
function brandRows(path: string): unknown[] {
  const db = new Database(path, { readonly: true });
  try {
    return db
      .prepare(
        `SELECT DISTINCT f.engine, b2.name AS brand, b.mentioned, b.cited, b.rank, b.count FROM vis_result_brand b
         JOIN vis_result f ON f.seq = b.seq JOIN vis_brands vb ON vb.id = b.brand
         JOIN brands b2 ON b2.id = vb.brand_id ORDER BY 1, 2`,
      )
      .all();
  } finally {
    db.close();
  }
}

/** The By engine board by brand name: mention rate k/n and mean position per engine. */
function board(svc: VisibilityService, store: HistoryStore) {
  const name = new Map(store.listBrands().map((b) => [b.id, b.name]));
  const view = engineBoard(svc.buckets({ scope: all, period, by: ['engine'] }), null);
  return Object.fromEntries(
    view.rows.map((r) => [
      name.get(r.brandId),
      Object.fromEntries(
        view.engines.map((e) => {
          const c = r.cells[e];
          return [e, { k: c?.mentionRate.k, n: c?.mentionRate.n, position: c?.avgPosition.value ?? null }];
        }),
      ),
    ]),
  );
}

/** A file with the brands, one run on every engine kind, and what the By engine board shows. */
function history(path: string, withTitles: boolean) {
  const store = openTemp(path);
  store.saveBrand(ACME);
  store.saveBrand(BOLT);
  ingest(store, runOf(store, ['search', 'search-news', 'assistant-a']), withTitles);
  return store;
}

let reference: ReturnType<typeof board>;

beforeAll(() => {
  const store = history(tmp.file('reference.db'), true);
  reference = board(createVisibilityService({ store, now: () => NOW }), store);
  store.close();
});
afterAll(() => tmp.cleanup());

describe('brands named in search results without text', () => {
  it('are named by result titles and snippets, at the rank of the first result naming them', () => {
    expect(brandRows(tmp.file('reference.db'))).toEqual([
      // An answer's text: order of naming among the brands; its cited acme.com.
      { engine: 'assistant-a', brand: 'Acme', mentioned: 1, cited: 1, rank: 2, count: 1 },
      { engine: 'assistant-a', brand: 'Bolt', mentioned: 1, cited: 0, rank: 1, count: 1 },
      // Web search: Bolt in rank 1's snippet (and rank 3's), Acme in rank 3's title and snippet.
      { engine: 'search', brand: 'Acme', mentioned: 1, cited: 0, rank: 3, count: 2 },
      { engine: 'search', brand: 'Bolt', mentioned: 1, cited: 1, rank: 1, count: 2 },
      { engine: 'search-news', brand: 'Acme', mentioned: 1, cited: 0, rank: 2, count: 1 },
    ]);
    expect(reference).toEqual({
      Acme: {
        'assistant-a': { k: 4, n: 4, position: 2 },
        search: { k: 4, n: 4, position: 3 },
        'search-news': { k: 4, n: 4, position: 2 },
      },
      Bolt: {
        'assistant-a': { k: 4, n: 4, position: 1 },
        search: { k: 4, n: 4, position: 1 },
        'search-news': { k: 0, n: 4, position: null },
      },
    });
  });

  it("opens, behind positioning's numbers, only the answers naming a brand in their own text", () => {
    const store = openTemp(tmp.file('reference.db'));
    try {
      const svc = createVisibilityService({ store, now: () => NOW });
      const acme = store.listBrands().find((b) => b.name === 'Acme')?.id as string;
      const engines = (ids: readonly string[]) =>
        ids.map((id) => store.getResult(id)?.engine).sort((a, b) => String(a).localeCompare(String(b)));
      const open = (inText: boolean, limit: number) =>
        svc.results({ scope: all, period, limit, drill: { brandId: acme, mentioned: true, inText } });
      // Named by the results pages' titles too: the assistant's 4 answers, web's 4 and news' 4.
      expect(open(false, 50).total).toBe(12);
      const inText = open(true, 50);
      expect(inText.total).toBe(4);
      expect(engines(inText.resultIds)).toEqual(Array(4).fill('assistant-a'));
      // Capped below the total: the total is counted, not read from a roll-up of all 12.
      expect(open(true, 2)).toMatchObject({ total: 4, resultIds: expect.any(Array) });
      expect(open(true, 2).resultIds).toHaveLength(2);
      expect(open(false, 2).total).toBe(12);
    } finally {
      store.close();
    }
  });

  it("reads a search result's AI overview text when it has one, not its results", () => {
    const path = tmp.file('overview.db');
    const store = openTemp(path);
    try {
      store.saveBrand(ACME);
      store.saveBrand(BOLT);
      const [job] = newRun(store, { prompts: ['trail shoes'], engines: ['search'] }).jobs;
      store.ingestResults([
        {
          jobId: (job as JobRecord).id,
          raw: {},
          fetchedAt: AT,
          normalized: normalized('search', 'Acme is the pick for most runners.', {
            aiOverview: { text: 'Acme is the pick for most runners.', markdown: null },
            sources: SERP,
          }),
        },
      ]);
    } finally {
      store.close();
    }
    expect(brandRows(path)).toEqual([
      { engine: 'search', brand: 'Acme', mentioned: 1, cited: 0, rank: 1, count: 1 },
      // Cited (bolt.io is listed) but not named: the overview does not name it.
      { engine: 'search', brand: 'Bolt', mentioned: 0, cited: 1, rank: null, count: 0 },
    ]);
  });
});

/**
 * A history as the index left it before the rule: stored with titles the index did not read.
 * Stored without titles (so indexed as before), then given them in the file, then set back to
 * the schema version before the upgrade.
 */
function historyBeforeTheRule(path: string, meddle?: (db: Database.Database) => void): void {
  history(path, false).close();
  const db = new Database(path);
  try {
    const update = db.prepare('UPDATE source_texts SET title = ?, snippet = ? WHERE url = ?');
    for (const s of [...SERP, ...NEWS]) update.run(s.title, s.snippet, s.url);
    meddle?.(db);
    db.pragma(`user_version = ${migrationNamed('serp-mentions').version - 1}`);
  } finally {
    db.close();
  }
}

describe('the upgrade of a history indexed before the rule', () => {
  it('re-analyses its answers without text in the background, then shows the numbers of the rule', () => {
    const path = tmp.file('before.db');
    historyBeforeTheRule(path);
    const store = openTemp(path);
    try {
      expect(store.migrated).toEqual({
        from: migrationNamed('serp-mentions').version - 1,
        to: MIGRATIONS.length,
      });
      const svc = createVisibilityService({ store, now: () => NOW });
      // 8 search answers (web and news, 2 countries, 2 repeats) wait; the assistant's do not.
      expect(svc.reanalysis()).toEqual({ done: 0, total: 8, searchResults: true });
      const before = board(svc, store);
      expect(before.Acme?.search).toEqual({ k: 0, n: 4, position: null });
      expect(before.Acme?.['assistant-a']).toEqual(reference.Acme?.['assistant-a']);
      // An answer stored meanwhile is read by the rule at once.
      ingest(store, runOf(store, ['search']).slice(0, 1));
      expect(board(svc, store).Acme?.search).toEqual({ k: 1, n: 5, position: 3 });

      expect(svc.finishReanalysis()).toEqual({ done: 8, total: 8 });
      expect(svc.reanalysis()).toBeNull();
      const after = board(svc, store);
      expect(after.Acme?.search).toEqual({ k: 5, n: 5, position: 3 });
      expect({ ...after, Acme: { ...after.Acme, search: reference.Acme?.search } }).toEqual({
        ...reference,
        Bolt: { ...reference.Bolt, search: { k: 5, n: 5, position: 1 } },
      });
    } finally {
      store.close();
    }
  });

  it("restarts a brand change's re-analysis under way from the first answer", () => {
    const path = tmp.file('mid-reanalysis.db');
    historyBeforeTheRule(path, (db) => {
      // As a quit half-way through a brand change's re-analysis leaves it.
      const upTo = db.prepare('SELECT max(seq) AS n FROM vis_result').get() as { n: number };
      db.prepare("INSERT INTO meta (key, value) VALUES ('vis_reanalysis', ?)").run(
        JSON.stringify({ after: Math.floor(upTo.n / 2), upTo: upTo.n, done: 6, total: 12 }),
      );
    });
    const store = openTemp(path);
    try {
      const svc = createVisibilityService({ store, now: () => NOW });
      expect(svc.reanalysis()).toEqual({ done: 0, total: 12 });
      // Every brand row is cleared, so no answer counts with the old rule meanwhile.
      expect(brandRows(path)).toEqual([]);
      expect(svc.finishReanalysis()).toEqual({ done: 12, total: 12 });
      expect(board(svc, store)).toEqual(reference);
    } finally {
      store.close();
    }
  });

  it('records nothing for a history without brands or without answers lacking text', () => {
    const noBrands = tmp.file('no-brands.db');
    let store = openTemp(noBrands);
    ingest(store, runOf(store, ['search']));
    store.close();
    let db = new Database(noBrands);
    db.pragma(`user_version = ${migrationNamed('serp-mentions').version - 1}`);
    db.close();
    store = openTemp(noBrands);
    expect(createVisibilityService({ store, now: () => NOW }).reanalysis()).toBeNull();
    store.close();

    const textOnly = tmp.file('text-only.db');
    store = openTemp(textOnly);
    store.saveBrand(ACME);
    ingest(store, runOf(store, ['assistant-a']));
    store.close();
    db = new Database(textOnly);
    db.pragma(`user_version = ${migrationNamed('serp-mentions').version - 1}`);
    db.close();
    store = openTemp(textOnly);
    expect(createVisibilityService({ store, now: () => NOW }).reanalysis()).toBeNull();
    store.close();
  });
});
