import type { StoreContext } from './context';
import { pluck, stmt } from './statements';
import {
  conditions,
  familyRows,
  pickLevel,
  type KeyCondition,
  type VisDim,
  type VisFilter,
} from './visibility-levels';

// Reads over the Visibility tables (migration 002): raw sums only; src/main/visibility turns
// them into rates, intervals and changes. Each query is written once over the rows of a
// roll-up family; visibility-levels.ts picks the level (day, day × engine × location, run,
// cell, or the per-result rows for prompt scopes) that answers it with the fewest rows.

export type { VisDim, VisFilter } from './visibility-levels';

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

const json = (v: readonly unknown[]): string => JSON.stringify(v);

/** Select and group-by lists for the dimensions asked (run ids shown as the runs' own ids). */
function dimSelect(by: readonly VisDim[], alias: string): { select: string; group: string } {
  const dims = [...new Set(by)];
  const cols = dims.map((d) =>
    d === 'run' ? `(SELECT run_id FROM vis_runs WHERE id = ${alias}.run) AS run` : `${alias}.${d} AS ${d}`,
  );
  return {
    select: cols.map((c) => `${c}, `).join(''),
    group: dims.map((d) => `${alias}.${d}`).join(', '),
  };
}

const named = (brand: string) =>
  `EXISTS (SELECT 1 FROM vis_result_brand b WHERE b.seq = f.seq AND b.brand ${brand} AND b.mentioned = 1)`;
const RIVALS = 'IN (SELECT id FROM vis_brands WHERE brand_id IN (SELECT value FROM json_each(@rivals)))';
/** A result naming a rival and not the focus (@focus: vis_brands.id). */
const GAP = `(NOT ${named('= @focus')} AND ${named(RIVALS)})`;

export function createVisibilityReadApi(ctx: StoreContext): VisibilityReadApi {
  const { db } = ctx;
  const all = <T>(sql: string, params: Record<string, unknown> = {}): T[] => stmt(db, sql).all(params) as T[];

  /** Citation-gap roll-up rows for a precomputed focus (of kind 'brand'), at the level the filter needs. */
  function gapRollups(filter: VisFilter, domainIds?: string) {
    const focus: KeyCondition = ['focus', '= @focus'];
    const level = pickLevel('gapDomain', filter);
    const only: KeyCondition[] = domainIds
      ? [['domain', `IN (SELECT value FROM json_each(${domainIds}))`]]
      : [];
    return {
      cell: familyRows('gapCell', pickLevel('gapCell', filter), filter, [focus]).sql,
      domain: familyRows('gapDomain', level, filter, [focus]).sql,
      comp: familyRows('gapComp', level, filter, [focus, ...only]).sql,
    };
  }

  /**
   * Citation gaps counted answer by answer (prompt scopes, runs with a filter, a focus not of
   * kind 'brand'), in one statement so each answer's gap status is computed once: part 0 the
   * top gap domains, part 1 the rivals named per top domain, part 2 the gap answers.
   */
  function perResultGaps(filter: VisFilter, params: Record<string, unknown>, limit: number): VisGapRows {
    const rows = all<{
      part: number;
      domainId: number | null;
      domain: string | null;
      gap: number;
      withFocus: number;
      brandId: string | null;
    }>(
      `WITH s AS MATERIALIZED (SELECT f.seq, ${GAP} AS gap, ${named('= @focus')} AS with_focus
         FROM vis_result f WHERE ${conditions(filter, 'f').sql}),
       top AS MATERIALIZED (SELECT g.domain, vd.domain AS name, g.gap, g.with_focus
         FROM (SELECT rd.domain, sum(s.gap) AS gap, sum(s.with_focus) AS with_focus FROM s
               JOIN vis_result_domain rd ON rd.seq = s.seq WHERE s.gap OR s.with_focus
               GROUP BY rd.domain HAVING sum(s.gap) > 0) g
         JOIN vis_domains vd ON vd.id = g.domain ORDER BY g.gap DESC, vd.domain LIMIT @limit)
       SELECT 0 AS part, domain AS domainId, name AS domain, gap, with_focus AS withFocus, NULL AS brandId FROM top
       UNION ALL
       SELECT 1, rd.domain, NULL, count(*), 0, vb.brand_id FROM s
         JOIN vis_result_domain rd ON rd.seq = s.seq AND +rd.domain IN (SELECT domain FROM top)
         JOIN vis_result_brand b ON b.seq = s.seq AND b.mentioned = 1 AND b.brand ${RIVALS}
         JOIN vis_brands vb ON vb.id = b.brand
         WHERE s.gap GROUP BY rd.domain, b.brand
       UNION ALL
       SELECT 2, NULL, NULL, total(gap), 0, NULL FROM s`,
      { ...params, limit },
    );
    const domains = rows
      .filter((r) => r.part === 0)
      .map((r) => ({
        domainId: r.domainId as number,
        domain: r.domain as string,
        gap: r.gap,
        withFocus: r.withFocus,
      }))
      .sort((x, y) => y.gap - x.gap || (x.domain < y.domain ? -1 : x.domain > y.domain ? 1 : 0));
    const competitors = rows
      .filter((r) => r.part === 1)
      .map((r) => ({ domainId: r.domainId as number, brandId: r.brandId as string, answers: r.gap }))
      .sort(
        (x, y) =>
          x.domainId - y.domainId ||
          y.answers - x.answers ||
          (x.brandId < y.brandId ? -1 : x.brandId > y.brandId ? 1 : 0),
      );
    return { gapAnswers: rows.find((r) => r.part === 2)?.gap ?? 0, domains, competitors };
  }

  function domainRows(
    filter: VisFilter,
    options: { limit?: number; domainIds?: readonly number[]; byDay?: boolean },
  ) {
    const only: KeyCondition[] = options.domainIds
      ? [['domain', 'IN (SELECT value FROM json_each(@domainIds))']]
      : [];
    const rows = familyRows('domain', pickLevel('domain', filter), filter, only);
    const params: Record<string, unknown> = { ...rows.params, limit: options.limit ?? -1 };
    if (options.domainIds) params.domainIds = json(options.domainIds);
    const day = options.byDay ? 'x.day, ' : '';
    return all<VisDomainRow>(
      `SELECT ${options.byDay ? 'x.day AS day, ' : ''}x.domain AS domainId, d.domain, x.answers, d.kinds
       FROM (SELECT ${options.byDay ? 'day, ' : ''}domain, sum(answers) AS answers FROM (${rows.sql})
             GROUP BY ${options.byDay ? 'day, ' : ''}domain HAVING sum(answers) > 0) x
       JOIN vis_domains d ON d.id = x.domain
       ORDER BY ${day}x.answers DESC, d.domain LIMIT @limit`,
      params,
    );
  }

  function sumOf(
    family: 'cell' | 'gapCell',
    filter: VisFilter,
    extra: readonly KeyCondition[] = [],
    params: Record<string, unknown> = {},
  ) {
    const rows = familyRows(family, pickLevel(family, filter), filter, extra);
    return (
      (pluck(db, `SELECT total(answers) FROM (${rows.sql})`).get({ ...rows.params, ...params }) as number) ??
      0
    );
  }

  /** The drill-down's total from a roll-up, when one measure of one roll-up is all it asks (else null). */
  function drillTotal(filter: VisFilter, drill: VisDrillFilter): number | null {
    if (filter.promptIds) return null;
    const f: VisFilter = { ...filter };
    if (drill.day !== undefined) {
      if (drill.day < f.fromDay || drill.day > f.toDay) return 0;
      f.fromDay = drill.day;
      f.toDay = drill.day;
    }
    const narrow = (list: readonly string[] | undefined, value: string): string[] =>
      list?.length ? list.filter((v) => v === value) : [value];
    if (drill.runId !== undefined) f.runIds = narrow(f.runIds, drill.runId);
    if (drill.engine !== undefined) f.engines = narrow(f.engines, drill.engine);
    if (drill.location !== undefined) f.locations = narrow(f.locations, drill.location);
    if (f.runIds?.length === 0 || f.engines?.length === 0 || f.locations?.length === 0) return 0;

    // A brand alone (named or cited) has no roll-up column: its total is counted row by row.
    if (drill.brandId !== undefined && drill.mentioned === undefined && drill.cited === undefined)
      return null;
    const measures = [
      drill.brandId !== undefined,
      drill.domain !== undefined,
      drill.url !== undefined,
      drill.gap !== undefined,
      drill.query !== undefined,
    ].filter(Boolean).length;
    if (measures === 0) return sumOf('cell', f);
    if (measures > 1) return null;
    if (drill.brandId !== undefined && (drill.mentioned === undefined) !== (drill.cited === undefined)) {
      const column = drill.mentioned !== undefined ? 'mentioned' : 'cited';
      const wanted = (drill.mentioned ?? drill.cited) as boolean;
      const rows = familyRows('brand', pickLevel('brand', f), f, [
        ['brand', '= (SELECT id FROM vis_brands WHERE brand_id = @brandId)'],
      ]);
      const hits =
        (pluck(db, `SELECT total(${column}) FROM (${rows.sql})`).get({
          ...rows.params,
          brandId: drill.brandId,
        }) as number) ?? 0;
      return wanted ? hits : sumOf('cell', f) - hits;
    }
    if (drill.domain !== undefined) {
      const id = pluck(db, 'SELECT id FROM vis_domains WHERE domain = ?').get(
        drill.domain.toLowerCase().replace(/^www\./u, ''),
      ) as number | undefined;
      return id === undefined ? 0 : (domainRows(f, { domainIds: [id] })[0]?.answers ?? 0);
    }
    if (drill.query !== undefined) {
      const id = pluck(db, 'SELECT id FROM vis_queries WHERE query = ?').get(drill.query.trim()) as
        number | undefined;
      if (id === undefined) return 0;
      const rows = familyRows('query', pickLevel('query', f), f, [['query', '= @queryId']]);
      return (
        (pluck(db, `SELECT total(answers) FROM (${rows.sql})`).get({
          ...rows.params,
          queryId: id,
        }) as number) ?? 0
      );
    }
    if (drill.gap !== undefined) {
      const focus = pluck(
        db,
        "SELECT vb.id FROM vis_brands vb JOIN brands b ON b.id = vb.brand_id WHERE vb.brand_id = ? AND b.kind = 'brand'",
      ).get(drill.gap.focusId) as number | undefined;
      if (focus === undefined || pickLevel('gapCell', f) === 'result') return null;
      // The precomputed gaps count every competitor as a rival: only then do they match.
      const competitors = pluck(
        db,
        "SELECT id FROM brands WHERE kind = 'competitor' AND id <> ? ORDER BY id",
      ).all(drill.gap.focusId) as string[];
      if (json(competitors) !== json([...drill.gap.rivalIds].sort())) return null;
      return sumOf('gapCell', f, [['focus', '= @focus']], { focus });
    }
    return null;
  }

  return {
    visCells(filter, by) {
      const rows = familyRows('cell', pickLevel('cell', filter, by), filter);
      const d = dimSelect(by, 'c');
      return all<VisCellRow>(
        `SELECT ${d.select}sum(c.answers) AS answers FROM (${rows.sql}) c
         ${d.group ? `GROUP BY ${d.group}` : ''}`,
        rows.params,
      ).filter((r) => r.answers > 0);
    },
    visBrands(filter, by) {
      const rows = familyRows('brand', pickLevel('brand', filter, by), filter);
      const d = dimSelect(by, 'b');
      return all<VisBrandRow>(
        `SELECT ${d.select}vb.brand_id AS brandId, sum(b.mentioned) AS mentioned, sum(b.cited) AS cited,
           sum(b.ranked) AS ranked, sum(b.rank_sum) AS rankSum, sum(b.rank_sq) AS rankSq, sum(b.mentions) AS mentions
         FROM (${rows.sql}) b JOIN vis_brands vb ON vb.id = b.brand
         GROUP BY ${d.group ? `${d.group}, ` : ''}b.brand`,
        rows.params,
      );
    },
    visDomains: domainRows,
    visGaps(filter, focusId, rivalIds, limit) {
      const focus = pluck(db, 'SELECT id FROM vis_brands WHERE brand_id = ?').get(focusId) as
        number | undefined;
      const kind = pluck(db, 'SELECT kind FROM brands WHERE id = ?').get(focusId) as string | undefined;
      if (focus === undefined) return { gapAnswers: 0, domains: [], competitors: [] };
      // The parameters of every level's conditions (the day list included: extra ones are ignored).
      const base = { ...conditions(filter, '', true).params, focus, rivals: json(rivalIds) };
      if (kind !== 'brand' || pickLevel('gapDomain', filter) === 'result') {
        const g = perResultGaps(filter, base, limit);
        // The gap answers' count is kept per cell for a precomputed focus: exact and cheaper.
        if (kind !== 'brand' || pickLevel('gapCell', filter) === 'result') return g;
        const cell = familyRows('gapCell', pickLevel('gapCell', filter), filter, [['focus', '= @focus']]).sql;
        return {
          ...g,
          gapAnswers: (pluck(db, `SELECT total(answers) FROM (${cell})`).get(base) as number) ?? 0,
        };
      }
      const q = gapRollups(filter);
      const gapAnswers =
        (pluck(db, `SELECT total(answers) FROM (${q.cell})`).get(base) as number | null) ?? 0;
      const domains = all<{ domainId: number; domain: string; gap: number; withFocus: number }>(
        `SELECT g.domain AS domainId, d.domain, g.gap, g.withFocus
         FROM (SELECT domain, sum(gap) AS gap, sum(with_focus) AS withFocus FROM (${q.domain})
               GROUP BY domain HAVING sum(gap) > 0) g
         JOIN vis_domains d ON d.id = g.domain ORDER BY g.gap DESC, d.domain LIMIT @limit`,
        { ...base, limit },
      );
      if (domains.length === 0) return { gapAnswers, domains, competitors: [] };
      const competitors = all<{ domainId: number; brandId: string; answers: number }>(
        `SELECT c.domain AS domainId, vb.brand_id AS brandId, c.answers
         FROM (SELECT domain, brand, sum(answers) AS answers FROM (${gapRollups(filter, '@domainIds').comp})
               GROUP BY domain, brand HAVING sum(answers) > 0) c
         JOIN vis_brands vb ON vb.id = c.brand ORDER BY c.domain, c.answers DESC, vb.brand_id`,
        { ...base, domainIds: json(domains.map((d) => d.domainId)) },
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
      const params = { domainIds: json(domainIds), limit };
      if (pickLevel('url', filter) !== 'result') {
        const c = conditions(filter, 'x');
        return all<VisUrlRow>(
          `SELECT u.url, u.title, sum(x.answers) AS answers, min(x.best) AS best
           FROM vis_urls u JOIN vis_url_day x ON x.url = u.id
           WHERE u.domain IN (SELECT value FROM json_each(@domainIds)) AND ${c.sql}
           GROUP BY u.id HAVING sum(x.answers) > 0 ORDER BY sum(x.answers) DESC, min(x.best), u.url LIMIT @limit`,
          { ...c.params, ...params },
        );
      }
      const c = conditions(filter, 'f');
      return all<VisUrlRow>(
        `SELECT u.url, u.title, count(DISTINCT f.seq) AS answers, min(s.position) AS best
         FROM vis_result f JOIN vis_result_domain rd ON rd.seq = f.seq
           AND rd.domain IN (SELECT value FROM json_each(@domainIds))
         JOIN sources s ON s.result_seq = f.seq JOIN vis_urls u ON u.url = s.url AND u.domain = rd.domain
         WHERE ${c.sql}
         GROUP BY u.id ORDER BY answers DESC, best, u.url LIMIT @limit`,
        { ...c.params, ...params },
      );
    },
    visQueries(filter, options) {
      const only: KeyCondition[] = options.queryIds
        ? [['+query', 'IN (SELECT value FROM json_each(@queryIds))']]
        : [];
      const rows = familyRows('query', pickLevel('query', filter), filter, only);
      const params: Record<string, unknown> = { ...rows.params, limit: options.limit ?? -1 };
      if (options.queryIds) params.queryIds = json(options.queryIds);
      return all<VisQueryRow>(
        `SELECT x.query AS queryId, q.query, x.answers
         FROM (SELECT query, sum(answers) AS answers FROM (${rows.sql}) GROUP BY query HAVING sum(answers) > 0) x
         JOIN vis_queries q ON q.id = x.query ORDER BY x.answers DESC, q.query LIMIT @limit`,
        params,
      );
    },
    visQueryDetails(filter, queryIds) {
      if (queryIds.length === 0) return [];
      // Up to the period's end, from the first day on record, so firstSeen may predate the period.
      const upToEnd = { ...filter, fromDay: 0 };
      const rows = familyRows('query', pickLevel('query', upToEnd), upToEnd, [
        ['query', 'IN (SELECT value FROM json_each(@queryIds))'],
      ]);
      return all<{ queryId: number; engine: string; firstDay: number }>(
        `SELECT query AS queryId, engine, min(day) AS firstDay FROM (${rows.sql}) GROUP BY query, engine`,
        { ...rows.params, queryIds: json(queryIds) },
      );
    },
    visDrill(filter, drill, limit) {
      const c = conditions(filter, 'f');
      const conds = [c.sql];
      const params: Record<string, unknown> = { ...c.params, limit };
      const brandRow = (cond: string) =>
        `EXISTS (SELECT 1 FROM vis_result_brand b WHERE b.seq = f.seq AND b.brand = (SELECT id FROM vis_brands WHERE brand_id = @brandId) AND ${cond})`;
      if (drill.brandId !== undefined) {
        params.brandId = drill.brandId;
        if (drill.mentioned !== undefined)
          conds.push(drill.mentioned ? brandRow('b.mentioned = 1') : `NOT ${brandRow('b.mentioned = 1')}`);
        if (drill.cited !== undefined)
          conds.push(drill.cited ? brandRow('b.cited = 1') : `NOT ${brandRow('b.cited = 1')}`);
        // A brand alone means the answers it appears in at all: named or its domains cited.
        if (drill.mentioned === undefined && drill.cited === undefined)
          conds.push(brandRow('(b.mentioned = 1 OR b.cited = 1)'));
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
        const gapNamed = (brand: string) =>
          `EXISTS (SELECT 1 FROM vis_result_brand g WHERE g.seq = f.seq AND g.mentioned = 1 AND g.brand ${brand})`;
        conds.push(
          `NOT ${gapNamed('= (SELECT id FROM vis_brands WHERE brand_id = @gapFocus)')}`,
          gapNamed(
            'IN (SELECT id FROM vis_brands WHERE brand_id IN (SELECT value FROM json_each(@gapRivals)))',
          ),
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
      // The newest first: the index on day gives them day by day, so the LIMIT stops early.
      const resultIds = pluck(
        db,
        `SELECT r.id FROM vis_result f JOIN results r ON r.seq = f.seq WHERE ${where}
         ORDER BY f.day DESC, f.seq DESC LIMIT @limit`,
      ).all(params) as string[];
      // Counting every matching answer is the slow part: a roll-up has the total when it can.
      const total =
        resultIds.length < limit
          ? resultIds.length
          : (drillTotal(filter, drill) ??
            (pluck(db, `SELECT count(*) FROM vis_result f WHERE ${where}`).get(params) as number));
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
