import type { StoreContext } from './context';
import { pluck, stmt } from './statements';

// Reads over the Visibility tables (migration 002): raw sums only; src/main/visibility turns
// them into rates, intervals and changes. A filter restricted by runs (all, a monitor, a run,
// a tag on runs) reads the daily roll-ups; a filter by library prompts (a prompt set, a tag on
// prompts) aggregates the per-result rows into the same columns, so every query below is
// written once over "cells" (day × run × engine × location).

export type VisDim = 'day' | 'run' | 'engine' | 'loc';

export interface VisFilter {
  /** UTC day numbers, inclusive. */
  fromDay: number;
  toDay: number;
  /** Only these runs (ids); with promptIds, results of these runs OR of these prompts. */
  runIds?: readonly string[];
  /** Only results of these saved prompts (ids); forces the per-result path. */
  promptIds?: readonly string[];
  engines?: readonly string[];
  locations?: readonly string[];
}

export interface VisCellRow {
  day?: number;
  run?: string;
  engine?: string;
  loc?: string;
  answers: number;
}

export interface VisBrandRow extends Omit<VisCellRow, 'answers'> {
  brandId: string;
  mentioned: number;
  cited: number;
  ranked: number;
  rankSum: number;
  rankSq: number;
  mentions: number;
}

export interface VisDomainRow {
  domainId: number;
  domain: string;
  answers: number;
  kinds: number;
  day?: number;
}

export interface VisGapRows {
  gapAnswers: number;
  domains: Array<{ domainId: number; domain: string; gap: number; withFocus: number }>;
  competitors: Array<{ domainId: number; brandId: string; answers: number }>;
}

export interface VisUrlRow {
  url: string;
  title: string | null;
  answers: number;
  best: number;
}

export interface VisQueryRow {
  queryId: number;
  query: string;
  answers: number;
}

export interface VisDrillFilter {
  brandId?: string;
  mentioned?: boolean;
  cited?: boolean;
  day?: number;
  runId?: string;
  location?: string;
  engine?: string;
  domain?: string;
  url?: string;
  /** Answers naming one of these brands and not the focus. */
  gap?: { focusId: string; rivalIds: readonly string[] };
  query?: string;
}

export interface VisSeriesKeyRow {
  prompt: string;
  engine: string;
  country: string;
  state: string | null;
  answers: number;
  firstAt: number;
  lastAt: number;
}

export interface VisibilityReadApi {
  visCells(filter: VisFilter, by: readonly VisDim[]): VisCellRow[];
  visBrands(filter: VisFilter, by: readonly VisDim[]): VisBrandRow[];
  /** Top cited domains (or only domainIds), optionally per day. */
  visDomains(
    filter: VisFilter,
    options: { limit?: number; domainIds?: readonly number[]; byDay?: boolean },
  ): VisDomainRow[];
  /** Citation gaps of a focus brand; competitors are the rival brands given. */
  visGaps(filter: VisFilter, focusId: string, rivalIds: readonly string[], limit: number): VisGapRows;
  /** Domains stored whose host is one of these or a subdomain of one. */
  visDomainIds(hosts: readonly string[]): Array<{ id: number; domain: string }>;
  visUrls(filter: VisFilter, domainIds: readonly number[], limit: number): VisUrlRow[];
  visQueries(filter: VisFilter, options: { limit?: number; queryIds?: readonly number[] }): VisQueryRow[];
  /** Engines that ran each query, and the first day each was seen up to filter.toDay. */
  visQueryDetails(
    filter: VisFilter,
    queryIds: readonly number[],
  ): Array<{ queryId: number; engine: string; firstDay: number }>;
  visDrill(filter: VisFilter, drill: VisDrillFilter, limit: number): { resultIds: string[]; total: number };
  visSeriesKeys(text: string | undefined, limit: number): VisSeriesKeyRow[];
  /** Labels of runs (name, else creation date) by run id. */
  visRunLabels(runIds: readonly string[]): Record<string, string>;
  /** Run ids of a monitor, or null when there is no such monitor. */
  visMonitorRuns(monitorId: string): string[] | null;
  /** Runs and saved prompts carrying a tag, or null when the tag is unknown. */
  visTagged(tag: string): { runIds: string[]; promptIds: string[] } | null;
  /** The earliest and latest day with results (null on an empty history). */
  visDayRange(): { first: number; last: number } | null;
}

const DIM_COLUMN: Record<VisDim, string> = { day: 'day', run: 'run', engine: 'engine', loc: 'loc' };
const json = (v: readonly unknown[]): string => JSON.stringify(v);

interface Where {
  /** Conditions on cell columns (no table alias), for roll-ups and per-result rows alike. */
  sql: string;
  params: Record<string, unknown>;
  perResult: boolean;
}

function whereOf(filter: VisFilter, alias = ''): Where {
  const a = alias ? `${alias}.` : '';
  const parts = [`${a}day BETWEEN @fromDay AND @toDay`];
  const params: Record<string, unknown> = { fromDay: filter.fromDay, toDay: filter.toDay };
  const runs = `${a}run IN (SELECT id FROM vis_runs WHERE run_id IN (SELECT value FROM json_each(@runIds)))`;
  if (filter.runIds) params.runIds = json(filter.runIds);
  if (filter.promptIds) {
    params.promptIds = json(filter.promptIds);
    const prompts = `${a}prompt IN (SELECT id FROM run_prompts WHERE prompt_id IN (SELECT value FROM json_each(@promptIds)))`;
    parts.push(filter.runIds ? `(${runs} OR ${prompts})` : prompts);
  } else if (filter.runIds) parts.push(runs);
  if (filter.engines?.length) {
    parts.push(`${a}engine IN (SELECT value FROM json_each(@engines))`);
    params.engines = json(filter.engines);
  }
  if (filter.locations?.length) {
    parts.push(`${a}loc IN (SELECT value FROM json_each(@locations))`);
    params.locations = json(filter.locations);
  }
  return { sql: parts.join(' AND '), params, perResult: filter.promptIds !== undefined };
}

const CELL_COLS = 'f.day, f.run, f.engine, f.loc';

/** Sub-queries with the columns of each roll-up, from the roll-up or from per-result rows. */
function sources(filter: VisFilter) {
  const w = whereOf(filter);
  const fw = whereOf(filter, 'f').sql;
  return {
    cell: w.perResult
      ? `SELECT ${CELL_COLS}, count(*) AS answers FROM vis_result f WHERE ${fw} GROUP BY 1, 2, 3, 4`
      : `SELECT * FROM vis_cell WHERE ${w.sql}`,
    brand: w.perResult
      ? `SELECT ${CELL_COLS}, b.brand, sum(b.mentioned) AS mentioned, sum(b.cited) AS cited, count(b.rank) AS ranked,
           total(b.rank) AS rank_sum, total(b.rank * b.rank) AS rank_sq, sum(b.count) AS mentions
         FROM vis_result f JOIN vis_result_brand b ON b.seq = f.seq WHERE ${fw} GROUP BY 1, 2, 3, 4, 5`
      : `SELECT * FROM vis_brand_day WHERE ${w.sql}`,
    domain: w.perResult
      ? `SELECT ${CELL_COLS}, rd.domain, count(*) AS answers
         FROM vis_result f JOIN vis_result_domain rd ON rd.seq = f.seq WHERE ${fw} GROUP BY 1, 2, 3, 4, 5`
      : `SELECT * FROM vis_domain_day WHERE ${w.sql}`,
    query: w.perResult
      ? `SELECT ${CELL_COLS}, rq.query, count(*) AS answers
         FROM vis_result f JOIN vis_result_query rq ON rq.seq = f.seq WHERE ${fw} GROUP BY 1, 2, 3, 4, 5`
      : `SELECT * FROM vis_query_day WHERE ${w.sql}`,
    /** The same conditions on vis_result aliased f. */
    resultWhere: fw,
  };
}

function dimSelect(by: readonly VisDim[], alias: string): { select: string; group: string } {
  const cols = [...new Set(by)].map((d) =>
    d === 'run'
      ? `(SELECT run_id FROM vis_runs WHERE id = ${alias}.run) AS run`
      : `${alias}.${DIM_COLUMN[d]} AS ${d}`,
  );
  const group = [...new Set(by)].map((d) => `${alias}.${DIM_COLUMN[d]}`);
  return { select: cols.map((c) => `${c}, `).join(''), group: group.join(', ') };
}

export function createVisibilityReadApi(ctx: StoreContext): VisibilityReadApi {
  const { db } = ctx;
  const all = <T>(sql: string, params: Record<string, unknown> = {}): T[] => stmt(db, sql).all(params) as T[];

  function gapSql(filter: VisFilter, focusIsPrecomputed: boolean) {
    const w = whereOf(filter);
    const s = sources(filter);
    if (focusIsPrecomputed) {
      return {
        cell: `SELECT answers FROM vis_gap_cell WHERE focus = @focus AND ${w.sql}`,
        domain: `SELECT domain, gap, with_focus FROM vis_gap_domain WHERE focus = @focus AND ${w.sql}`,
        comp: `SELECT domain, brand, answers FROM vis_gap_comp WHERE focus = @focus AND domain = @domain AND ${w.sql}`,
      };
    }
    const named = (brand: string) =>
      `EXISTS (SELECT 1 FROM vis_result_brand b WHERE b.seq = f.seq AND b.brand ${brand} AND b.mentioned = 1)`;
    const rivals = 'IN (SELECT id FROM vis_brands WHERE brand_id IN (SELECT value FROM json_each(@rivals)))';
    const gap = `(NOT ${named('= @focus')} AND ${named(rivals)})`;
    return {
      cell: `SELECT count(*) AS answers FROM vis_result f WHERE ${s.resultWhere} AND ${gap}`,
      domain: `SELECT rd.domain, ${gap} AS gap, ${named('= @focus')} AS with_focus
        FROM vis_result f JOIN vis_result_domain rd ON rd.seq = f.seq WHERE ${s.resultWhere}`,
      comp: `SELECT rd.domain, b.brand, 1 AS answers FROM vis_result f
        JOIN vis_result_domain rd ON rd.seq = f.seq AND rd.domain = @domain
        JOIN vis_result_brand b ON b.seq = f.seq AND b.mentioned = 1 AND b.brand ${rivals}
        WHERE ${s.resultWhere} AND ${gap}`,
    };
  }

  return {
    visCells(filter, by) {
      const w = whereOf(filter);
      const d = dimSelect(by, 'c');
      return all<VisCellRow>(
        `SELECT ${d.select}sum(c.answers) AS answers FROM (${sources(filter).cell}) c
         ${d.group ? `GROUP BY ${d.group}` : ''}`,
        w.params,
      ).filter((r) => r.answers > 0);
    },
    visBrands(filter, by) {
      const w = whereOf(filter);
      const d = dimSelect(by, 'b');
      return all<VisBrandRow>(
        `SELECT ${d.select}vb.brand_id AS brandId, sum(b.mentioned) AS mentioned, sum(b.cited) AS cited,
           sum(b.ranked) AS ranked, sum(b.rank_sum) AS rankSum, sum(b.rank_sq) AS rankSq, sum(b.mentions) AS mentions
         FROM (${sources(filter).brand}) b JOIN vis_brands vb ON vb.id = b.brand
         GROUP BY ${d.group ? `${d.group}, ` : ''}b.brand`,
        w.params,
      );
    },
    visDomains(filter, options) {
      const w = whereOf(filter);
      const params: Record<string, unknown> = { ...w.params, limit: options.limit ?? -1 };
      let only = '';
      if (options.domainIds) {
        only = 'WHERE x.domain IN (SELECT value FROM json_each(@domainIds))';
        params.domainIds = json(options.domainIds);
      }
      const day = options.byDay ? 'x.day, ' : '';
      return all<VisDomainRow>(
        `SELECT ${options.byDay ? 'x.day AS day, ' : ''}x.domain AS domainId, d.domain, sum(x.answers) AS answers, d.kinds
         FROM (${sources(filter).domain}) x JOIN vis_domains d ON d.id = x.domain ${only}
         GROUP BY ${day}x.domain HAVING sum(x.answers) > 0
         ORDER BY ${day}sum(x.answers) DESC, d.domain LIMIT @limit`,
        params,
      );
    },
    visGaps(filter, focusId, rivalIds, limit) {
      const w = whereOf(filter);
      const focus = pluck(db, 'SELECT id FROM vis_brands WHERE brand_id = ?').get(focusId) as
        number | undefined;
      const kind = pluck(db, 'SELECT kind FROM brands WHERE id = ?').get(focusId) as string | undefined;
      if (focus === undefined) return { gapAnswers: 0, domains: [], competitors: [] };
      const q = gapSql(filter, kind === 'brand');
      const params = { ...w.params, focus, rivals: json(rivalIds) };
      const gapAnswers =
        (pluck(db, `SELECT total(answers) FROM (${q.cell})`).get(params) as number | null) ?? 0;
      const domains = all<{ domainId: number; domain: string; gap: number; withFocus: number }>(
        `SELECT g.domain AS domainId, d.domain, sum(g.gap) AS gap, sum(g.with_focus) AS withFocus
         FROM (${q.domain}) g JOIN vis_domains d ON d.id = g.domain
         GROUP BY g.domain HAVING sum(g.gap) > 0 ORDER BY sum(g.gap) DESC, d.domain LIMIT @limit`,
        { ...params, limit },
      );
      const competitors = domains.flatMap((dom) =>
        all<{ domainId: number; brandId: string; answers: number }>(
          `SELECT c.domain AS domainId, vb.brand_id AS brandId, sum(c.answers) AS answers
           FROM (${q.comp}) c JOIN vis_brands vb ON vb.id = c.brand
           GROUP BY c.brand HAVING sum(c.answers) > 0 ORDER BY sum(c.answers) DESC, vb.brand_id`,
          { ...params, domain: dom.domainId },
        ),
      );
      return { gapAnswers, domains, competitors };
    },
    visDomainIds(hosts) {
      if (hosts.length === 0) return [];
      return all<{ id: number; domain: string }>(
        `SELECT DISTINCT d.id, d.domain FROM vis_domains d, json_each(@hosts) h
         WHERE d.domain = h.value OR d.domain LIKE '%.' || h.value ORDER BY d.domain`,
        { hosts: json(hosts.map((h) => h.toLowerCase().replace(/^www\./u, ''))) },
      );
    },
    visUrls(filter, domainIds, limit) {
      if (domainIds.length === 0) return [];
      const w = whereOf(filter);
      const params = { ...w.params, domainIds: json(domainIds), limit };
      if (!w.perResult) {
        return all<VisUrlRow>(
          `SELECT u.url, u.title, sum(x.answers) AS answers, min(x.best) AS best
           FROM vis_urls u JOIN vis_url_day x ON x.url = u.id
           WHERE u.domain IN (SELECT value FROM json_each(@domainIds)) AND ${whereOf(filter, 'x').sql}
           GROUP BY u.id HAVING sum(x.answers) > 0 ORDER BY sum(x.answers) DESC, min(x.best), u.url LIMIT @limit`,
          params,
        );
      }
      return all<VisUrlRow>(
        `SELECT u.url, u.title, count(DISTINCT f.seq) AS answers, min(s.position) AS best
         FROM vis_result f JOIN vis_result_domain rd ON rd.seq = f.seq
           AND rd.domain IN (SELECT value FROM json_each(@domainIds))
         JOIN sources s ON s.result_seq = f.seq JOIN vis_urls u ON u.url = s.url AND u.domain = rd.domain
         WHERE ${sources(filter).resultWhere}
         GROUP BY u.id ORDER BY answers DESC, best, u.url LIMIT @limit`,
        params,
      );
    },
    visQueries(filter, options) {
      const w = whereOf(filter);
      const params: Record<string, unknown> = { ...w.params, limit: options.limit ?? -1 };
      let only = '';
      if (options.queryIds) {
        only = 'WHERE x.query IN (SELECT value FROM json_each(@queryIds))';
        params.queryIds = json(options.queryIds);
      }
      return all<VisQueryRow>(
        `SELECT x.query AS queryId, q.query, sum(x.answers) AS answers
         FROM (${sources(filter).query}) x JOIN vis_queries q ON q.id = x.query ${only}
         GROUP BY x.query HAVING sum(x.answers) > 0 ORDER BY sum(x.answers) DESC, q.query LIMIT @limit`,
        params,
      );
    },
    visQueryDetails(filter, queryIds) {
      if (queryIds.length === 0) return [];
      // Up to the period's end, from the first day on record, so firstSeen may predate the period.
      const upToEnd = { ...filter, fromDay: 0 };
      const w = whereOf(upToEnd);
      if (!w.perResult) {
        // Straight on the roll-up, so the (query, day) index serves it.
        return all<{ queryId: number; engine: string; firstDay: number }>(
          `SELECT query AS queryId, engine, min(day) AS firstDay FROM vis_query_day
           WHERE query IN (SELECT value FROM json_each(@queryIds)) AND answers > 0 AND ${w.sql}
           GROUP BY query, engine`,
          { ...w.params, queryIds: json(queryIds) },
        );
      }
      return all<{ queryId: number; engine: string; firstDay: number }>(
        `SELECT x.query AS queryId, x.engine, min(x.day) AS firstDay FROM (${sources(upToEnd).query}) x
         WHERE x.query IN (SELECT value FROM json_each(@queryIds)) AND x.answers > 0
         GROUP BY x.query, x.engine`,
        { ...w.params, queryIds: json(queryIds) },
      );
    },
    visDrill(filter, drill, limit) {
      const w = whereOf(filter);
      const conds = [sources(filter).resultWhere];
      const params: Record<string, unknown> = { ...w.params, limit };
      const brandRow = (cond: string) =>
        `EXISTS (SELECT 1 FROM vis_result_brand b WHERE b.seq = f.seq AND b.brand = (SELECT id FROM vis_brands WHERE brand_id = @brandId) AND ${cond})`;
      if (drill.brandId !== undefined) {
        params.brandId = drill.brandId;
        if (drill.mentioned !== undefined)
          conds.push(drill.mentioned ? brandRow('b.mentioned = 1') : `NOT ${brandRow('b.mentioned = 1')}`);
        if (drill.cited !== undefined)
          conds.push(drill.cited ? brandRow('b.cited = 1') : `NOT ${brandRow('b.cited = 1')}`);
      }
      if (drill.day !== undefined) {
        conds.push('f.day = @day');
        params.day = drill.day;
      }
      if (drill.runId !== undefined) {
        conds.push('f.run = (SELECT id FROM vis_runs WHERE run_id = @runId)');
        params.runId = drill.runId;
      }
      if (drill.location !== undefined) {
        conds.push('f.loc = @location');
        params.location = drill.location;
      }
      if (drill.engine !== undefined) {
        conds.push('f.engine = @engine');
        params.engine = drill.engine;
      }
      if (drill.domain !== undefined) {
        conds.push(
          'EXISTS (SELECT 1 FROM vis_result_domain rd WHERE rd.seq = f.seq AND rd.domain = (SELECT id FROM vis_domains WHERE domain = @domain))',
        );
        params.domain = drill.domain.toLowerCase().replace(/^www\./u, '');
      }
      if (drill.url !== undefined) {
        conds.push('EXISTS (SELECT 1 FROM sources s WHERE s.result_seq = f.seq AND s.url = @url)');
        params.url = drill.url;
      }
      if (drill.gap) {
        const named = (brand: string) =>
          `EXISTS (SELECT 1 FROM vis_result_brand g WHERE g.seq = f.seq AND g.mentioned = 1 AND g.brand ${brand})`;
        conds.push(
          `NOT ${named('= (SELECT id FROM vis_brands WHERE brand_id = @gapFocus)')}`,
          named('IN (SELECT id FROM vis_brands WHERE brand_id IN (SELECT value FROM json_each(@gapRivals)))'),
        );
        params.gapFocus = drill.gap.focusId;
        params.gapRivals = json(drill.gap.rivalIds);
      }
      if (drill.query !== undefined) {
        conds.push(
          'EXISTS (SELECT 1 FROM vis_result_query rq WHERE rq.seq = f.seq AND rq.query = (SELECT id FROM vis_queries WHERE query = @query))',
        );
        params.query = drill.query.trim();
      }
      const where = conds.join(' AND ');
      const total = pluck(db, `SELECT count(*) FROM vis_result f WHERE ${where}`).get(params) as number;
      const resultIds = pluck(
        db,
        `SELECT r.id FROM vis_result f JOIN results r ON r.seq = f.seq WHERE ${where}
         ORDER BY f.day DESC, f.seq DESC LIMIT @limit`,
      ).all(params) as string[];
      return { resultIds, total };
    },
    visSeriesKeys(text, limit) {
      const params: Record<string, unknown> = { limit };
      let where = '';
      if (text !== undefined && text.trim() !== '') {
        where = "WHERE p.text LIKE @text ESCAPE '\\'";
        params.text = `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      }
      return all<VisSeriesKeyRow>(
        `SELECT p.text AS prompt, j.engine, j.country, j.us_state AS state, count(*) AS answers,
           min(r.fetched_at) AS firstAt, max(r.fetched_at) AS lastAt
         FROM vis_result f JOIN results r ON r.seq = f.seq JOIN run_prompts p ON p.id = f.prompt
         JOIN jobs j ON j.id = r.job_id ${where}
         GROUP BY p.text, j.engine, j.country, j.us_state HAVING count(*) > 1
         ORDER BY answers DESC, p.text, j.engine, j.country LIMIT @limit`,
        params,
      );
    },
    visRunLabels(runIds) {
      const rows = all<{ id: string; name: string | null; created_at: number }>(
        'SELECT id, name, created_at FROM runs WHERE id IN (SELECT value FROM json_each(@ids))',
        { ids: json(runIds) },
      );
      return Object.fromEntries(
        rows.map((r) => [
          r.id,
          r.name ?? new Date(r.created_at).toISOString().slice(0, 16).replace('T', ' '),
        ]),
      );
    },
    visMonitorRuns(monitorId) {
      if (!pluck(db, 'SELECT 1 FROM monitors WHERE id = ?').get(monitorId)) return null;
      return pluck(db, 'SELECT id FROM runs WHERE monitor_id = ?').all(monitorId) as string[];
    },
    visTagged(tag) {
      const tagId = pluck(db, 'SELECT id FROM tags WHERE name = ?').get(tag) as number | undefined;
      if (tagId === undefined) return null;
      return {
        runIds: pluck(db, 'SELECT run_id FROM run_tags WHERE tag_id = ?').all(tagId) as string[],
        promptIds: pluck(db, 'SELECT prompt_id FROM prompt_tags WHERE tag_id = ?').all(tagId) as string[],
      };
    },
    visDayRange() {
      const row = stmt(db, 'SELECT min(day) AS first, max(day) AS last FROM vis_result').get() as {
        first: number | null;
        last: number | null;
      };
      return row.first === null || row.last === null ? null : { first: row.first, last: row.last };
    },
  };
}
