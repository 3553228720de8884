import Database from 'better-sqlite3';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openHistory } from '../../src/core/history';
import { facetsOf } from '../../src/core/history/search';
import { rng } from './bench-random';
import { registerStoreFunctions } from '../../src/core/history/codec';
import { makeResult, createBigRun, COUNTRIES } from './store-answers';

// The store bench's 1,000,000-answer history, built once and kept between runs.

const BIG_VERSION = 'v1';
export const BIG_RUNS = 1000; // × 1,000 jobs: 1,000,000 answers over ~350 days
const TEMPLATE_RUNS = 20; // answers generated and ingested through the store; the rest are copies
const BIG_ENGINES = ['assistant-a', 'assistant-b'];
export const BIG_START = Date.UTC(2025, 0, 1);
const BIG_STEP_MS = 30_000;

// The facets of search-facets.ts in SQL, for the copied answers (checked against facetsOf below).
const FACETS_SQL = `'e' || lower(hex(j.engine)) || ' c' || lower(hex(j.country))
  || CASE WHEN j.us_state IS NULL THEN '' ELSE ' s' || lower(hex(j.us_state)) END || ' r' || lower(hex(j.run_id))
  || ' d' || strftime('%Y%m%d', @fetched / 1000, 'unixepoch') || ' m' || strftime('%Y%m', @fetched / 1000, 'unixepoch')
  || ' y' || strftime('%Y', @fetched / 1000, 'unixepoch')`;

/** How many runs of 1,000 answers, and how many of them are stored through the store (templates). */
export interface BigSize {
  runs: number;
  templateRuns: number;
}

/** A copied answer's row, with its job's columns: what its search facets are made of. */
export interface CopiedRow {
  fetched_at: number;
  engine: string;
  country: string;
  us_state: string | null;
  run_id: string;
}

/** The facets the store would have written for a copied answer (the build writes them in SQL). */
export const facetsOfCopy = (row: CopiedRow): string =>
  facetsOf({
    engine: row.engine,
    country: row.country,
    state: row.us_state,
    runId: row.run_id,
    fetchedAt: row.fetched_at,
  });

/**
 * 1,000,000 answers: the first 20,000 generated and stored through store.ingestResults (every
 * index and roll-up), the other 980,000 copied from them in SQL into runs and jobs of their own,
 * with their own dates and search facets, indexed for search as ingest indexes them. Building
 * every answer through the store took over two hours on this 2-core machine; the search index,
 * which is what this bench reads, is the same either way. The Visibility roll-ups cover the first
 * 20,000. tests/integration/store/bench-history.test.ts builds it small and reads the copies.
 */
export function buildBig(
  path: string,
  size: BigSize = { runs: BIG_RUNS, templateRuns: TEMPLATE_RUNS },
): void {
  const t0 = performance.now();
  // Built under a name of its own and renamed when complete: an interrupted build is never reused.
  const building = `${path}.building`;
  for (const p of [path, building].flatMap((f) => [f, `${f}-wal`, `${f}-shm`])) rmSync(p, { force: true });
  const store = openHistory({ path: building });
  const r = rng(100);
  const templates = size.templateRuns * 1000;
  for (let run = 0; run < size.runs; run++) {
    const jobs = createBigRun(store, 5, COUNTRIES, 10, 1000 + run, BIG_ENGINES); // 1,000 jobs per run
    if (run < size.templateRuns) {
      store.ingestResults(
        jobs.map((job, i) => {
          const m = makeResult(r, 60 + Math.floor(r() * 200));
          return {
            jobId: job.id,
            raw: m.raw,
            normalized: { ...m.normalized, engine: job.engine },
            fetchedAt: BIG_START + (run * 1000 + i) * BIG_STEP_MS,
          };
        }),
      );
    }
    if (run === size.templateRuns - 1) {
      store.close();
      copyAnswers(building, templates, size);
      break;
    }
  }
  const check = openHistory({ path: building });
  check.setMeta('bench', BIG_VERSION);
  check.close();
  renameSync(building, path);
  console.log(
    `   built in ${((performance.now() - t0) / 1000).toFixed(1)} s, ${(statSync(path).size / 1024 / 1024).toFixed(0)} MB`,
  );
}

function copyAnswers(path: string, templates: number, size: BigSize): void {
  const t0 = performance.now();
  const store = openHistory({ path });
  const db = new Database(path);
  registerStoreFunctions(db);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -200000');
  const insertResult = db.prepare(
    `INSERT INTO results (id, job_id, fetched_at, ingested_at, model, shape, search_queries_plain,
       html_urls_json, related_searches_json, answer_head, source_titles_plain, doc, facets)
     SELECT lower(hex(randomblob(16))), j.id, @fetched, @fetched, t.model, t.shape,
       t.search_queries_plain, t.html_urls_json, t.related_searches_json, t.answer_head, '', t.doc,
       ${FACETS_SQL}
     FROM jobs j, results t WHERE j.id = @job AND t.seq = @template`,
  );
  // Ingest indexes a batch's answers itself (migration 010): one statement per run here.
  const indexCopies = db.prepare(
    `INSERT INTO answer_search (rowid, answer_text, source_titles, facets)
     SELECT seq, answer_text, source_titles, facets FROM results WHERE seq BETWEEN ? AND ?`,
  );
  // A copied answer cites its template's sources and names its entities: its lists of the same
  // texts (migrations 009 and 011).
  const copySources = db.prepare(
    `INSERT INTO source_lists (result_seq, text_ids, positions)
     SELECT @seq, text_ids, positions FROM source_lists WHERE result_seq = @template`,
  );
  const copyEntities = db.prepare(
    `INSERT INTO entity_lists (result_seq, text_ids, positions)
     SELECT @seq, text_ids, positions FROM entity_lists WHERE result_seq = @template`,
  );
  const runJobs = db.prepare('SELECT id FROM jobs WHERE run_id = ? ORDER BY rowid').pluck();
  const runs = db.prepare('SELECT id FROM runs ORDER BY created_at, rowid').pluck().all() as string[];
  let done = templates;
  for (let run = size.templateRuns; run < size.runs; run++) {
    const runId = runs[run] ?? createBigRun(store, 5, COUNTRIES, 10, 1000 + run, BIG_ENGINES)[0]!.runId;
    const jobIds = runJobs.all(runId) as string[];
    db.transaction(() => {
      const seqs = jobIds.map((job, i) => {
        const n = run * 1000 + i;
        const template = (n % templates) + 1;
        const seq = Number(
          insertResult.run({ job, template, fetched: BIG_START + n * BIG_STEP_MS }).lastInsertRowid,
        );
        copySources.run({ seq, template });
        copyEntities.run({ seq, template });
        return seq;
      });
      if (seqs.length > 0) indexCopies.run(seqs[0], seqs.at(-1));
    })();
    done += jobIds.length;
    if (run % 50 === 49)
      console.log(
        `   ${done.toLocaleString('en')} answers… (${((performance.now() - t0) / 1000).toFixed(0)} s copying)`,
      );
  }
  // The SQL facets must be exactly the ones the store writes.
  const sample = db
    .prepare(
      `SELECT r.facets, r.fetched_at, j.engine, j.country, j.us_state, j.run_id FROM results r
       JOIN jobs j ON j.id = r.job_id WHERE r.seq % 99991 = 0 OR r.seq = (SELECT max(seq) FROM results)`,
    )
    .all() as Array<CopiedRow & { facets: string }>;
  for (const row of sample) {
    const expected = facetsOfCopy(row);
    if (row.facets !== expected) throw new Error(`bench facets differ: ${row.facets} vs ${expected}`);
  }
  db.close();
  store.close();
}

/** The bench marker of a built file, read without the store (whose schema may be newer). */
function builtVersion(path: string): string | null {
  if (!existsSync(path)) return null;
  try {
    const raw = new Database(path, { readonly: true, fileMustExist: true });
    try {
      return raw.prepare(`SELECT value FROM meta WHERE key = 'bench'`).pluck().get() as string | null;
    } finally {
      raw.close();
    }
  } catch {
    return null;
  }
}

export function bigDbPath(): string {
  // Its own file (never the Visibility bench's /tmp/parallax-bench-vis-v1.db). A complete file
  // is reused whatever its schema version: a newer store would refuse it read-only, and the
  // build takes tens of minutes, so it is never rebuilt for that (nor migrated: it is shared).
  const path = join(tmpdir(), 'parallax-bench-store-1m.db');
  if (builtVersion(path) !== BIG_VERSION) {
    console.log(`   building the 1,000,000-answer database once at ${path}`);
    buildBig(path);
  } else {
    console.log(`   reusing the 1,000,000-answer database at ${path}`);
  }
  console.log(
    `   file: ${(statSync(path).size / 1024 / 1024).toFixed(0)} MB (${(statSync(path).size / 1_000_000 / 1024).toFixed(1)} KB per answer)`,
  );
  return path;
}
