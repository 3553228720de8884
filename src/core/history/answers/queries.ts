import type { EngineName } from '../../../shared/api/engines';
import type { SourceKind } from '../../../shared/domain/result';
import { pluck, stmt, type StoreContext } from '../connection';
import type { MatrixCell, SeriesPoint } from '../runs';
import { excerptSql, HEAD_CHARS, sourceCountSql } from '../codec';

export interface DomainFilter {
  runId?: string;
  engine?: EngineName;
  country?: string;
  kinds?: readonly SourceKind[];
  /** fetched_at bounds, inclusive, ms. */
  from?: number;
  to?: number;
  /** Top domains (by count) to return; default 50. */
  limit?: number;
}

export interface DomainCount {
  domain: string;
  country: string;
  /** Source rows citing the domain. */
  count: number;
  /** Distinct results citing it. */
  results: number;
  avgPosition: number;
}

export interface DomainPeriodCount extends DomainCount {
  /** Start of the period (UTC), ms. */
  periodStart: number;
}

export interface SeriesKey {
  prompt: string;
  engine: EngineName;
  country: string;
  state?: string | null;
}

/** One job as `parallax show` prints it: the columns of its table and nothing else. */
export interface RunTableRow {
  promptIndex: number;
  engine: string;
  country: string;
  state: string | null;
  repeat: number;
  jobState: MatrixCell['jobState'];
  sourceCount: number;
  /** The answer's first excerptChars characters; null without an answer. */
  excerpt: string | null;
  error: { code: string | null; message: string; requestId: string | null } | null;
}

/** Archived pages of a run's answers, by state. */
export interface RunPageStates {
  archived: number;
  pending: number;
  failed: number;
}

export interface QueriesApi {
  /** Every job of a run with its state, result id, answer excerpt and source count. */
  getRunMatrix(runId: string, options?: { excerptChars?: number }): MatrixCell[];
  /**
   * The same jobs in the same order, only what a table of them prints (no ids), one at a time:
   * a 20,000-job run is not held in memory row objects and all.
   */
  iterateRunTableRows(
    runId: string,
    options?: { excerptChars?: number },
  ): Generator<RunTableRow, void, undefined>;
  /** How many of the run's answers' pages are archived, pending or failed. */
  getRunPageStates(runId: string): RunPageStates;
  /** The same prompt × engine × country (× state) across runs, oldest first. */
  getSeries(key: SeriesKey, options?: { excerptChars?: number }): SeriesPoint[];
  /** Source domains per country, most cited first. */
  sourceDomains(filter?: DomainFilter): DomainCount[];
  /** The top domains of the filter, counted per country and per day, week or month (UTC). */
  sourceDomainsOverTime(filter: DomainFilter & { period: 'day' | 'week' | 'month' }): DomainPeriodCount[];
}

export function createQueriesApi(ctx: StoreContext): QueriesApi {
  const { db } = ctx;
  // ifnull(us_state, '') is the expression of the jobs_by_cell index, so the rows come out of
  // the index in order (no sort of the whole run); NULL and '' both sort before any state.
  const RUN_ORDER = `ORDER BY j.prompt_index, j.engine, j.country, ifnull(j.us_state, ''), j.repeat`;
  const matrix = stmt(
    db,
    `SELECT j.id AS job_id, j.prompt_index, j.engine, j.country, j.us_state, j.repeat,
      j.job_state, j.error_code, j.error_message, j.request_id, j.http_status,
      r.id AS result_id, ${excerptSql('r', '@chars')} AS excerpt,
      ${sourceCountSql('r.seq')} AS source_count
    FROM jobs j LEFT JOIN results r ON r.job_id = j.id
    WHERE j.run_id = @runId
    ${RUN_ORDER}`,
  );
  // Rows as arrays (no column-named object per row).
  const TABLE_ROWS = `SELECT j.prompt_index, j.engine, j.country, j.us_state, j.repeat, j.job_state,
      ${sourceCountSql('r.seq')},
      ${excerptSql('r', '@chars')}, j.error_code, j.error_message, j.request_id
    FROM jobs j LEFT JOIN results r ON r.job_id = j.id
    WHERE j.run_id = @runId
    ${RUN_ORDER}`;
  const anyPage = pluck(db, 'SELECT EXISTS (SELECT 1 FROM page_archive)');
  const pageStates = stmt(
    db,
    `SELECT p.state, count(*) AS n
    FROM jobs j JOIN results r ON r.job_id = j.id JOIN page_archive p ON p.result_seq = r.seq
    WHERE j.run_id = ? GROUP BY p.state`,
  );
  const series = stmt(
    db,
    `SELECT r.id AS result_id, j.run_id, j.id AS job_id, j.repeat, r.fetched_at,
      ${excerptSql('r', '@chars')} AS excerpt
    FROM run_prompts p
    JOIN jobs j ON j.run_id = p.run_id AND j.prompt_index = p.idx AND j.engine = @engine AND j.country = @country
    JOIN results r ON r.job_id = j.id
    WHERE p.text = @prompt AND j.us_state IS @state
    ORDER BY r.fetched_at, j.repeat, r.seq`,
  );

  function domainWhere(filter: DomainFilter): { sql: string; params: Record<string, unknown> } {
    const where: string[] = [];
    const params: Record<string, unknown> = {};
    if (filter.runId) {
      where.push('j.run_id = @runId');
      params.runId = filter.runId;
    }
    if (filter.engine) {
      where.push('j.engine = @engine');
      params.engine = filter.engine;
    }
    if (filter.country) {
      where.push('j.country = @country');
      params.country = filter.country;
    }
    if (filter.kinds?.length) {
      where.push('s.kind IN (SELECT value FROM json_each(@kinds))');
      params.kinds = JSON.stringify(filter.kinds);
    }
    if (filter.from !== undefined) {
      where.push('r.fetched_at >= @from');
      params.from = filter.from;
    }
    if (filter.to !== undefined) {
      where.push('r.fetched_at <= @to');
      params.to = filter.to;
    }
    return { sql: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
  }

  // With a run filter the plan walks jobs → results → sources; without, it scans sources.
  const SOURCE_ROWS = `FROM sources s JOIN results r ON r.seq = s.result_seq JOIN jobs j ON j.id = r.job_id`;

  return {
    getRunMatrix(runId, options = {}) {
      const rows = matrix.all({ runId, chars: options.excerptChars ?? HEAD_CHARS }) as Array<
        Record<string, unknown>
      >;
      return rows.map((row): MatrixCell => ({
        jobId: row.job_id as string,
        promptIndex: row.prompt_index as number,
        engine: row.engine as EngineName,
        country: row.country as string,
        state: row.us_state as string | null,
        repeat: row.repeat as number,
        jobState: row.job_state as MatrixCell['jobState'],
        resultId: row.result_id as string | null,
        excerpt: row.excerpt as string | null,
        sourceCount: row.source_count as number,
        error:
          row.error_message === null
            ? null
            : {
                code: row.error_code as string | null,
                message: row.error_message as string,
                requestId: row.request_id as string | null,
                status: row.http_status as number | null,
              },
      }));
    },
    *iterateRunTableRows(runId, options = {}) {
      type Row = [
        number,
        string,
        string,
        string | null,
        number,
        RunTableRow['jobState'],
        number,
        string | null,
        string | null,
        string | null,
        string | null,
      ];
      // A statement of its own per call (raw mode is the statement's; an iteration holds it).
      const rows = db
        .prepare(TABLE_ROWS)
        .raw(true)
        .iterate({ runId, chars: options.excerptChars ?? HEAD_CHARS });
      for (const row of rows as IterableIterator<Row>) {
        const [
          promptIndex,
          engine,
          country,
          state,
          repeat,
          jobState,
          sourceCount,
          excerpt,
          code,
          message,
          requestId,
        ] = row;
        yield {
          promptIndex,
          engine,
          country,
          state,
          repeat,
          jobState,
          sourceCount,
          excerpt,
          error: message === null ? null : { code, message, requestId },
        };
      }
    },
    getRunPageStates(runId) {
      const states: RunPageStates = { archived: 0, pending: 0, failed: 0 };
      // Most histories archive no page: one probe instead of a walk over the run's answers.
      if (anyPage.get() === 0) return states;
      for (const row of pageStates.all(runId) as Array<{ state: keyof RunPageStates; n: number }>)
        states[row.state] = row.n;
      return states;
    },
    getSeries(key, options = {}) {
      const rows = series.all({
        prompt: key.prompt,
        engine: key.engine,
        country: key.country,
        state: key.state ?? null,
        chars: options.excerptChars ?? HEAD_CHARS,
      }) as Array<{
        result_id: string;
        run_id: string;
        job_id: string;
        repeat: number;
        fetched_at: number;
        excerpt: string;
      }>;
      return rows.map((r) => ({
        resultId: r.result_id,
        runId: r.run_id,
        jobId: r.job_id,
        repeat: r.repeat,
        fetchedAt: r.fetched_at,
        excerpt: r.excerpt,
      }));
    },
    sourceDomains(filter = {}) {
      const { sql, params } = domainWhere(filter);
      return stmt(
        db,
        `SELECT s.domain, j.country, count(*) AS count, count(DISTINCT s.result_seq) AS results,
             avg(s.position) AS avgPosition
           ${SOURCE_ROWS} ${sql} GROUP BY s.domain, j.country ORDER BY count DESC, s.domain, j.country LIMIT @limit`,
      ).all({ ...params, limit: filter.limit ?? 50 }) as DomainCount[];
    },
    sourceDomainsOverTime(filter) {
      const { sql, params } = domainWhere(filter);
      // Periods in UTC: a day, the Monday-started week, or the calendar month.
      const period =
        filter.period === 'day'
          ? `unixepoch(r.fetched_at / 1000, 'unixepoch', 'start of day')`
          : filter.period === 'week'
            ? `unixepoch(r.fetched_at / 1000, 'unixepoch', 'start of day', '-' || ((strftime('%w', r.fetched_at / 1000, 'unixepoch') + 6) % 7) || ' days')`
            : `unixepoch(r.fetched_at / 1000, 'unixepoch', 'start of month')`;
      return stmt(
        db,
        `WITH top AS (SELECT s.domain ${SOURCE_ROWS} ${sql} GROUP BY s.domain ORDER BY count(*) DESC, s.domain LIMIT @limit)
           SELECT s.domain, j.country, ${period} * 1000 AS periodStart, count(*) AS count,
             count(DISTINCT s.result_seq) AS results, avg(s.position) AS avgPosition
           ${SOURCE_ROWS} ${sql ? `${sql} AND` : 'WHERE'} s.domain IN (SELECT domain FROM top)
           GROUP BY s.domain, j.country, periodStart ORDER BY periodStart, count DESC, s.domain, j.country`,
      ).all({ ...params, limit: filter.limit ?? 20 }) as DomainPeriodCount[];
    },
  };
}
