import Database from 'better-sqlite3';
import { registerStoreFunctions } from '../../../src/core/history/codec';
import { copyFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryOpenError, MIGRATIONS, openHistory } from '../../../src/core/history';
import { runCompactBackfill, applyMigrations } from '../../../src/core/history/schema';
import { toFtsQuery, type SearchOptions } from '../../../src/core/history/search';
import { toVersion6 } from '../../support/old-history';
import { newRun, normalized, openTemp, source, tempFolder } from './helpers';

// Migration 7 on a history made before it: raw JSON and Markdown compressed, answers indexed in
// answer_search, in batches that survive an interruption, keeping every byte; and every search
// (filtered or not) finds the same answers as the version-6 index did.
//
// The version-6 file is a history written by this build, put back into the version-6 layout
// (raw JSON as text in result_raw, Markdown as text, the answer_fts index of migration 1): its
// tables and columns are checked against a file created by migrations 1–6 alone.

const folder = tempFolder();
const v6Path = folder.file('v6.db');
let originals: Map<string, { raw: string; markdown: string | null }>;
let before: Map<string, string[]>;

const QUERIES: Array<[string, Omit<SearchOptions, 'query'>]> = [
  ['laufschuhe', {}],
  ['shoes', {}],
  ['shoes', { engine: 'assistant-b' }],
  ['shoes', { country: 'DE' }],
  ['shoes', { country: 'US', state: 'CA' }],
  ['shoes', { from: Date.UTC(2026, 0, 3), to: Date.UTC(2026, 0, 5) - 1 }],
  ['shoes', { from: Date.UTC(2026, 0, 3, 12), to: Date.UTC(2026, 0, 4, 6) }],
  ['sho*', {}],
  ['"trail shoes"', { scope: 'answers' }],
  ['review', { scope: 'sources' }],
  ['東京', {}],
  ['café OR naïve', {}],
];

function layout(path: string): Record<string, string[]> {
  const db = new Database(path, { readonly: true });
  registerStoreFunctions(db);
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_schema WHERE type IN ('table', 'trigger', 'index') AND name NOT LIKE 'sqlite_stat%' ORDER BY name",
    )
    .pluck()
    .all() as string[];
  const out: Record<string, string[]> = { schema: tables };
  for (const t of ['results', 'result_raw'])
    out[t] = db
      .prepare(`SELECT name || ' ' || type FROM pragma_table_info('${t}')`)
      .pluck()
      .all() as string[];
  db.close();
  return out;
}

/** What the version-6 index finds, newest first, with the filters joined as before. */
function searchV6(path: string, query: string, o: Omit<SearchOptions, 'query'>): string[] {
  const db = new Database(path, { readonly: true });
  registerStoreFunctions(db);
  const scoped =
    o.scope === 'answers' ? '{answer_text} : ' : o.scope === 'sources' ? '{source_titles} : ' : '';
  const match = `${scoped}(${toFtsQuery(query)})`;
  const where = ['answer_fts MATCH @match'];
  if (o.engine) where.push('j.engine = @engine');
  if (o.country) where.push('j.country = @country');
  if (o.state) where.push('j.us_state = @state');
  if (o.from !== undefined) where.push('r.fetched_at >= @from');
  if (o.to !== undefined) where.push('r.fetched_at <= @to');
  const ids = db
    .prepare(
      `SELECT r.id FROM answer_fts f JOIN results r ON r.seq = f.rowid JOIN jobs j ON j.id = r.job_id
       WHERE ${where.join(' AND ')} ORDER BY f.rowid DESC`,
    )
    .pluck()
    .all({
      match,
      ...(o.engine ? { engine: o.engine } : {}),
      ...(o.country ? { country: o.country } : {}),
      ...(o.state ? { state: o.state } : {}),
      ...(o.from !== undefined ? { from: o.from } : {}),
      ...(o.to !== undefined ? { to: o.to } : {}),
    }) as string[];
  db.close();
  return ids;
}

beforeAll(() => {
  const store = openTemp(v6Path);
  const a = newRun(store, {
    prompts: ['best running shoes', 'trail shoes for beginners'],
    engines: ['assistant-a', 'assistant-b'],
    countries: ['US', 'DE'],
    states: ['CA'],
    repeats: 3,
  });
  const texts = [
    'The best trail shoes for beginners are light. Die besten Laufschuhe 東京 😀',
    'Shoes reviewed: café naïve résumé — "quoted" \\ backslash',
    'No markdown for this one: shoes and socks',
  ];
  originals = new Map();
  const items = a.jobs.map((job, i) => {
    const text = `${texts[i % texts.length]} #${i}`;
    const raw =
      i === 0
        ? JSON.stringify({ result: { text, html: '<p>x</p>'.repeat(20_000) } }) // ~180 KB
        : JSON.stringify({ success: true, result: { text, n: i, emoji: '🏃‍♀️', nul: '\u0000' } });
    const markdown = i % 3 === 2 ? null : `**${text}**\n\n- item ${i}`;
    return {
      jobId: job.id,
      raw,
      normalized: normalized(job.engine, text, {
        markdown,
        sources: [source(1, 'shoes.example', `Shoe review ${i}`), source(2, 'runs.example', 'Guide')],
      }),
      fetchedAt: Date.UTC(2026, 0, 1) + i * 4 * 3_600_000,
    };
  });
  const outcomes = store.ingestResults(items);
  outcomes.forEach((o, i) =>
    originals.set(o.resultId, { raw: items[i]!.raw, markdown: items[i]!.normalized.markdown }),
  );
  store.close();
  toVersion6(v6Path);
  before = new Map(QUERIES.map(([q, o], i) => [String(i), searchV6(v6Path, q, o)]));
});
afterAll(() => folder.cleanup());

describe('migration 7 (compact history, search index with facets)', () => {
  it('starts from a real version-6 layout', () => {
    const fresh = folder.file('fresh-v6.db');
    const db = new Database(fresh);
    registerStoreFunctions(db);
    applyMigrations(db, MIGRATIONS.slice(0, 6));
    db.close();
    expect(layout(v6Path)).toEqual(layout(fresh));
    expect(before.get('0')!.length).toBeGreaterThan(0);
  });

  it('refuses a read-only open until upgraded, then resumes an interrupted backfill and keeps every byte', () => {
    const path = folder.file('upgrade.db');
    copyFileSync(v6Path, path);
    // Schema step, then two batches of 5 rows, then "killed".
    const db = new Database(path);
    registerStoreFunctions(db);
    applyMigrations(db, MIGRATIONS);
    expect(runCompactBackfill(db, { batchSize: 5, maxBatches: 2 })).toBe(false);
    const moved = db.prepare('SELECT count(*) FROM result_docs').pluck().get() as number;
    const left = db.prepare('SELECT count(*) FROM result_raw').pluck().get() as number;
    expect(moved).toBe(10);
    expect(left).toBe(originals.size - 10);
    db.close();

    expect(() => openHistory({ path, readonly: true })).toThrow(HistoryOpenError);

    const progress: Array<[number, number]> = [];
    const store = openHistory({ path, onUpgradeProgress: (p) => progress.push([p.done, p.total]) });
    // Migration 7's backfill finishes the rows it had left, then migration 10's packs them all.
    expect(progress).toContainEqual([originals.size - 10, originals.size - 10]);
    expect(progress.at(-1)).toEqual([originals.size, originals.size]);
    for (const [id, original] of originals) {
      expect(store.getRawJson(id)).toBe(original.raw);
      const result = store.getResult(id)!;
      expect(result.rawJson).toBe(original.raw);
      expect(result.normalized.markdown).toBe(original.markdown);
    }
    store.close();

    const raw = new Database(path, { readonly: true });
    registerStoreFunctions(raw);
    const names = raw.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all();
    expect(names).not.toContain('result_raw');
    expect(names).not.toContain('answer_fts');
    expect(raw.prepare("SELECT count(*) FROM results WHERE facets = ''").pluck().get()).toBe(0);
    expect(raw.prepare('SELECT count(*) FROM results WHERE answer_markdown IS NOT NULL').pluck().get()).toBe(
      0,
    );
    expect(raw.prepare("SELECT count(*) FROM meta WHERE key = 'compact_backfill_after'").pluck().get()).toBe(
      0,
    );
    raw.close();
  });

  it('finds the same answers as the version-6 index, for every filter', () => {
    const path = folder.file('search.db');
    copyFileSync(v6Path, path);
    const store = openHistory({ path });
    QUERIES.forEach(([query, options], i) => {
      const page = store.search({ query, ...options, limit: 200 });
      expect(
        page.hits.map((h) => h.resultId),
        `${query} ${JSON.stringify(options)}`,
      ).toEqual(before.get(String(i)));
      expect(page.total).toBe(before.get(String(i))!.length);
    });
    // Replacing and deleting keep the index exact (no stale or duplicate rows).
    const first = [...originals.keys()][0]!;
    const job = store.getResult(first)!;
    store.ingestResults([
      {
        jobId: job.jobId,
        raw: '{}',
        normalized: normalized(job.engine, 'zebra only'),
        fetchedAt: job.fetchedAt,
      },
    ]);
    expect(store.search({ query: 'zebra' }).hits.map((h) => h.resultId)).toEqual([first]);
    expect(store.search({ query: 'laufschuhe' }).hits.map((h) => h.resultId)).not.toContain(first);
    store.deleteRun(job.runId);
    expect(store.search({ query: 'zebra' }).total).toBe(0);
    expect(store.checkIntegrity('full')).toEqual(['ok']);
    store.close();
  });
});
