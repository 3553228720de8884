import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { HistoryStore } from '../../../src/core/history';
import type { NormalizedSource } from '../../../src/shared/domain/result';
import { migrationNamed } from '../../support/migration-named';
import { newRun, normalized, openTemp, readHistoryFile, source, tempFolder } from './helpers';

// Migration 22: a source text is kept by its URL's id in the Visibility index (source_texts.url_id
// = vis_urls.id), so a new URL no longer goes into an index of URL texts at a random place; the
// texts stored before keep being found by their URL. Real files: the ids, the index that stays
// empty, no tuple stored twice (with and without an id, before and after the upgrade).

const folder = tempFolder();
afterAll(() => folder.cleanup());

/** A source the Visibility index leaves out (no host): its text is kept without an id. */
const hostless: NormalizedSource = { ...source(9, '', 'No host'), url: 'urn:isbn:0451450523' };

const sourcesOf = (i: number): NormalizedSource[] => [
  source(1, 'shared.example', 'Shared guide'),
  source(2, `own-${i}.example`, `Own page ${i}`),
  hostless,
];

/**
 * Opens the history at `path` (upgrading it), stores one run's answers, each citing
 * sourcesOf(i + offset), in one batch as a page of a pull, and closes it; returns the upgrade.
 */
function ingestInto(path: string, prompts: number, offset = 0): HistoryStore['migrated'] {
  const store = openTemp(path);
  try {
    const { jobs } = newRun(store, { prompts: Array.from({ length: prompts }, (_, i) => `prompt ${i}`) });
    store.ingestResults(
      jobs.map((job, i) => ({
        jobId: job.id,
        raw: '{}',
        normalized: { ...normalized('assistant-a', `answer ${i}`), sources: sourcesOf(i + offset) },
        fetchedAt: Date.UTC(2026, 0, 2),
      })),
    );
    return store.migrated;
  } finally {
    store.close();
  }
}

type TextRow = { id: number; url: string; url_id: number | null; vis_url: string | null };

function texts(path: string): TextRow[] {
  return readHistoryFile(
    path,
    (db) =>
      db
        .prepare(
          `SELECT t.id, t.url, t.url_id, u.url AS vis_url
             FROM source_texts t LEFT JOIN vis_urls u ON u.id = t.url_id ORDER BY t.id`,
        )
        .all() as TextRow[],
  );
}

/** Entries in an index's leaves (SQLite's dbstat). */
function entries(path: string, index: string): number {
  return readHistoryFile(
    path,
    (db) =>
      db
        .prepare("SELECT coalesce(sum(ncell), 0) FROM dbstat WHERE name = ? AND pagetype = 'leaf'")
        .pluck()
        .get(index) as number,
  );
}

describe("source texts kept by their URL's id", () => {
  it("gives each new text its URL's id in vis_urls and leaves the URL index empty", () => {
    const path = folder.file('new.db');
    ingestInto(path, 3);
    const rows = texts(path);
    // The shared page once, each answer's own page, the page without a host.
    expect(rows.map((r) => r.url).sort()).toEqual(
      [
        'https://own-0.example/page-2',
        'https://own-1.example/page-2',
        'https://own-2.example/page-2',
        'https://shared.example/page-1',
        hostless.url,
      ].sort(),
    );
    for (const row of rows) {
      if (row.url === hostless.url) expect(row.url_id).toBeNull();
      else expect(row.vis_url).toBe(row.url);
    }
    // Only the text without an id went into the index of URL texts.
    expect(entries(path, 'source_texts_by_url')).toBe(1);
    expect(entries(path, 'source_texts_by_url_id')).toBe(4);
  });

  it('finds the stored texts again, with an id or without, from a new connection', () => {
    const path = folder.file('again.db');
    ingestInto(path, 3);
    const before = texts(path);
    // A new connection: no cached ids, no filter; each tuple is found by the look-up.
    ingestInto(path, 2, 1);
    expect(texts(path)).toEqual(before);
  });

  it('finds the texts stored before the upgrade by their URL, and numbers the new ones', () => {
    const path = folder.file('upgraded.db');
    ingestInto(path, 3);
    const version = migrationNamed('source-url-ids').version;
    // Back to the file version 21 made: texts without ids, the URL index over every one.
    const raw = new Database(path);
    raw.exec(`DROP INDEX source_texts_by_url; DROP INDEX source_texts_by_url_id;
      UPDATE source_texts SET url_id = NULL;
      CREATE INDEX source_texts_by_url ON source_texts (url);`);
    raw.pragma(`user_version = ${version - 1}`);
    raw.close();
    const old = texts(path);

    expect(ingestInto(path, 5).from).toBe(version - 1);
    const now = texts(path);
    // The five answers' texts already stored are found (none twice); two new pages get ids.
    expect(now.slice(0, old.length)).toEqual(old);
    expect(now.slice(old.length).map((r) => [r.url, r.vis_url])).toEqual([
      ['https://own-3.example/page-2', 'https://own-3.example/page-2'],
      ['https://own-4.example/page-2', 'https://own-4.example/page-2'],
    ]);
    expect(entries(path, 'source_texts_by_url')).toBe(old.length);
  });
});
