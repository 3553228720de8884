import Database from 'better-sqlite3';
import { zstdDecompressSync } from 'node:zlib';
import { applyMigrations, MIGRATIONS } from '../../src/core/history/schema';
import { compressText, unpackDoc, registerStoreFunctions } from '../../src/core/history/codec';
import { migrationNamed } from './migration-named';

const initialSql = migrationNamed('initial').sql;
const compactSearchSql = migrationNamed('compact-search').sql;
const answerDocsSql = migrationNamed('answer-docs').sql;
const alertsSql = migrationNamed('alerts').sql;
const visibilitySql = migrationNamed('visibility').sql;

// Puts a history written by this build back into the layout of an older schema version, so a
// migration can be tested on "a file made before it" with the answers ingest stores today.

/**
 * Migration 10 undone: the answer text and source titles as plain text columns, the Markdown
 * in a zstd frame of its own (markdown_zstd), the raw JSON in result_docs, and the search
 * index's three triggers of migration 7 (what migration 10 packs into results.doc).
 */
function unpackAnswerDocs(path: string): void {
  const db = new Database(path);
  registerStoreFunctions(db);
  const docs = db.prepare('SELECT seq, doc FROM results WHERE doc IS NOT NULL').all() as Array<{
    seq: number;
    doc: Buffer;
  }>;
  const triggers = compactSearchSql.slice(compactSearchSql.indexOf('CREATE TRIGGER results_search_insert'));
  db.exec(`
    DROP TRIGGER results_search_delete; DROP TRIGGER results_search_update;
    ALTER TABLE results DROP COLUMN answer_text; ALTER TABLE results DROP COLUMN source_titles;
    ALTER TABLE results DROP COLUMN markdown_text; ALTER TABLE results DROP COLUMN search_queries_json;
  `);
  const unpack = db.prepare(
    `UPDATE results SET answer_head = ?, source_titles_plain = ?, markdown_zstd = ?, search_queries_plain = ?
     WHERE seq = ?`,
  );
  const raw = db.prepare('INSERT INTO result_docs (result_seq, raw_zstd) VALUES (?, ?)');
  db.transaction(() => {
    for (const { seq, doc } of docs) {
      const d = unpackDoc(doc);
      const markdown = d.markdown === null ? null : compressText(d.markdown);
      unpack.run(d.text, d.sourceTitles, markdown, d.searchQueriesJson, seq);
      if (d.rawJson !== null) raw.run(seq, compressText(d.rawJson));
    }
  })();
  db.exec(`
    ALTER TABLE results DROP COLUMN doc;
    ALTER TABLE results RENAME COLUMN answer_head TO answer_text;
    ALTER TABLE results RENAME COLUMN source_titles_plain TO source_titles;
    ALTER TABLE results RENAME COLUMN search_queries_plain TO search_queries_json;
    ${triggers.slice(0, triggers.indexOf('-- The backfill'))}
    DELETE FROM meta WHERE key = 'doc_backfill_after';
    DELETE FROM meta WHERE key = 'search_head_from'; -- migration 12
    ALTER TABLE jobs DROP COLUMN credits_estimated; -- migration 13
  `);
  db.close();
}

/**
 * The version-11 layout: every answer indexed for search whole, with migration 10's triggers
 * (what migration 12 caps at SEARCH_INDEX_CHARS for the rows stored after it).
 */
export function toVersion11(path: string): void {
  withoutPositioning(path);
  const db = new Database(path);
  registerStoreFunctions(db);
  const triggers = answerDocsSql.slice(
    answerDocsSql.indexOf('CREATE TRIGGER results_search_delete'),
    answerDocsSql.indexOf("INSERT INTO meta (key, value) SELECT 'doc_backfill_after'"),
  );
  db.exec(`
    DROP TRIGGER results_search_delete; DROP TRIGGER results_search_update;
    ${triggers}
    DELETE FROM meta WHERE key = 'search_head_from';
    ALTER TABLE jobs DROP COLUMN credits_estimated; -- migration 13
    INSERT INTO answer_search (answer_search) VALUES ('rebuild');
    PRAGMA user_version = 11;
  `);
  db.close();
}

/**
 * The version-9 layout: the answer texts in columns of their own and the raw JSON in result_docs
 * (what migration 10 packs into results.doc), every source, entity and product a row of
 * source_rows, entity_rows or product_rows pointing to its distinct text (what migration 11
 * packs into one list per result),
 * made by migration 9 itself from the version-8 layout. A row's id is the one the views give
 * today (result_seq × 65536 + its index), so a result's rows keep their order.
 */
export function toVersion9(path: string): void {
  toVersion8(path);
  const db = new Database(path);
  try {
    applyMigrations(db, MIGRATIONS.slice(0, 9));
  } finally {
    db.close();
  }
}

/**
 * The layout before migration 'key-levels': vis_urls and vis_queries with their UNIQUE value
 * again (migration 'visibility''s tables, the same rows and ids), their two levels of keys and
 * meta's settled marks dropped (and the later 'site-kinds' table), at the version before it.
 */
export function withoutKeyLevels(path: string): void {
  const ddl = visibilitySql.slice(
    visibilitySql.indexOf('CREATE TABLE vis_urls ('),
    visibilitySql.indexOf('CREATE TABLE vis_result ('),
  );
  const db = new Database(path);
  try {
    db.exec(`
      DROP TABLE IF EXISTS site_kind_overrides; -- migration 'site-kinds', after this one
      ALTER TABLE vis_urls RENAME TO vis_urls_v23; DROP INDEX vis_urls_by_domain;
      ALTER TABLE vis_queries RENAME TO vis_queries_v23;
      ${ddl}
      INSERT INTO vis_urls SELECT * FROM vis_urls_v23; INSERT INTO vis_queries SELECT * FROM vis_queries_v23;
      DROP TABLE vis_urls_v23; DROP TABLE vis_queries_v23;
      DROP TABLE vis_url_keys; DROP TABLE vis_url_keys_new; DROP TABLE vis_query_keys; DROP TABLE vis_query_keys_new;
      DELETE FROM meta WHERE key IN ('vis_url_keys_settled_to', 'vis_query_keys_settled_to');
    `);
    db.pragma(`user_version = ${MIGRATIONS.findIndex((m) => m.name === 'key-levels')}`);
  } finally {
    db.close();
  }
}

/**
 * The layout before migration 'team-sync' (and 'judge-cache' after it): their tables, the sync
 * triggers on the synced tables and the sync meta rows dropped, at the version before it.
 */
export function withoutTeamSync(path: string): void {
  withoutKeyLevels(path);
  const db = new Database(path);
  try {
    const named = (type: string, pattern: string): string[] =>
      db
        .prepare("SELECT name FROM sqlite_schema WHERE type = ? AND name LIKE ? ESCAPE '\\'")
        .pluck()
        .all(type, pattern) as string[];
    for (const t of named('trigger', 'sync\\_%')) db.exec(`DROP TRIGGER ${t}`);
    for (const t of [...named('table', 'sync\\_%'), 'pos_judge_cache']) db.exec(`DROP TABLE IF EXISTS ${t}`);
    db.exec("DELETE FROM meta WHERE key LIKE 'sync.%'");
    db.pragma(`user_version = ${MIGRATIONS.findIndex((m) => m.name === 'team-sync')}`);
  } finally {
    db.close();
  }
}

/**
 * The layout before migration 'alert-digests' (which comes after 'positioning'): alerts in
 * migration 'alerts''s form (its fixed kinds, no severity or data; the rows of those kinds kept:
 * not the kinds added since, trend and the positioning rules),
 * monitor_options without the report's branding, at the version before it.
 */
export function withoutAlertDigests(path: string): void {
  const ddl = (from: string, to: string): string =>
    alertsSql.slice(alertsSql.indexOf(from), alertsSql.indexOf(to));
  withoutTeamSync(path);
  const db = new Database(path);
  try {
    db.pragma('foreign_keys = OFF');
    const columns =
      'id, kind, scope, monitor_id, monitor_name, run_id, prev_run_id, prompt, engine, loc, brand_name, before_json, after_json, before_seq, after_seq, summary, created_at, read_at';
    db.exec(`
      ALTER TABLE alerts RENAME TO alerts_digests;
      DROP INDEX alerts_by_created; DROP INDEX alerts_unread; DROP INDEX alerts_by_run;
      DROP INDEX alerts_by_prev_run; DROP INDEX alerts_by_monitor;
      DROP INDEX alerts_by_before_seq; DROP INDEX alerts_by_after_seq;
      ${ddl('CREATE TABLE alerts (', 'CREATE TABLE webhook_deliveries (')}
      INSERT INTO alerts (${columns}) SELECT ${columns} FROM alerts_digests
        WHERE kind IN ('brand-entered', 'brand-dropped', 'position-moved', 'competitor-appeared',
          'competitor-disappeared', 'sources-changed', 'answer-changed') AND scope <> 'slice';
      DROP TABLE alerts_digests;
      ALTER TABLE monitor_options DROP COLUMN client_name;
      ALTER TABLE monitor_options DROP COLUMN report_subject;
      ALTER TABLE monitor_options DROP COLUMN report_logo;
      ALTER TABLE monitor_options DROP COLUMN report_accent;
    `);
    db.pragma(`user_version = ${MIGRATIONS.findIndex((m) => m.name === 'alert-digests')}`);
  } finally {
    db.close();
  }
}

/**
 * The layout before positioning: migration 'positioning''s tables and meta rows dropped, and the
 * later ones of commerce, the prompts' roll-ups, crawler logs, first-party outcomes, the team's
 * shared funnel totals, brand facts and their model judge's cache, and dismissed prompt
 * suggestions (foreign keys off while they go: pos_scorings points to pos_judges), at the version
 * before it.
 */
export function withoutPositioning(path: string): void {
  withoutAlertDigests(path);
  const db = new Database(path);
  try {
    db.pragma('foreign_keys = OFF');
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND (name LIKE 'pos\\_%' ESCAPE '\\' OR name LIKE 'com\\_%' ESCAPE '\\' OR name LIKE 'vis\\_prompt\\_%' ESCAPE '\\' OR name LIKE 'crawl\\_%' ESCAPE '\\' OR name LIKE 'outcome\\_%' ESCAPE '\\' OR name LIKE 'shared\\_funnel\\_%' ESCAPE '\\' OR name IN ('brand_facts', 'fact_checks', 'fact_na_cells', 'fact_judge_cache', 'suggestion_dismissals'))",
      )
      .pluck()
      .all() as string[];
    for (const t of tables) db.exec(`DROP TABLE ${t}`);
    db.exec(
      "DELETE FROM meta WHERE key LIKE 'pos\\_%' ESCAPE '\\' OR key = 'commerce_fill' OR key LIKE 'facts\\_%' ESCAPE '\\'",
    );
    db.exec("DELETE FROM sqlite_sequence WHERE name = 'pos_brands'");
    db.pragma(`user_version = ${MIGRATIONS.findIndex((m) => m.name === 'positioning')}`);
  } finally {
    db.close();
  }
}

/**
 * The version-8 layout: every source, entity, product and offer a row of the tables of migration 1,
 * texts and all (what migration 9 splits into rows and distinct texts), and the search index
 * with prefix indexes of 2 to 6 characters (migration 7's).
 */
export function toVersion8(path: string): void {
  withoutPositioning(path);
  unpackAnswerDocs(path);
  const ddl = (from: string, to: string) =>
    initialSql.slice(
      initialSql.indexOf(`CREATE TABLE ${from} (`),
      initialSql.indexOf(`CREATE TABLE ${to} (`),
    );
  const db = new Database(path);
  db.exec(`
    CREATE TEMP TABLE sources_copy AS SELECT * FROM sources ORDER BY id;
    CREATE TEMP TABLE entities_copy AS SELECT * FROM entities ORDER BY id;
    CREATE TEMP TABLE products_copy AS SELECT * FROM products ORDER BY id;
    CREATE TEMP TABLE offers_copy AS SELECT * FROM product_offers ORDER BY product_id, position;
    DROP VIEW sources; DROP VIEW entities; DROP VIEW products; DROP VIEW product_offers; -- and their triggers
    DROP TABLE source_lists; DROP TABLE source_texts; DROP TABLE entity_lists; DROP TABLE entity_texts;
    DROP TABLE product_lists; DROP TABLE product_texts;
    ${ddl('sources', 'products')}
    ${ddl('products', 'ads')}
    INSERT INTO sources SELECT * FROM temp.sources_copy ORDER BY id;
    INSERT INTO entities SELECT * FROM temp.entities_copy ORDER BY id;
    INSERT INTO products SELECT * FROM temp.products_copy ORDER BY id;
    INSERT INTO product_offers (product_id, position, merchant, title, url, price, price_value, currency, available)
      SELECT product_id, position, merchant, title, url, price, price_value, currency, available
      FROM temp.offers_copy;
    DELETE FROM meta WHERE key = 'text_dictionary_generation';
    DROP TABLE answer_search;
    CREATE VIRTUAL TABLE answer_search USING fts5 (
      answer_text, source_titles, facets, content = 'results', content_rowid = 'seq',
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6'
    );
    INSERT INTO answer_search (rowid, answer_text, source_titles, facets)
      SELECT seq, answer_text, source_titles, facets FROM results WHERE facets <> '';
    PRAGMA user_version = 8;
  `);
  db.close();
}

/**
 * The version-6 layout: raw JSON as text in result_raw, Markdown as text, the answer_fts index
 * of migration 1 (what migration 7 compresses and re-indexes).
 */
export function toVersion6(path: string): void {
  toVersion8(path);
  const db = new Database(path);
  db.function('zstd_text', (b: unknown) =>
    b instanceof Uint8Array ? zstdDecompressSync(b).toString('utf8') : null,
  );
  const fts = initialSql.slice(initialSql.indexOf('CREATE VIRTUAL TABLE answer_fts'));
  db.exec(`
    CREATE TABLE result_raw (
      result_seq INTEGER PRIMARY KEY REFERENCES results (seq) ON DELETE CASCADE,
      raw_json   TEXT NOT NULL
    ) STRICT;
    INSERT INTO result_raw SELECT result_seq, zstd_text(raw_zstd) FROM result_docs;
    UPDATE results SET answer_markdown = zstd_text(markdown_zstd);
    DROP TRIGGER results_search_insert; DROP TRIGGER results_search_delete; DROP TRIGGER results_search_update;
    DROP TABLE answer_search; DROP TABLE result_docs;
    ALTER TABLE results DROP COLUMN markdown_zstd; ALTER TABLE results DROP COLUMN facets;
    ${fts}
    INSERT INTO answer_fts (answer_fts) VALUES ('rebuild');
    DELETE FROM meta WHERE key = 'compact_backfill_after';
    DROP TABLE IF EXISTS run_sessions; -- migration 8
    PRAGMA user_version = 6;
  `);
  db.close();
}

/**
 * An older version (≤ 6): the version-6 layout, then every table and trigger that migrations
 * 1..version did not create dropped (the tables' indexes go with them).
 */
export function toVersion(path: string, version: number): void {
  if (version > 6) throw new Error(`toVersion goes back to version 6 or older, not ${version}`);
  toVersion6(path);
  const reference = new Database(':memory:');
  applyMigrations(reference, MIGRATIONS.slice(0, version));
  const names = (db: Database.Database) =>
    db
      .prepare(
        "SELECT type, name FROM sqlite_schema WHERE type IN ('table', 'trigger') AND name NOT LIKE 'sqlite_%'",
      )
      .all() as Array<{ type: string; name: string }>;
  const keep = new Set(names(reference).map((o) => o.name));
  reference.close();
  const db = new Database(path);
  db.pragma('foreign_keys = OFF');
  for (const o of names(db).filter((x) => !keep.has(x.name)))
    db.exec(`DROP ${o.type.toUpperCase()} IF EXISTS ${o.name}`);
  db.pragma(`user_version = ${version}`);
  db.close();
}
