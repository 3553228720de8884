import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EngineName } from '../../../src/shared/api/engines';
import type { NormalizedResult, NormalizedSource } from '../../../src/shared/domain/result';
import { runSpecSchema, type RunSpec, type RunSpecInput } from '../../../src/shared/domain/run-spec';
import {
  HistoryOpenError,
  openHistory,
  type HistoryStore,
  type OpenHistoryOptions,
} from '../../../src/core/history';
import { registerStoreFunctions, searchTextSql } from '../../../src/core/history/codec';
import { seedEmptyHistory } from '../../support/empty-history';

/** A temp folder per test file, removed afterwards. */
export function tempFolder(): { dir: string; file: (name: string) => string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'parallax-store-'));
  return {
    dir,
    file: (name) => join(dir, name),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A deterministic clock: every call advances one second from 2026-01-01. */
export function steppingClock(start = Date.UTC(2026, 0, 1)): () => number {
  let t = start;
  return () => (t += 1000);
}

/**
 * The history at `path`, opened with a stepping clock. A missing file starts as a copy of a new
 * history (seedEmptyHistory) unless the options change what creating one does (other
 * migrations, read-only, no creation, a connection limit): tests of creating a file itself
 * call openHistory.
 */
export function openTemp(path: string, extra: Partial<OpenHistoryOptions> = {}): HistoryStore {
  const { migrations, readonly, create, configure } = extra;
  if (!migrations && !readonly && create !== false && !configure) seedEmptyHistory(path);
  return openHistory({ path, now: steppingClock(), ...extra });
}

export function spec(input: Partial<RunSpecInput> = {}): RunSpec {
  return runSpecSchema.parse({
    prompts: ['best running shoes'],
    engines: ['assistant-a'],
    countries: ['US'],
    ...input,
  });
}

export function source(
  position: number,
  domain: string,
  title: string,
  kind: NormalizedSource['kind'] = 'cited',
): NormalizedSource {
  return {
    position,
    kind,
    url: `https://${domain}/page-${position}`,
    domain,
    title,
    snippet: `snippet ${position}`,
    redirectLink: null,
    datePublished: null,
  };
}

export function normalized(
  engine: EngineName,
  text: string,
  extra: Partial<NormalizedResult> = {},
): NormalizedResult {
  return {
    engine,
    text,
    markdown: `**${text}**`,
    htmlUrls: [],
    model: 'model-x',
    searchQueries: [],
    sources: [],
    entities: [],
    products: [],
    ads: [],
    peopleAlsoAsk: [],
    aiOverview: null,
    relatedSearches: [],
    shape: null,
    ...extra,
  };
}

export const KEY_LABEL = 'sk_\u2026abcd';

export function newRun(
  store: HistoryStore,
  input: Partial<RunSpecInput> = {},
  extra: { costEstimate?: number } = {},
  monitorId?: string,
) {
  return store.createRun({
    ...(monitorId !== undefined ? { monitorId } : {}),
    spec: spec(input),
    keyLabel: KEY_LABEL,
    baseUrl: 'http://127.0.0.1:9999',
    sandbox: true,
    costEstimate: extra.costEstimate ?? 10,
  });
}

/**
 * FTS5's own check of answer_search against the texts it reads back from results (through
 * their generated columns, hence the functions): null when they agree, else its message.
 */
export function searchIndexProblems(path: string): string | null {
  const db = new Database(path);
  registerStoreFunctions(db);
  try {
    // The index's own structure (FTS5 integrity-check without comparing the content table:
    // rows stored from schema version 12 are indexed up to their head only, search-head.ts).
    db.prepare("INSERT INTO answer_search (answer_search, rank) VALUES ('integrity-check', 0)").run();
    // Its content: every token at every place, exactly as each row's indexed text gives them.
    db.exec(`
      CREATE VIRTUAL TABLE temp.expected USING fts5 (answer_text, source_titles, facets,
        tokenize = 'unicode61 remove_diacritics 2');
      INSERT INTO temp.expected (rowid, answer_text, source_titles, facets)
        SELECT seq, ${searchTextSql('r', 'answer_text')}, ${searchTextSql('r', 'source_titles')}, facets
        FROM results r WHERE facets <> '';
      CREATE VIRTUAL TABLE temp.indexed_words USING fts5vocab (main, answer_search, instance);
      CREATE VIRTUAL TABLE temp.expected_words USING fts5vocab (temp, expected, instance);
    `);
    const differ = db
      .prepare(
        `SELECT (SELECT count(*) FROM (SELECT * FROM temp.indexed_words EXCEPT SELECT * FROM temp.expected_words))
              + (SELECT count(*) FROM (SELECT * FROM temp.expected_words EXCEPT SELECT * FROM temp.indexed_words))`,
      )
      .pluck()
      .get() as number;
    return differ === 0 ? null : `${differ} token places differ between the search index and the answers`;
  } catch (error) {
    return (error as Error).message;
  } finally {
    db.close();
  }
}

/** The HistoryOpenError `fn` throws; any other outcome fails the test. */
export function openError(fn: () => unknown): HistoryOpenError {
  try {
    fn();
  } catch (error) {
    if (error instanceof HistoryOpenError) return error;
    throw error;
  }
  throw new Error('expected a HistoryOpenError');
}

/** What `read` reads from the history at `path`, on a read-only connection of its own (closed after). */
export function readHistoryFile<T>(path: string, read: (db: Database.Database) => T): T {
  const db = new Database(path, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/**
 * Garbage over the b-tree page header and cell pointers of `table`'s root page in the closed
 * history at `path` (its size kept): damage the integrity check finds.
 */
export function damageRootPage(path: string, table = 'run_prompts'): void {
  const raw = new Database(path, { readonly: true });
  const root = raw.prepare('SELECT rootpage FROM sqlite_schema WHERE name = ?').pluck().get(table) as number;
  const pageSize = raw.pragma('page_size', { simple: true }) as number;
  raw.close();
  const bytes = readFileSync(path);
  bytes.fill(0xff, (root - 1) * pageSize, (root - 1) * pageSize + 64);
  writeFileSync(path, bytes);
}
