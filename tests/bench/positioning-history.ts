import Database from 'better-sqlite3';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openHistory, type HistoryStore, type IngestItem } from '../../src/main/store';
import { registerStoreFunctions } from '../../src/main/store/codec';
import { SPANS } from '../../src/main/store/positioning';
import type { EngineName } from '../../src/shared/api/engines';
import type { NormalizedResult } from '../../src/shared/domain/result';
import { runSpecSchema } from '../../src/shared/domain/run-spec';
import { BENCH_BRANDS, positioningAnswers } from './positioning-answers';

// The positioning benches' history: 1,036,800 answers over 90 days (10 runs a day of 1,152 jobs:
// 16 prompts × 4 engines × 6 locations × 3 repeats, 5 monitors), 8 tracked brands, answers of
// 2-6 KB naming them the way engines do (positioning-answers.ts). The first TEMPLATE_RUNS runs
// are stored through the store's real ingest (judged at ingest, every index and roll-up); the
// others are copies of those answers in SQL (their own results rows with the template's
// document, their own cells, the template's positioning rows), and the positioning and
// answer-count roll-ups are then counted from the rows in SQL, as ingest keeps them
// (tests/integration/positioning proves ingest keeps them equal to that count). Storing a
// million answers through ingest would take hours on a 2-core machine. Built once, cached.

/** PARALLAX_POS_BENCH_SMALL=1: a 3-day history of its own (checking the build, not a figure). */
const SMALL = process.env.PARALLAX_POS_BENCH_SMALL === '1';
const VERSION = SMALL ? 'pos-small-v2' : 'pos-v2';
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

/** The other runs' answers: copies of the templates' rows, each in its own cell. */
function copyAnswers(db: Database.Database): void {
  const templates = db.prepare('SELECT seq FROM results ORDER BY seq').pluck().all() as number[];
  const runs = db
    .prepare(
      'SELECT id, created_at FROM runs WHERE id NOT IN (SELECT run_id FROM jobs WHERE id IN (SELECT job_id FROM results)) ORDER BY created_at',
    )
    .all() as Array<{ id: string; created_at: number }>;
  const jobs = db.prepare(
    `SELECT j.id, j.engine, CASE WHEN j.us_state IS NULL THEN j.country ELSE 'US-' || j.us_state END AS loc, p.id AS prompt
     FROM jobs j JOIN run_prompts p ON p.run_id = j.run_id AND p.idx = j.prompt_index WHERE j.run_id = ? ORDER BY j.rowid`,
  );
  const runKey = db.prepare('INSERT INTO vis_runs (run_id) VALUES (?)');
  const result = db.prepare(
    `INSERT INTO results (id, job_id, fetched_at, ingested_at, model, shape, search_queries_plain, html_urls_json,
       related_searches_json, answer_head, source_titles_plain, doc, facets)
     SELECT lower(hex(randomblob(16))), @job, @at, @at, model, shape, search_queries_plain, html_urls_json,
       related_searches_json, answer_head, '', doc, '' FROM results WHERE seq = @template`,
  );
  const cell = db.prepare(
    'INSERT INTO vis_result (seq, day, run, engine, loc, prompt) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const answer = db.prepare(
    'INSERT INTO pos_answer (seq, judge, scoring, markdown, note) SELECT ?, judge, scoring, markdown, note FROM pos_answer WHERE seq = ?',
  );
  const brands = db.prepare(
    `INSERT INTO pos_brand (seq, judge, brand, status, sentiment, score, evidence, attrs)
     SELECT ?, judge, brand, status, sentiment, score, evidence, attrs FROM pos_brand WHERE seq = ?`,
  );
  const t0 = performance.now();
  let n = 0;
  for (const [r, run] of runs.entries()) {
    db.transaction(() => {
      const key = Number(runKey.run(run.id).lastInsertRowid);
      const day = Math.floor(run.created_at / DAY);
      for (const j of jobs.all(run.id) as Array<{
        id: string;
        engine: string;
        loc: string;
        prompt: number;
      }>) {
        const template = templates[n++ % templates.length] as number;
        const seq = Number(result.run({ job: j.id, at: run.created_at, template }).lastInsertRowid);
        cell.run(seq, day, key, j.engine, j.loc, j.prompt);
        answer.run(seq, template);
        brands.run(seq, template);
      }
    })();
    if (r % 100 === 99)
      console.log(
        `   copied ${n.toLocaleString('en')} answers (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
      );
  }
}

const STATUS_SUMS = `count(*), sum(b.status = 0), sum(b.status = 1), sum(b.status = 2), sum(b.status = 3),
  sum(b.sentiment = 1), sum(b.sentiment = 0), sum(b.sentiment = -1), sum(b.score), sum(b.score * b.score)`;
const ATTR_SUMS = 'count(*), sum((b.attrs ->> (a.key + 1)) > 0), sum((b.attrs ->> (a.key + 1)) < 0)';
const WITH_CELL = 'FROM pos_brand b JOIN vis_result f ON f.seq = b.seq';
const WITH_ATTRS = `${WITH_CELL} JOIN json_each(b.attrs) a ON a.key % 2 = 0`;

/** A time-bucketed attribute table's rows: every answer in one bucket of each span. */
const bucketed = (table: string, dims: string, groups: string): string[] =>
  SPANS.map(
    (span) =>
      `INSERT INTO ${table} SELECT b.judge, ${span}, (f.day / ${span}) * ${span}, ${dims}, a.value, ${ATTR_SUMS} ${WITH_ATTRS} GROUP BY 1, 2, 3, ${groups}`,
  );

/** The roll-ups the queries read, counted from the rows (what ingest keeps them equal to). */
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
  [
    'pos_status_day',
    [
      `INSERT INTO pos_status_day SELECT b.judge, f.day, f.run, f.engine, f.loc, b.brand, ${STATUS_SUMS} ${WITH_CELL} GROUP BY 1, 2, 3, 4, 5, 6`,
    ],
  ],
  [
    'pos_status_el',
    [
      `INSERT INTO pos_status_el SELECT b.judge, f.day, f.engine, f.loc, b.brand, ${STATUS_SUMS} ${WITH_CELL} GROUP BY 1, 2, 3, 4, 5`,
    ],
  ],
  [
    'pos_status_d',
    [`INSERT INTO pos_status_d SELECT b.judge, f.day, b.brand, ${STATUS_SUMS} ${WITH_CELL} GROUP BY 1, 2, 3`],
  ],
  [
    'pos_attr_run',
    [
      `INSERT INTO pos_attr_run SELECT b.judge, f.run, f.day, b.brand, a.value, ${ATTR_SUMS} ${WITH_ATTRS} GROUP BY 1, 2, 3, 4, 5`,
    ],
  ],
  [
    'pos_attr_run_engine',
    [
      `INSERT INTO pos_attr_run_engine SELECT b.judge, f.run, f.day, f.engine, b.brand, a.value, ${ATTR_SUMS} ${WITH_ATTRS} GROUP BY 1, 2, 3, 4, 5, 6`,
    ],
  ],
  ['pos_attr_el', bucketed('pos_attr_el', 'f.engine, f.loc, b.brand', '4, 5, 6, 7')],
  ['pos_attr_d', bucketed('pos_attr_d', 'b.brand', '4, 5')],
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

function builtVersion(path: string): string | null {
  if (!existsSync(path)) return null;
  try {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      return db.prepare("SELECT value FROM meta WHERE key = 'bench'").pluck().get() as string | null;
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
}

/** The cached 1M-answer positioning history (built first when missing or of another version). */
export function positioningHistoryPath(): string {
  const path = join(
    tmpdir(),
    SMALL ? 'parallax-bench-positioning-small.db' : 'parallax-bench-positioning-1m.db',
  );
  if (builtVersion(path) !== VERSION) {
    console.log(`   building the 1,036,800-answer positioning history once at ${path}`);
    buildPositioningHistory(path);
  } else console.log(`   reusing the positioning history at ${path}`);
  return path;
}
