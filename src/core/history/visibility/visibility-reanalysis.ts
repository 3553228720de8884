import type Database from 'better-sqlite3';
import { ENGINES } from '../../../shared/api/engines';
import { parseObject, pluck, stmt } from '../connection';
import type { BrandState } from './visibility-brands';
import { BRAND_FAMILIES, clearTables, rollupTables, type RollupKey } from './visibility-rollups';

// Re-analysis of the stored answers after a brand change, as a job recorded in the file:
// meta 'vis_reanalysis' holds a cursor over result seqs. Starting it clears every brand-derived
// row (so the numbers count only answers analysed with the current brands, never a mix) and
// analyses a first batch at once; each further batch is its own short transaction. Answers
// stored meanwhile are analysed at ingest when the cursor has passed them (new answers always
// have), and left to the job otherwise. A crash or a quit keeps the cursor: the app resumes at
// the next open, the CLI finishes it in place.
// A job marked `textless` (recorded by an upgrade, visibility-serp.ts) re-analyses only the
// answers without text (search results read through their result lists) and clears nothing
// up front: each such answer's brand rows are replaced as the job reaches it. A job marked
// `scripts` (visibility-scripts.ts) does the same for the answers written in a script other
// than Latin that separates words by spaces; a job with both marks reads either kind.

/** Answers per batch: about 0.1–0.2 s of work at 1M answers (tests/bench/visibility.bench.ts measures it). */
export const REANALYSIS_BATCH = 1000;
const META_KEY = 'vis_reanalysis';

export interface JobState {
  /** Every result with a seq above `after`, up to `upTo`, waits for the job. */
  after: number;
  upTo: number;
  done: number;
  total: number;
  /** Only the answers without text, whose brand rows are replaced one by one. */
  textless?: boolean;
  /** Only the answers opening in a non-Latin script with spaces, replaced one by one. */
  scripts?: boolean;
}

export interface ReanalysisProgress {
  done: number;
  total: number;
  /** A textless job: the upgrade's re-analysis of the search results without text. */
  searchResults?: boolean;
}

const progressOf = (job: JobState, done: number): ReanalysisProgress =>
  job.textless === true && job.scripts !== true
    ? { done, total: job.total, searchResults: true }
    : { done, total: job.total };

/** A job over some answers only, replacing their rows one by one rather than clearing all first. */
const replaces = (job: JobState): boolean => job.textless === true || job.scripts === true;

export interface ReanalysisJob {
  /** Clears the brand-derived tables, records the job and runs its first batch. */
  start(): void;
  /** Analyses up to maxResults more answers (inside the caller's transaction); null when none is pending. */
  step(maxResults: number): (ReanalysisProgress & { finished: boolean }) | null;
  progress(): ReanalysisProgress | null;
  /** True when the job will analyse this result (ingest leaves its brand rows to the job). */
  pendingFor(seq: number): boolean;
  /** Drops the job (the migration analyses everything itself). */
  cancel(): void;
}

export interface ReanalysisHooks {
  brandState(): BrandState;
  /** The brands changed inside this transaction: compile them again. */
  forgetBrands(): void;
  /** Adds one answer's brand rows and roll-ups (replacing those it has when `replace`). */
  analyse(
    state: BrandState,
    row: RollupKey & { seq: number; text: string },
    domains: DomainRef[],
    replace: boolean,
  ): void;
  /** Writes the summed roll-up changes. */
  flush(): void;
}

export interface DomainRef {
  domain: number;
  host: string;
}

export const BRAND_TABLES = ['vis_result_brand', ...rollupTables(BRAND_FAMILIES).map((t) => t.table)];

/** The recorded job, or null when none is pending. */
export function readReanalysisJob(db: Database.Database): JobState | null {
  const text = pluck(db, `SELECT value FROM meta WHERE key = '${META_KEY}'`).get() as string | undefined;
  if (text === undefined) return null;
  const v = parseObject(text);
  const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : 0);
  const job: JobState = { after: num(v.after), upTo: num(v.upTo), done: num(v.done), total: num(v.total) };
  return {
    ...job,
    ...(v.textless === true ? { textless: true } : {}),
    ...(v.scripts === true ? { scripts: true } : {}),
  };
}

export function writeReanalysisJob(db: Database.Database, job: JobState | null): void {
  if (job === null) stmt(db, `DELETE FROM meta WHERE key = '${META_KEY}'`).run();
  else
    stmt(
      db,
      `INSERT INTO meta (key, value) VALUES ('${META_KEY}', ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    ).run(JSON.stringify(job));
}

/**
 * A search result without text, in SQL over vis_result aliased v and results aliased r: only
 * the search engines list results (an assistant's answer without text reads the same either
 * way), and the engine is checked before the answer's row is read. The plain head is the
 * text's start, so a text of spaces only is found too (and mentionSource decides).
 */
export const TEXTLESS_SQL = textlessSql('v', 'r');

/**
 * An answer whose first characters (results.answer_head, kept plain) hold a letter of a script
 * other than Latin written with spaces between words (Cyrillic, Greek, Armenian, Hebrew, Arabic,
 * Devanagari, Bengali, Tamil, Georgian, Hangul), over results aliased r: the answers where a
 * brand name can touch a letter of another script.
 */
export const SCRIPTS_SQL =
  "r.answer_head GLOB '*[\u0370-\u058F\u0590-\u06FF\u0750-\u077F\u0900-\u09FF\u0B80-\u0BFF\u10A0-\u11FF\u3130-\u318F\uAC00-\uD7AF]*'";

/** The answers a job reads, in SQL over vis_result v and results r (empty: all). */
function jobFilterSql(job: JobState): string {
  const parts = [job.textless === true ? `(${TEXTLESS_SQL})` : '', job.scripts === true ? SCRIPTS_SQL : ''];
  const set = parts.filter((p) => p !== '');
  return set.length === 0 ? '' : `AND (${set.join(' OR ')})`;
}

/** TEXTLESS_SQL over other aliases of vis_result and results. */
export function textlessSql(vis: string, result: string): string {
  return `${vis}.engine IN (${Object.values(ENGINES)
    .filter((e) => e.kind !== 'assistant')
    .map((e) => `'${e.name}'`)
    .join(', ')}) AND trim(${result}.answer_head) = ''`;
}

/**
 * Records a re-analysis of every stored answer, clearing every brand-derived row first (so no
 * answer counts as read by an older rule meanwhile): for an upgrade that changes how every
 * answer is read, run in the background by the app and finished by `parallax visibility`.
 */
export function recordFullReanalysis(db: Database.Database): void {
  if ((pluck(db, 'SELECT count(*) FROM brands').get() as number) === 0) return;
  // A table a later migration makes is not there yet when an earlier one records this.
  clearTables(db, BRAND_TABLES);
  const upTo = pluck(db, 'SELECT max(seq) FROM vis_result').get() as number | null;
  const total = pluck(db, 'SELECT total(answers) FROM vis_cell_d').get() as number;
  writeReanalysisJob(db, upTo === null ? null : { after: 0, upTo, done: 0, total });
}

/** Answers a job over some answers reads: how many, and the last one's seq. */
export function countJobAnswers(db: Database.Database, job: JobState): { n: number; upTo: number | null } {
  return stmt(
    db,
    `SELECT count(*) AS n, max(v.seq) AS upTo FROM vis_result v JOIN results r ON r.seq = v.seq
     WHERE 1 ${jobFilterSql(job)}`,
  ).get() as { n: number; upTo: number | null };
}

export function createReanalysisJob(db: Database.Database, hooks: ReanalysisHooks): ReanalysisJob {
  const read = (): JobState | null => readReanalysisJob(db);
  const write = (job: JobState | null): void => writeReanalysisJob(db, job);

  function step(maxResults: number): (ReanalysisProgress & { finished: boolean }) | null {
    const job = read();
    if (job === null) return null;
    const state = hooks.brandState();
    const rows = stmt(
      db,
      `SELECT v.seq, v.day, v.run, v.engine, v.loc, v.prompt, r.answer_text AS text FROM vis_result v
       JOIN results r ON r.seq = v.seq WHERE v.seq > ? AND v.seq <= ?
       ${jobFilterSql(job)} ORDER BY v.seq LIMIT ?`,
    ).all(job.after, job.upTo, Math.max(1, maxResults)) as Array<RollupKey & { seq: number; text: string }>;
    if (rows.length > 0 && state.keys.length > 0) {
      const first = (rows[0] as { seq: number }).seq;
      const last = (rows[rows.length - 1] as { seq: number }).seq;
      const domainsOf = new Map<number, DomainRef[]>();
      for (const d of stmt(
        db,
        `SELECT rd.seq, rd.domain, d.domain AS host FROM vis_result_domain rd
         JOIN vis_domains d ON d.id = rd.domain WHERE rd.seq BETWEEN ? AND ?`,
      ).all(first, last) as Array<DomainRef & { seq: number }>) {
        const list = domainsOf.get(d.seq) ?? [];
        list.push(d);
        domainsOf.set(d.seq, list);
      }
      for (const row of rows) hooks.analyse(state, row, domainsOf.get(row.seq) ?? [], replaces(job));
      hooks.flush();
    }
    const finished = rows.length < Math.max(1, maxResults);
    const next: JobState = {
      ...job,
      after: finished ? job.upTo : (rows[rows.length - 1] as { seq: number }).seq,
      done: Math.min(job.total, job.done + rows.length),
    };
    write(finished ? null : next);
    return { ...progressOf(next, finished ? next.total : next.done), finished };
  }

  return {
    start() {
      hooks.forgetBrands();
      clearTables(db, BRAND_TABLES);
      const upTo = pluck(db, 'SELECT max(seq) FROM vis_result').get() as number | null;
      if (upTo === null || hooks.brandState().keys.length === 0) return write(null);
      const total = pluck(db, 'SELECT total(answers) FROM vis_cell_d').get() as number;
      write({ after: 0, upTo, done: 0, total });
      step(REANALYSIS_BATCH);
    },
    step,
    progress() {
      const job = read();
      return job === null ? null : progressOf(job, job.done);
    },
    pendingFor(seq) {
      const job = read();
      // A job over some answers replaces what ingest wrote, so ingest analyses every answer itself.
      return job !== null && !replaces(job) && seq > job.after && seq <= job.upTo;
    },
    cancel() {
      write(null);
    },
  };
}

/** The store's side of the job: its progress, and one batch per transaction. */
export interface VisibilityJobApi {
  /** The re-analysis after a brand change, while one is pending (null when none). */
  visReanalysis(): ReanalysisProgress | null;
  /**
   * Analyses up to maxResults more answers in one transaction of its own; null when none is
   * pending, finished: true once the last batch is done.
   */
  visReanalyseStep(maxResults: number): (ReanalysisProgress & { finished: boolean }) | null;
}

export function createVisibilityJobApi(
  db: Database.Database,
  indexer: { reanalysis: ReanalysisJob; reset(): void },
): VisibilityJobApi {
  const step = db.transaction((max: number) => indexer.reanalysis.step(max));
  return {
    visReanalysis: () => indexer.reanalysis.progress(),
    visReanalyseStep(maxResults) {
      try {
        return step.immediate(maxResults);
      } catch (error) {
        // A rolled-back batch leaves the indexer's cached keys and matcher unusable.
        indexer.reset();
        throw error;
      }
    },
  };
}
