import type Database from 'better-sqlite3';
import { ENGINE_NAMES } from '../../../shared/api/engines';
import { COMMERCE_MEMBER } from './export-commerce';
import { FACTS_JSON_SQL } from './export-facts';
import { CHILDREN_MEMBERS, JOB_ORDER, JOBS_FROM, jsonObjectSql, pagesArray } from './export-sql';
import { sourceCountSql } from '../codec';
import { inSnapshot, POSITIONING_SQL, positioningJsonFor } from './export-positioning';

// A run's jobs as the JSON export's objects, one UTF-8 line per job, built whole by SQLite in
// the row's query as JSON text (jsonObjectSql) and handed over as bytes: the export writes them
// as they are. Building the objects in JavaScript from columns meant reading every field into
// a string, stringifying it again and encoding it back to UTF-8 (about half of a JSON export's
// time). The texts kept in the result's compressed document come through the generated columns
// (doc_text, registered on the connection: registerStoreFunctions).
//
// The object's keys and order are those of the JSON export: the matrix cell (jobId … error),
// the prompt, then the result with its normalized answer (or null), then the archive state of
// the result's pages (`pages`, empty when it links to none; the HTML itself is not inlined),
// then its commerce (`commerce`: the answer's product and ad slots, export-commerce.ts).

export interface JsonLinesOptions {
  /** NDJSON: each line starts with the run id. */
  withRunId: boolean;
  /** The run's sandbox flag, repeated in each result. */
  sandbox: boolean;
  /** Whose positioning each result carries (a judge's name; default the built-in judge). */
  judge?: string;
  /** The service profile's label of each engine id (`engineLabel` beside `engine`); the id when absent. */
  engineLabels?: Readonly<Partial<Record<string, string>>>;
}

/**
 * The engine's label as SQL: one bound parameter per engine (@label0 …), so the statement is
 * prepared once whatever the profile, and no JSON is parsed per row.
 */
const ENGINE_LABEL_SQL = `CASE j.engine ${ENGINE_NAMES.map((name, i) => `WHEN '${name}' THEN @label${i}`).join(' ')} ELSE j.engine END`;

/** The label parameters of a statement built with ENGINE_LABEL_SQL. */
function labelParams(labels: JsonLinesOptions['engineLabels']): Record<string, string> {
  return Object.fromEntries(ENGINE_NAMES.map((name, i) => [`label${i}`, labels?.[name] ?? name]));
}

/** One job's object as UTF-8 pieces, to be written one after the other. */
export type JsonLinePieces = readonly Buffer[];

/** Which jobs a statement reads: all of the run's, or those whose ids are listed (a chunk of it). */
type JobScope = 'run' | 'ids';

function jobLineSql(withRunId: boolean, scope: JobScope): string {
  const normalized = jsonObjectSql([
    ['engine', 'j.engine'],
    ['text', 'r.answer_text'],
    ['markdown', 'r.markdown_text'],
    ['htmlUrls', `coalesce(json(r.html_urls_json), 'null')`, 'json'],
    ['model', 'r.model'],
    ['searchQueries', `coalesce(json(r.search_queries_json), 'null')`, 'json'],
    ...CHILDREN_MEMBERS,
    ['relatedSearches', `coalesce(json(r.related_searches_json), 'null')`, 'json'],
    ['shape', 'r.shape'],
  ]);
  const result = jsonObjectSql([
    ['resultId', 'r.id'],
    ['jobId', 'j.id'],
    ['runId', 'j.run_id'],
    ['prompt', 'p.text'],
    ['engine', 'j.engine'],
    ['engineLabel', ENGINE_LABEL_SQL],
    ['country', 'j.country'],
    ['state', 'j.us_state'],
    ['repeat', 'j.repeat'],
    ['fetchedAt', 'r.fetched_at'],
    ['sandbox', `CASE WHEN @sandbox THEN 'true' ELSE 'false' END`, 'json'],
    ['normalized', normalized, 'json'],
    // How the answer presents each tracked brand, as `parallax show --json` prints it.
    ['positioning', POSITIONING_SQL, 'json'],
    // Each fact of the brands it names checked against their sheets, as `parallax show --json` prints them.
    ['facts', FACTS_JSON_SQL, 'json'],
  ]);
  const error = jsonObjectSql([
    ['code', 'j.error_code'],
    ['message', 'j.error_message'],
    ['requestId', 'j.request_id'],
    ['status', 'j.http_status'],
  ]);
  const line = jsonObjectSql([
    ...(withRunId ? [['runId', 'j.run_id'] as const] : []),
    ['jobId', 'j.id'],
    ['promptIndex', 'j.prompt_index'],
    ['engine', 'j.engine'],
    ['engineLabel', ENGINE_LABEL_SQL],
    ['country', 'j.country'],
    ['state', 'j.us_state'],
    ['repeat', 'j.repeat'],
    ['jobState', 'j.job_state'],
    ['resultId', 'r.id'],
    ['excerpt', 'substr(r.answer_text, 1, 280)'],
    ['sourceCount', sourceCountSql('r.seq')],
    ['error', `CASE WHEN j.error_message IS NULL THEN 'null' ELSE ${error} END`, 'json'],
    ['prompt', 'p.text'],
    ['result', `CASE WHEN r.seq IS NULL THEN 'null' ELSE ${result} END`, 'json'],
    ['pages', pagesArray(), 'json'],
    // The product and ad slots of its answer, as kept at ingest.
    COMMERCE_MEMBER,
  ]);
  return `SELECT CAST(${line} AS BLOB) AS line
    ${JOBS_FROM}
    WHERE ${scope === 'run' ? 'j.run_id = @runId' : 'j.id IN (SELECT value FROM json_each(@ids))'}
    ORDER BY ${JOB_ORDER}`;
}

type Params = { runId: string; sandbox: number; judge: string } & Record<string, string | number>;
type Row = { line: Buffer };

/** Prepares the two statements (with and without the run id) of one reader's connection. */
export function prepareJsonLines(
  db: Database.Database,
): (runId: string, options: JsonLinesOptions) => IterableIterator<JsonLinePieces> {
  const attrs = positioningJsonFor(db);
  const statements = [false, true].map((withRunId) => db.prepare<Params, Row>(jobLineSql(withRunId, 'run')));
  return function* jsonLines(runId, options) {
    const stmt = statements[options.withRunId ? 1 : 0] as Database.Statement<Params, Row>;
    const params = {
      runId,
      sandbox: options.sandbox ? 1 : 0,
      judge: options.judge ?? 'builtin',
      ...labelParams(options.engineLabels),
    };
    for (const row of inSnapshot(db, attrs, () => stmt.iterate(params))) yield [row.line];
  };
}

/** A slice of a run's JSON lines: the jobs listed, in the matrix order, joined by the separator. */
export interface JsonLineChunkRequest extends JsonLinesOptions {
  jobIds: readonly string[];
  separator: string;
}

export interface JsonLineChunk {
  bytes: Buffer;
  /** The jobs found of those listed (fewer when some were deleted since they were listed). */
  lines: number;
}

/**
 * Prepares the statements of a connection that reads chunks of JSON lines (the export's
 * workers, export-json-worker.ts): each chunk is one buffer, so it crosses threads in one
 * transfer. The listed ids drive the query (primary-key lookups), so a chunk costs its own
 * rows and not a scan of the run.
 */
export function prepareJsonLineChunks(
  db: Database.Database,
): (request: JsonLineChunkRequest) => JsonLineChunk {
  type ChunkParams = { sandbox: number; ids: string; judge: string } & Record<string, string | number>;
  const attrs = positioningJsonFor(db);
  const statements = [false, true].map((withRunId) =>
    db.prepare<ChunkParams, Row>(jobLineSql(withRunId, 'ids')),
  );
  return (request) => {
    const stmt = statements[request.withRunId ? 1 : 0] as Database.Statement<ChunkParams, Row>;
    const separator = Buffer.from(request.separator);
    const parts: Buffer[] = [];
    let lines = 0;
    const params = {
      sandbox: request.sandbox ? 1 : 0,
      ids: JSON.stringify(request.jobIds),
      judge: request.judge ?? 'builtin',
      ...labelParams(request.engineLabels),
    };
    for (const row of inSnapshot(db, attrs, () => stmt.iterate(params))) {
      if (lines > 0) parts.push(separator);
      parts.push(row.line);
      lines += 1;
    }
    return { bytes: Buffer.concat(parts), lines };
  };
}
