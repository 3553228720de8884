import Database from 'better-sqlite3';
import type { EngineName } from '../../../shared/api/engines';
import type { JobState } from '../../../shared/domain/run-spec';
import type { PageArchiveStatus } from '../../../shared/domain/page-archive';
import type { NormalizedResult } from '../../../shared/domain/result';
import { prepareJsonLines, type JsonLinePieces, type JsonLinesOptions } from './export-json-lines';
import { jsonChunksFromWorkers, type ExportWorkerScript } from './export-json-workers';
import { CHILDREN_MEMBERS, JOB_ORDER, JOBS_FROM, jsonObjectSql, pagesArray } from './export-sql';
import { inSnapshot, POSITIONING_SQL, positioningJsonFor } from './export-positioning';
import { type ExportAdRow, type ExportProductRow, RUN_ADS_SQL, RUN_PRODUCTS_SQL } from './export-commerce';
import { type ExportFactRow, RUN_FACTS_SQL } from './export-facts';
import { parseStringArray } from '../connection';
import { registerStoreFunctions, sourceCountSql } from '../codec';

// Reads a run for an export row by row, on a read-only connection of its own. An export of
// a large run takes seconds and yields to the event loop between rows (disk backpressure,
// progress, cancel); an iterator open on the app's one connection would refuse every write
// meanwhile ("connection busy"), so a run's ingest would fail while the user exports. A second
// connection reads one consistent WAL snapshot and leaves the main connection free.

/** One job of the run in the matrix order, with its result's columns (children not loaded). */
export interface ExportJob {
  jobId: string;
  promptIndex: number;
  prompt: string;
  engine: EngineName;
  country: string;
  state: string | null;
  repeat: number;
  jobState: JobState;
  /** The first 280 characters of the answer (the matrix's excerpt). */
  excerpt: string | null;
  sourceCount: number;
  error: { code: string | null; message: string; requestId: string | null; status: number | null } | null;
  result: ExportResultRow | null;
}

export interface ExportResultRow {
  seq: number;
  resultId: string;
  fetchedAt: number;
  text: string;
  /** The answer's Markdown, read with `children` only (null otherwise). */
  markdown: string | null;
  model: string | null;
  shape: NormalizedResult['shape'];
  searchQueries: string[];
  htmlUrls: string[];
  relatedSearches: string[];
  /** The sources' domains in the engine's order. */
  domains: string[];
  /** With `children`: the result's sources, entities, products, ads, PAA and AI overview as one JSON object. */
  children: string | null;
  /** The archive state of the pages it links to (`htmlUrls`), in page order; empty without links. */
  pages: PageArchiveStatus[];
  /**
   * How the answer presents each tracked brand (the reader's judge), as JSON text in the shape of
   * `parallax show --json`: 'null' when not scored, '[]' when it names no tracked brand.
   */
  positioning: string;
}

/** One source of a result, for the XLSX "Sources" sheet. */
export interface ExportSourceRow {
  resultId: string;
  engine: string;
  country: string;
  state: string;
  kind: string;
  position: number;
  domain: string;
  url: string;
  title: string;
}

/** Counts per engine × location, for the summary of a large run's HTML report. */
export interface ExportCellSummary {
  engine: string;
  country: string;
  state: string | null;
  jobs: number;
  answers: number;
  failed: number;
  sources: number;
}

export interface JobsFilter {
  promptIndexes?: readonly number[];
  /** Read each answer's Markdown, sources, entities, products, ads… too (for normalized()). */
  children?: boolean;
}

type ResultChildren = Pick<
  NormalizedResult,
  'sources' | 'entities' | 'products' | 'ads' | 'peopleAlsoAsk' | 'aiOverview'
>;

export interface RunExportReader {
  /** The run's jobs in the matrix order (prompt, engine, country, state, repeat). */
  jobs(runId: string, filter?: JobsFilter): IterableIterator<ExportJob>;
  /** The whole normalized result of a job's answer read with { children: true }. */
  normalized(job: ExportJob & { result: ExportResultRow }): NormalizedResult;
  /** The JSON export's object of each job (cell, prompt, result), as UTF-8 bytes, in the matrix order. */
  jsonLines(runId: string, options: JsonLinesOptions): IterableIterator<JsonLinePieces>;
  /**
   * jsonLines in chunks, each chunk's lines joined by the separator: built on worker threads
   * running `script` when it is given, else one line a chunk on this connection.
   */
  jsonChunks(
    runId: string,
    options: JsonChunkOptions,
    script?: ExportWorkerScript,
  ): AsyncIterable<JsonLineRun>;
  /** Every source of every result of the run, results in the matrix order. */
  sources(runId: string): IterableIterator<ExportSourceRow>;
  /** Every product slot of the run's answers (as kept at ingest), answers in the matrix order. */
  products(runId: string): IterableIterator<ExportProductRow>;
  /** Every ad slot of the run's answers, answers in the matrix order. */
  ads(runId: string): IterableIterator<ExportAdRow>;
  /** Every fact check of the run's answers, answers in the matrix order. */
  facts(runId: string): IterableIterator<ExportFactRow>;
  summary(runId: string): ExportCellSummary[];
  /** Distinct cited domains with the number of answers citing each, most cited first. */
  topDomains(runId: string, limit: number): Array<{ domain: string; answers: number }>;
  /** Answers per prompt index (prompts without answers are absent). */
  answersPerPrompt(runId: string): Map<number, number>;
  close(): void;
}

export interface JsonChunkOptions extends JsonLinesOptions {
  separator: string;
}

/** Consecutive JSON lines (joined by their separator) as pieces to write one after the other. */
export interface JsonLineRun {
  pieces: JsonLinePieces;
  lines: number;
}

interface JobRowSql {
  job_id: string;
  prompt_index: number;
  prompt: string;
  engine: EngineName;
  country: string;
  us_state: string | null;
  repeat: number;
  job_state: JobState;
  error_code: string | null;
  error_message: string | null;
  request_id: string | null;
  http_status: number | null;
  seq: number | null;
  result_id: string | null;
  fetched_at: number;
  answer_text: string;
  answer_markdown: string | null;
  model: string | null;
  shape: NormalizedResult['shape'];
  search_queries_json: string;
  html_urls_json: string;
  related_searches_json: string;
  excerpt: string | null;
  source_count: number;
  domains: string | null;
  children: string | null;
  pages_json: string;
  positioning: string;
}

/** The pages' JSON array; most results link to no page, and '[]' needs no parse. */
const parsePages = (json: string): PageArchiveStatus[] =>
  json === '[]' ? [] : (JSON.parse(json) as PageArchiveStatus[]);

function jobsSql(promptFilter: boolean, children: boolean): string {
  return `SELECT j.id AS job_id, j.prompt_index, p.text AS prompt, j.engine, j.country, j.us_state, j.repeat,
      j.job_state, j.error_code, j.error_message, j.request_id, j.http_status,
      r.seq, r.id AS result_id, r.fetched_at, r.answer_text,
      ${children ? 'r.markdown_text' : 'NULL'} AS answer_markdown, r.model, r.shape,
      r.search_queries_json, r.html_urls_json, r.related_searches_json,
      substr(r.answer_text, 1, 280) AS excerpt,
      ${sourceCountSql('r.seq')} AS source_count,
      (SELECT group_concat(domain, char(10)) FROM (SELECT domain FROM sources s WHERE s.result_seq = r.seq ORDER BY s.id)) AS domains,
      ${children ? `CASE WHEN r.seq IS NULL THEN NULL ELSE ${jsonObjectSql(CHILDREN_MEMBERS)} END` : 'NULL'} AS children,
      ${pagesArray()} AS pages_json,
      CASE WHEN r.seq IS NULL THEN 'null' ELSE ${POSITIONING_SQL} END AS positioning
    ${JOBS_FROM}
    WHERE j.run_id = ?${promptFilter ? ' AND j.prompt_index IN (SELECT value FROM json_each(?))' : ''}
    ORDER BY ${JOB_ORDER}`;
}

function toJob(row: JobRowSql): ExportJob {
  return {
    jobId: row.job_id,
    promptIndex: row.prompt_index,
    prompt: row.prompt,
    engine: row.engine,
    country: row.country,
    state: row.us_state,
    repeat: row.repeat,
    jobState: row.job_state,
    excerpt: row.excerpt,
    sourceCount: row.source_count,
    error:
      row.error_message === null
        ? null
        : {
            code: row.error_code,
            message: row.error_message,
            requestId: row.request_id,
            status: row.http_status,
          },
    result:
      row.seq === null || row.result_id === null
        ? null
        : {
            seq: row.seq,
            resultId: row.result_id,
            fetchedAt: row.fetched_at,
            text: row.answer_text,
            markdown: row.answer_markdown,
            model: row.model,
            shape: row.shape,
            searchQueries: parseStringArray(row.search_queries_json),
            htmlUrls: parseStringArray(row.html_urls_json),
            relatedSearches: parseStringArray(row.related_searches_json),
            domains: row.domains === null ? [] : row.domains.split('\n'),
            children: row.children,
            pages: parsePages(row.pages_json),
            positioning: row.positioning,
          },
  };
}

export interface RunExportReaderOptions {
  /** Whose positioning the rows carry (a judge's name; default the built-in judge). */
  positioningJudge?: string;
}

/** Opens a read-only connection on the history file for one export; close() it when done. */
export function openRunExportReader(path: string, options: RunExportReaderOptions = {}): RunExportReader {
  const judge = options.positioningJudge ?? 'builtin';
  const db = new Database(path, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  // The answer's texts are read from its compressed document (results' generated columns).
  registerStoreFunctions(db);
  // Each answer's positioning is written by a function of this connection (export-positioning.ts).
  const attrs = positioningJsonFor(db);
  // [prompt filter][children]: four statements prepared once per export.
  const statements = [false, true].map((filter) =>
    [false, true].map((children) => db.prepare(jobsSql(filter, children))),
  );
  const allSources = db.prepare(
    `SELECT r.id AS resultId, j.engine, j.country, coalesce(j.us_state, '') AS state, s.kind, s.position,
      s.domain, s.url, coalesce(s.title, '') AS title
    FROM jobs j JOIN results r ON r.job_id = j.id JOIN sources s ON s.result_seq = r.seq
    WHERE j.run_id = ? ORDER BY ${JOB_ORDER}, s.id`,
  );
  const runProducts = db.prepare(RUN_PRODUCTS_SQL);
  const runAds = db.prepare(RUN_ADS_SQL);
  const runFacts = db.prepare(RUN_FACTS_SQL);
  const summary = db.prepare(
    `SELECT j.engine, j.country, j.us_state AS state, count(*) AS jobs, count(r.seq) AS answers,
      sum(j.job_state = 'failed') AS failed,
      coalesce(sum(${sourceCountSql('r.seq')}), 0) AS sources
    FROM jobs j LEFT JOIN results r ON r.job_id = j.id WHERE j.run_id = ?
    GROUP BY j.engine, j.country, j.us_state ORDER BY j.engine, j.country, j.us_state`,
  );
  const topDomains = db.prepare(
    `SELECT s.domain, count(DISTINCT s.result_seq) AS answers
    FROM jobs j JOIN results r ON r.job_id = j.id JOIN sources s ON s.result_seq = r.seq
    WHERE j.run_id = ? AND s.domain <> '' GROUP BY s.domain ORDER BY answers DESC, s.domain LIMIT ?`,
  );
  const orderedJobIds = db
    .prepare(`SELECT j.id ${JOBS_FROM} WHERE j.run_id = ? ORDER BY ${JOB_ORDER}`)
    .pluck();
  const jsonLines = prepareJsonLines(db);

  async function* jsonChunks(
    runId: string,
    options: JsonChunkOptions,
    script?: ExportWorkerScript,
  ): AsyncGenerator<JsonLineRun> {
    const withJudge = { judge, ...options };
    if (!script) {
      for (const pieces of jsonLines(runId, withJudge)) yield { pieces, lines: 1 };
      return;
    }
    const jobIds = orderedJobIds.all(runId) as string[];
    const chunks = jsonChunksFromWorkers(script, { dbPath: path }, { ...withJudge, jobIds });
    for await (const chunk of chunks) yield { pieces: [chunk.bytes], lines: chunk.lines };
  }
  const perPrompt = db.prepare(
    `SELECT j.prompt_index AS idx, count(*) AS answers FROM jobs j JOIN results r ON r.job_id = j.id
    WHERE j.run_id = ? GROUP BY j.prompt_index`,
  );

  function* jobs(runId: string, filter: JobsFilter = {}): IterableIterator<ExportJob> {
    const stmt = statements[filter.promptIndexes ? 1 : 0]?.[filter.children ? 1 : 0] as Database.Statement;
    const rows = () =>
      filter.promptIndexes
        ? stmt.iterate(runId, JSON.stringify(filter.promptIndexes), { judge })
        : stmt.iterate(runId, { judge });
    for (const row of inSnapshot(db, attrs, rows)) yield toJob(row as JobRowSql);
  }

  function normalized(job: ExportJob & { result: ExportResultRow }): NormalizedResult {
    const r = job.result;
    if (r.children === null) throw new Error('normalized() needs jobs read with { children: true }');
    const c = JSON.parse(r.children) as ResultChildren;
    return {
      engine: job.engine,
      text: r.text,
      markdown: r.markdown,
      htmlUrls: r.htmlUrls,
      model: r.model,
      searchQueries: r.searchQueries,
      sources: c.sources,
      entities: c.entities,
      products: c.products,
      ads: c.ads,
      peopleAlsoAsk: c.peopleAlsoAsk,
      aiOverview: c.aiOverview,
      relatedSearches: r.relatedSearches,
      shape: r.shape,
    };
  }

  return {
    jobs,
    normalized,
    jsonLines: (runId, o) => jsonLines(runId, { judge, ...o }),
    jsonChunks,
    *sources(runId) {
      for (const row of allSources.iterate(runId)) yield row as ExportSourceRow;
    },
    *products(runId) {
      for (const row of runProducts.iterate(runId)) yield row as ExportProductRow;
    },
    *ads(runId) {
      for (const row of runAds.iterate(runId)) yield row as ExportAdRow;
    },
    *facts(runId) {
      for (const row of runFacts.iterate(runId)) yield row as ExportFactRow;
    },
    summary: (runId) => summary.all(runId) as ExportCellSummary[],
    topDomains: (runId, limit) => topDomains.all(runId, limit) as Array<{ domain: string; answers: number }>,
    answersPerPrompt(runId) {
      const rows = perPrompt.all(runId) as Array<{ idx: number; answers: number }>;
      return new Map(rows.map((r) => [r.idx, r.answers]));
    },
    close: () => db.close(),
  };
}
