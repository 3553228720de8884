import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, type HistoryStore, type JobRecord } from '../../../src/core/history';
import { migrationNamed } from '../../support/migration-named';
import { newRun, normalized, openTemp, source, tempFolder } from './helpers';

// The Visibility index's per-result domain and query rows (vis_result_domain, vis_result_query)
// and the discovery index's (disc_result) have no foreign key to results from migration
// 'result-rows-unchecked': on a real file the upgrade keeps every row and index, and without
// the key's cascade a replaced answer and a deleted run still leave no row behind (the store
// unindexes them first).

const tmp = tempFolder();
const AT = Date.UTC(2026, 2, 2, 10);
const TABLES = ['vis_result_domain', 'vis_result_query', 'disc_result'] as const;

/** The tables as version 2 made them (with the key), for a file before the upgrade. */
const WITH_KEY: Record<(typeof TABLES)[number], string> = {
  vis_result_domain: `CREATE TABLE vis_result_domain (
    seq INTEGER NOT NULL REFERENCES results (seq) ON DELETE CASCADE, domain INTEGER NOT NULL,
    best INTEGER NOT NULL, PRIMARY KEY (seq, domain)) STRICT, WITHOUT ROWID;
    CREATE INDEX vis_result_domain_by_domain ON vis_result_domain (domain, seq);`,
  vis_result_query: `CREATE TABLE vis_result_query (
    seq INTEGER NOT NULL REFERENCES results (seq) ON DELETE CASCADE, query INTEGER NOT NULL,
    PRIMARY KEY (seq, query)) STRICT, WITHOUT ROWID;
    CREATE INDEX vis_result_query_by_query ON vis_result_query (query, seq);`,
  disc_result: `CREATE TABLE disc_result (
    seq INTEGER NOT NULL REFERENCES results (seq) ON DELETE CASCADE, name INTEGER NOT NULL,
    form INTEGER NOT NULL, origins INTEGER NOT NULL, PRIMARY KEY (seq, name)) STRICT, WITHOUT ROWID;
    CREATE INDEX disc_result_by_name ON disc_result (name, seq);`,
};

function ingest(store: HistoryStore, jobs: readonly JobRecord[], variant = 0): void {
  store.ingestResults(
    jobs.map((j, k) => ({
      jobId: j.id,
      raw: {},
      fetchedAt: AT + k * 1000,
      normalized: normalized(
        j.engine,
        `Top picks ${k}:\n1. **Acme Widget ${variant}**: sturdy.\n2. **Bolt Gear**: light.`,
        {
          sources: [source(1, `site${(k + variant) % 3}.com`, 'A'), source(2, 'shared.org', 'B')],
          searchQueries: [`query ${k % 2} ${variant}`, 'common query'],
        },
      ),
    })),
  );
}

interface Snapshot {
  rows: Record<string, unknown[]>;
  indexes: unknown[];
  keys: number;
  /** Rows whose result is gone. */
  orphans: number;
}

function snapshot(path: string): Snapshot {
  const db = new Database(path, { readonly: true });
  try {
    const rows: Record<string, unknown[]> = {};
    let keys = 0;
    let orphans = 0;
    for (const table of TABLES) {
      rows[table] = db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all();
      keys += (db.pragma(`foreign_key_list(${table})`) as unknown[]).length;
      orphans += db
        .prepare(
          `SELECT count(*) FROM ${table} t WHERE NOT EXISTS (SELECT 1 FROM results r WHERE r.seq = t.seq)`,
        )
        .pluck()
        .get() as number;
    }
    const indexes = db
      .prepare(
        `SELECT tbl_name, name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name IN (${TABLES.map((t) => `'${t}'`).join(', ')}) ORDER BY name`,
      )
      .all();
    return { rows, indexes, keys, orphans };
  } finally {
    db.close();
  }
}

/** Puts the tables back as they were before the migration, rows included, at its version - 1. */
function backToKeyedTables(path: string, version: number): void {
  const raw = new Database(path);
  raw.pragma('foreign_keys = OFF');
  raw.transaction(() => {
    for (const table of TABLES) {
      // The renamed table keeps its index, whose name the old definition takes again.
      raw.exec(`ALTER TABLE ${table} RENAME TO ${table}_kept`);
      for (const index of raw.pragma(`index_list(${table}_kept)`) as Array<{ name: string; origin: string }>)
        if (index.origin === 'c') raw.exec(`DROP INDEX ${index.name}`);
      raw.exec(WITH_KEY[table]);
      raw.exec(`INSERT INTO ${table} SELECT * FROM ${table}_kept; DROP TABLE ${table}_kept;`);
    }
    raw.pragma(`user_version = ${version - 1}`);
  })();
  raw.close();
}

afterAll(() => tmp.cleanup());

describe("the indexes' result rows without a foreign key", () => {
  it('keeps every row through the upgrade, and a replaced answer or deleted run leaves none', () => {
    const path = tmp.file('result-rows.db');
    let store = openTemp(path);
    const first = newRun(store, { prompts: ['p1', 'p2'], engines: ['assistant-a', 'assistant-b'] });
    ingest(store, first.jobs);
    store.close();
    const version = migrationNamed('result-rows-unchecked').version;
    const before = snapshot(path);
    backToKeyedTables(path, version);
    expect(snapshot(path).keys).toBe(TABLES.length);

    store = openTemp(path);
    expect(store.migrated).toEqual({ from: version - 1, to: MIGRATIONS.length });
    const upgraded = snapshot(path);
    expect(upgraded).toEqual({ ...before, keys: 0 });
    for (const table of TABLES) expect(upgraded.rows[table]?.length, table).toBeGreaterThan(0);

    // Replaced answers: only the new answers' rows remain.
    ingest(store, first.jobs, 1);
    const replaced = snapshot(path);
    expect(replaced.orphans).toBe(0);
    expect(replaced.rows).not.toEqual(upgraded.rows);
    const second = newRun(store, { prompts: ['p3'], engines: ['assistant-a'] });
    ingest(store, second.jobs, 2);
    expect(store.deleteRun(second.run.id)).toBe(true);
    expect(snapshot(path)).toEqual(replaced);
    expect(store.deleteRun(first.run.id)).toBe(true);
    const emptied = snapshot(path);
    expect(emptied.rows).toEqual({ vis_result_domain: [], vis_result_query: [], disc_result: [] });
    store.close();
  });
});
