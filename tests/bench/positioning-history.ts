import Database from 'better-sqlite3';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openHistory, type HistoryStore, type IngestItem } from '../../src/core/history';
import { registerStoreFunctions } from '../../src/core/history/codec';
import {
  addPositioningRollups,
  PositioningRollupWriter,
  type StoredBrandRow,
} from '../../src/core/history/positioning';
import type { EngineName } from '../../src/shared/api/engines';
import type { NormalizedResult } from '../../src/shared/domain/result';
import { runSpecSchema } from '../../src/shared/domain/run-spec';
import { BENCH_BRANDS, positioningAnswers } from './positioning-answers';
import { fillCopiedMentions, MENTIONS_KEY } from './positioning-mentions';

// The positioning benches' history: 1,036,800 answers over 90 days (10 runs a day of 1,152 jobs:
// 16 prompts × 4 engines × 6 locations × 3 repeats, 5 monitors), 8 tracked brands, answers of
// 2-6 KB naming them the way engines do (positioning-answers.ts). The first TEMPLATE_RUNS runs
// are stored through the store's real ingest (judged at ingest, every index and roll-up); the
// others are copies of those answers in SQL (their own results rows with the template's
// document, their own cells, the template's positioning rows and, through the store's roll-up
// writer, their roll-ups as ingest writes them); the answer counts are then counted from the
// cells in SQL, and the copies get their template's brand rows (positioning-mentions.ts). Storing a million answers through ingest would take hours on a 2-core machine.
// Built once, cached.

/** PARALLAX_POS_BENCH_SMALL=1: a 3-day history of its own (checking the build, not a figure). */
const SMALL = process.env.PARALLAX_POS_BENCH_SMALL === '1';
const VERSION = SMALL ? 'pos-small-v4' : 'pos-v4';
export const POS_BENCH_NOW = Date.UTC(2026, 2, 31, 12);
const DAY = 86_400_000;
const DAYS = SMALL ? 3 : 90;
const RUNS_PER_DAY = SMALL ? 2 : 10;
const MONITORS = 5;
const TEMPLATE_RUNS = SMALL ? 1 : 4;
const ENGINES: EngineName[] = ['assistant-a', 'assistant-b', 'search-ai', 'assistant-c'];
const SPEC = runSpecSchema.parse({
  prompts: Array.from({ length: 16 }, (_, i) => `best running shoes question ${i}`),
  engines: ENGINES,
  countries: ['DE', 'FR', 'GB', 'US'],
  states: ['CA', 'NY'],
  repeats: 3,
});

function normalizedOf(engine: EngineName, text: string): NormalizedResult {
  return {
    engine,
    text: text.replace(/[*#|]/g, ''),
    markdown: text,
    htmlUrls: [],
    model: 'm',
    searchQueries: [],
    sources: [],
    entities: [],
    products: [],
    ads: [],
    peopleAlsoAsk: [],
    aiOverview: null,
    relatedSearches: [],
    shape: null,
  };
}

/** Every run (created through the store), the first TEMPLATE_RUNS with their answers ingested. */
function createRuns(store: HistoryStore, setClock: (ms: number) => void): number {
  const monitors = Array.from({ length: MONITORS }, (_, i) =>
    store.saveMonitor({ name: `Monitor ${i}`, spec: SPEC, cadence: 'daily' }),
  );
  const answers = positioningAnswers(TEMPLATE_RUNS * 1152);
  let templates = 0;
  for (let d = 0; d < DAYS; d++) {
    const day = Math.floor(POS_BENCH_NOW / DAY) - (DAYS - 1 - d);
    for (let k = 0; k < RUNS_PER_DAY; k++) {
      const at = day * DAY + k * 3_600_000;
      setClock(at);
      const { jobs } = store.createRun({
        spec: SPEC,
        keyLabel: 'sandbox',
        baseUrl: 'http://127.0.0.1',
        sandbox: true,
        costEstimate: 1,
        monitorId: (monitors[k % MONITORS] as { id: string }).id,
      });
      if (d * RUNS_PER_DAY + k >= TEMPLATE_RUNS) continue;
      for (let i = 0; i < jobs.length; i += 500) {
        const items: IngestItem[] = jobs.slice(i, i + 500).map((j) => ({
          jobId: j.id,
          raw: '{}',
          fetchedAt: at,
          normalized: normalizedOf(
            j.engine,
            (answers[templates++ % answers.length] as { text: string }).text,
          ),
        }));
        store.ingestResults(items);
      }
    }
  }
  return templates;
}

/**
 * The other runs' answers: copies of the templates' rows, each in its own cell, a run at a time
 * in a few INSERT … SELECT statements (a job's template: the next one in turn).
 */
function copyAnswers(db: Database.Database): void {
  db.exec(`CREATE TEMP TABLE templates (idx INTEGER PRIMARY KEY, seq INTEGER NOT NULL);
    INSERT INTO templates (idx, seq) SELECT row_number() OVER (ORDER BY seq) - 1, seq FROM results;
    CREATE TEMP TABLE copies (job TEXT PRIMARY KEY, template INTEGER NOT NULL, engine TEXT NOT NULL,
      loc TEXT NOT NULL, prompt INTEGER NOT NULL) WITHOUT ROWID;`);
  const count = db.prepare('SELECT count(*) FROM temp.templates').pluck().get() as number;
  const runs = db
    .prepare(
      'SELECT id, created_at FROM runs WHERE id NOT IN (SELECT run_id FROM jobs WHERE id IN (SELECT job_id FROM results)) ORDER BY created_at',
    )
    .all() as Array<{ id: string; created_at: number }>;
  const plan = db.prepare(
    `INSERT INTO temp.copies (job, template, engine, loc, prompt)
     SELECT x.id, t.seq, x.engine, x.loc, x.prompt FROM (
       SELECT j.id, j.engine, CASE WHEN j.us_state IS NULL THEN j.country ELSE 'US-' || j.us_state END AS loc,
         p.id AS prompt, row_number() OVER (ORDER BY j.rowid) - 1 AS rn
       FROM jobs j JOIN run_prompts p ON p.run_id = j.run_id AND p.idx = j.prompt_index WHERE j.run_id = @run) x
     JOIN temp.templates t ON t.idx = (@first + x.rn) % @count`,
  );
  const steps = [
    `INSERT INTO results (id, job_id, fetched_at, ingested_at, model, shape, search_queries_plain, html_urls_json,
       related_searches_json, answer_head, source_titles_plain, doc, facets)
     SELECT lower(hex(randomblob(16))), c.job, @at, @at, t.model, t.shape, t.search_queries_plain, t.html_urls_json,
       t.related_searches_json, t.answer_head, '', t.doc, '' FROM temp.copies c JOIN results t ON t.seq = c.template`,
    `INSERT INTO vis_result (seq, day, run, engine, loc, prompt)
     SELECT r.seq, @day, @key, c.engine, c.loc, c.prompt FROM temp.copies c JOIN results r ON r.job_id = c.job`,
    `INSERT INTO pos_answer (seq, judge, scoring, markdown, note)
     SELECT r.seq, a.judge, a.scoring, a.markdown, a.note FROM temp.copies c JOIN results r ON r.job_id = c.job
     JOIN pos_answer a ON a.seq = c.template`,
    `INSERT INTO pos_brand (seq, judge, brand, status, sentiment, score, evidence, attrs)
     SELECT r.seq, b.judge, b.brand, b.status, b.sentiment, b.score, b.evidence, b.attrs
     FROM temp.copies c JOIN results r ON r.job_id = c.job JOIN pos_brand b ON b.seq = c.template`,
  ].map((sql) => db.prepare(sql));
  const runKey = db.prepare('INSERT INTO vis_runs (run_id) VALUES (?)');
  const copied = db.prepare('SELECT template, engine, loc FROM temp.copies');
  const rollups = positioningRollups(db);
  const t0 = performance.now();
  let n = 0;
  for (const [r, run] of runs.entries()) {
    db.transaction(() => {
      const key = Number(runKey.run(run.id).lastInsertRowid);
      db.exec('DELETE FROM temp.copies');
      n += plan.run({ first: n % count, count, run: run.id }).changes;
      const day = Math.floor(run.created_at / DAY);
      const params = { at: run.created_at, day, key };
      for (const step of steps) step.run(params);
      for (const c of copied.all() as Array<{ template: number; engine: string; loc: string }>)
        rollups.add(c.template, { day, run: key, engine: c.engine, loc: c.loc });
      // A day's runs are summed before they are written (the day-level rows once a day).
      if (
        runs[r + 1] === undefined ||
        Math.floor((runs[r + 1] as { created_at: number }).created_at / DAY) !== day
      )
        rollups.flush();
    })();
    if (r % 100 === 99)
      console.log(
        `   copied ${n.toLocaleString('en')} answers (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
      );
  }
}

/**
 * The copies' positioning roll-ups, written by the store's own roll-up writer (as ingest writes
 * them): each copy adds its template's rows in its own cell.
 */
function positioningRollups(db: Database.Database) {
  const byTemplate = new Map<number, Array<StoredBrandRow & { judge: number }>>();
  for (const row of db
    .prepare(
      'SELECT seq, judge, brand, status, sentiment, score, evidence, attrs FROM pos_brand WHERE seq IN (SELECT seq FROM temp.templates)',
    )
    .all() as Array<StoredBrandRow & { judge: number; seq: number }>) {
    const { seq, ...stored } = row;
    byTemplate.set(seq, [...(byTemplate.get(seq) ?? []), stored]);
  }
  const writer = new PositioningRollupWriter(db);
  return {
    add(template: number, cell: { day: number; run: number; engine: string; loc: string }) {
      for (const row of byTemplate.get(template) ?? [])
        addPositioningRollups(writer, row.judge, cell, [row], 1);
    },
    flush: () => writer.flush(),
  };
}

/** The answer counts the queries read (their empty reasons), counted from vis_result. */
const ROLLUPS: ReadonlyArray<[table: string, inserts: string[]]> = [
  [
    'vis_cell',
    ['INSERT INTO vis_cell SELECT day, run, engine, loc, count(*) FROM vis_result GROUP BY 1, 2, 3, 4'],
  ],
  [
    'vis_cell_el',
    ['INSERT INTO vis_cell_el SELECT day, engine, loc, count(*) FROM vis_result GROUP BY 1, 2, 3'],
  ],
  ['vis_cell_d', ['INSERT INTO vis_cell_d SELECT day, count(*) FROM vis_result GROUP BY 1']],
];

function countRollups(db: Database.Database): void {
  for (const [table, inserts] of ROLLUPS) {
    const t = performance.now();
    db.transaction(() => {
      db.exec(`DELETE FROM ${table}`);
      for (const sql of inserts) db.exec(sql);
    })();
    console.log(`   ${table}: counted in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  db.exec('ANALYZE');
}

export function buildPositioningHistory(path: string): void {
  const t0 = performance.now();
  const building = `${path}.building`;
  for (const p of [path, building].flatMap((f) => [f, `${f}-wal`, `${f}-shm`])) rmSync(p, { force: true });
  let clock = POS_BENCH_NOW - DAYS * DAY;
  const store = openHistory({ path: building, now: () => clock, integrityCheck: 'none' });
  for (const b of BENCH_BRANDS)
    store.saveBrand({ name: b.name, kind: b.kind, aliases: b.aliases, domains: b.domains });
  const templates = createRuns(store, (ms) => (clock = ms));
  store.close();
  console.log(
    `   ${templates} template answers stored through ingest, runs created (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
  );
  const db = new Database(building);
  registerStoreFunctions(db);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -400000');
  try {
    copyAnswers(db);
    fillCopiedMentions(db);
    countRollups(db);
    db.prepare(
      "INSERT INTO meta (key, value) VALUES ('bench', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    ).run(VERSION);
  } finally {
    db.close();
  }
  renameSync(building, path);
  for (const ext of ['-wal', '-shm']) rmSync(`${building}${ext}`, { force: true });
  console.log(
    `   built in ${((performance.now() - t0) / 1000).toFixed(0)} s, ${(statSync(path).size / 1024 / 1024).toFixed(0)} MB`,
  );
}

function builtMeta(path: string, key: string): string | null {
  if (!existsSync(path)) return null;
  try {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      return (
        (db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined) ?? null
      );
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
}

/**
 * A history built before its copies had brand rows gets them in place (minutes, against more
 * than an hour for a rebuild). Its version stays: the file stays readable by older benches.
 */
function addMissingMentions(path: string): void {
  if (builtMeta(path, MENTIONS_KEY) !== null) return;
  console.log(`   adding the copied answers' brand rows to ${path}`);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('cache_size = -400000');
  try {
    fillCopiedMentions(db);
  } finally {
    db.close();
  }
}

/** The cached 1M-answer positioning history (built first when missing or of another version). */
export function positioningHistoryPath(): string {
  // PARALLAX_POS_BENCH_DB: another copy (e.g. one upgraded by a branch whose schema is newer
  // than the shared file's, which the other branches could no longer open).
  const path =
    process.env.PARALLAX_POS_BENCH_DB ??
    join(tmpdir(), SMALL ? 'parallax-bench-positioning-small.db' : 'parallax-bench-positioning-1m.db');
  if (builtMeta(path, 'bench') !== VERSION) {
    console.log(`   building the 1,036,800-answer positioning history once at ${path}`);
    buildPositioningHistory(path);
  } else console.log(`   reusing the positioning history at ${path}`);
  // At this build's schema: the read-only benches could not open it otherwise (and the brand
  // rows added below fill the roll-ups' columns of this schema, `present` included).
  const store = openHistory({ path, integrityCheck: 'none' });
  if (store.migrated.from !== store.migrated.to)
    console.log(`   upgraded from schema version ${store.migrated.from} to ${store.migrated.to}`);
  store.close();
  addMissingMentions(path);
  return path;
}
