import type Database from 'better-sqlite3';
import { NOT_JUDGED_PREFIX } from '../../../shared/positioning';
import { pluck, stmt } from '../connection';
import {
  conditions,
  dimColumn,
  overCells,
  pickLevelOf,
  promptScoped,
  type VisDim,
  type VisFilter,
} from '../visibility';
import { periodBuckets } from './positioning-buckets';
import { POSITIONING_ROLLUPS, type PositioningFamily, type PositioningTable } from './positioning-rollups';

const ATTR = POSITIONING_ROLLUPS.attr;

// Reads over the positioning roll-ups (migration 012): raw sums per brand (and dimension) for one
// judge; src/core/positioning/positioning turns them into rates, intervals and changes. The status level is
// picked as for the Visibility reads (visibility-levels.ts): the day level for the whole history,
// day × engine × location when filtered or split by engine or location, the cell level for a
// scope of runs, and the answers' own rows for a prompt scope; the attribute levels likewise,
// reading time buckets instead of days (attrRows). No query reads the answers' texts.

export interface PosStatusRow {
  day?: number;
  run?: string;
  engine?: string;
  loc?: string;
  /** The prompt's text, when split by prompt (one text may come in several rows). */
  prompt?: string;
  brandId: string;
  n: number;
  top: number;
  recommended: number;
  mentioned: number;
  cautioned: number;
  positive: number;
  neutral: number;
  negative: number;
  scoreSum: number;
  scoreSq: number;
}

export interface PosAttrRow {
  day?: number;
  run?: string;
  engine?: string;
  loc?: string;
  brandId: string;
  attr: string;
  n: number;
  positive: number;
  negative: number;
}

/** Per-answer rows in the columns of each family's roll-ups (prompt scopes). */
const STATUS_ROWS = `SELECT f.day, f.run, f.engine, f.loc, f.prompt, b.brand, 1 AS n, b.status = 0 AS top,
      b.status = 1 AS recommended, b.status = 2 AS mentioned, b.status = 3 AS cautioned,
      b.sentiment = 1 AS positive, b.sentiment = 0 AS neutral, b.sentiment = -1 AS negative,
      b.score AS score_sum, b.score * b.score AS score_sq
    FROM vis_result f JOIN pos_brand b ON b.seq = f.seq AND b.judge = @judge`;

const PER_RESULT: Record<PositioningFamily, string> = {
  status: STATUS_ROWS,
  statusPrompt: STATUS_ROWS,
  attr: `SELECT f.day, f.run, f.engine, f.loc, f.prompt, b.brand, a.value AS attr, 1 AS n,
      (b.attrs ->> (a.key + 1)) > 0 AS positive, (b.attrs ->> (a.key + 1)) < 0 AS negative
    FROM vis_result f JOIN pos_brand b ON b.seq = f.seq AND b.judge = @judge
    JOIN json_each(b.attrs) a ON a.key % 2 = 0`,
};

/**
 * Status rows split by prompt or narrowed to prompts: the day × prompt roll-up over every run,
 * engine and location (its prompt column takes the prompt conditions), else the answers' rows.
 */
function promptStatusRows(
  filter: VisFilter,
  by: readonly VisDim[],
): { sql: string; params: Record<string, unknown> } {
  const c = conditions(filter, overCells(filter, by) ? '' : 'f');
  if (!overCells(filter, by)) return { sql: `${PER_RESULT.status} WHERE ${c.sql}`, params: c.params };
  const table = POSITIONING_ROLLUPS.statusPrompt.d as PositioningTable;
  return { sql: `SELECT * FROM ${table.table} WHERE judge = @judge AND ${c.sql}`, params: c.params };
}

/** The status rows at the level the filter needs, for one judge (the Visibility levels' rules). */
function statusRows(
  filter: VisFilter,
  by: readonly VisDim[],
): { sql: string; params: Record<string, unknown> } {
  if (by.includes('prompt') || promptScoped(filter)) return promptStatusRows(filter, by);
  const level = pickLevelOf(POSITIONING_ROLLUPS.status, filter, by);
  if (level === 'result') {
    const c = conditions(filter, 'f');
    return { sql: `${PER_RESULT.status} WHERE ${c.sql}`, params: c.params };
  }
  const table = POSITIONING_ROLLUPS.status[level] as PositioningTable;
  const c = conditions(filter, '', level === 'el' && Boolean(filter.engines?.length));
  return { sql: `SELECT * FROM ${table.table} WHERE judge = @judge AND ${c.sql}`, params: c.params };
}

/**
 * The attribute rows at the level the filter needs: a prompt scope, or runs split or filtered
 * by location, from the answers' own rows; runs from the run levels (with the engine when it
 * filters or splits); otherwise the time buckets that tile the period (day buckets only when
 * split by day), with the engine and location when they filter or split (the engine alone
 * when only the engine does). Rows keep a `day` column only where `by` has it (the bucket's
 * first day is a day only for one-day buckets).
 */
function attrRows(
  filter: VisFilter,
  by: readonly VisDim[],
): { sql: string; params: Record<string, unknown> } {
  const byLocation = Boolean(filter.locations?.length) || by.includes('loc');
  const byEngine = Boolean(filter.engines?.length) || by.includes('engine');
  const runs = Boolean(filter.runIds) || by.includes('run');
  if (promptScoped(filter) || by.includes('prompt') || (runs && byLocation)) {
    const c = conditions(filter, 'f');
    return { sql: `${PER_RESULT.attr} WHERE ${c.sql}`, params: c.params };
  }
  if (runs) {
    const table = (byEngine ? ATTR.runEngine : ATTR.run) as PositioningTable;
    const c = conditions(filter);
    return { sql: `SELECT * FROM ${table.table} WHERE judge = @judge AND ${c.sql}`, params: c.params };
  }
  // By engine alone, the engine level: a sixth of the engine × location rows.
  const table = (byLocation ? ATTR.el : byEngine ? ATTR.e : ATTR.d) as PositioningTable;
  const buckets = by.includes('day')
    ? Array.from({ length: Math.max(0, filter.toDay - filter.fromDay + 1) }, (_, i) => [
        1,
        filter.fromDay + i,
      ])
    : periodBuckets(filter.fromDay, filter.toDay);
  const params: Record<string, unknown> = { buckets: JSON.stringify(buckets) };
  let more = '';
  if (filter.engines?.length) {
    more += ' AND engine IN (SELECT value FROM json_each(@engines))';
    params.engines = JSON.stringify(filter.engines);
  }
  if (filter.locations?.length) {
    more += ' AND loc IN (SELECT value FROM json_each(@locations))';
    params.locations = JSON.stringify(filter.locations);
  }
  return {
    sql: `SELECT *, start AS day FROM ${table.table} WHERE judge = @judge
      AND (span, start) IN (SELECT value ->> 0, value ->> 1 FROM json_each(@buckets))${more}`,
    params,
  };
}

function dimSelect(by: readonly VisDim[], alias: string): { select: string; group: string } {
  const cols = [...new Set(by)].map((d) => dimColumn(d, alias));
  return {
    select: cols.map((c) => `${c.column}, `).join(''),
    group: cols.map((c) => `${c.key}, `).join(''),
  };
}

export interface PositioningReadApi {
  /** Status, tone and score sums per brand (and the dimensions asked) for a judge. */
  posStatus(filter: VisFilter, judge: string, by: readonly VisDim[]): PosStatusRow[];
  /** Attribute counts per brand (and dimensions), most frequent first. */
  posAttrs(filter: VisFilter, judge: string, by: readonly VisDim[]): PosAttrRow[];
  /** The judges that have scored answers of this history (by name). */
  posJudges(): string[];
  /** Answers in the filter the judge did not read (its note says "not judged"): counted in no number. */
  posNotJudged(filter: VisFilter, judge: string): number;
}

export function createPositioningReadApi(db: Database.Database): PositioningReadApi {
  const judgeKey = (name: string): number | undefined =>
    pluck(db, 'SELECT id FROM pos_judges WHERE name = ?').get(name) as number | undefined;

  return {
    posStatus(filter, judge, by) {
      const key = judgeKey(judge);
      if (key === undefined) return [];
      const rows = statusRows(filter, by);
      const d = dimSelect(by, 's');
      return stmt(
        db,
        `SELECT ${d.select}pb.brand_id AS brandId, sum(s.n) AS n, sum(s.top) AS top,
           sum(s.recommended) AS recommended, sum(s.mentioned) AS mentioned, sum(s.cautioned) AS cautioned,
           sum(s.positive) AS positive, sum(s.neutral) AS neutral, sum(s.negative) AS negative,
           sum(s.score_sum) AS scoreSum, sum(s.score_sq) AS scoreSq
         FROM (${rows.sql}) s JOIN pos_brands pb ON pb.id = s.brand
         GROUP BY ${d.group}s.brand`,
      ).all({ ...rows.params, judge: key }) as PosStatusRow[];
    },
    posAttrs(filter, judge, by) {
      const key = judgeKey(judge);
      if (key === undefined) return [];
      const rows = attrRows(filter, by);
      const d = dimSelect(by, 's');
      return stmt(
        db,
        `SELECT ${d.select}pb.brand_id AS brandId, pa.text AS attr, sum(s.n) AS n,
           sum(s.positive) AS positive, sum(s.negative) AS negative
         FROM (${rows.sql}) s JOIN pos_brands pb ON pb.id = s.brand JOIN pos_attrs pa ON pa.id = s.attr
         GROUP BY ${d.group}s.brand, s.attr ORDER BY n DESC, attr`,
      ).all({ ...rows.params, judge: key }) as PosAttrRow[];
    },
    posJudges() {
      return pluck(db, 'SELECT name FROM pos_judges ORDER BY id').all() as string[];
    },
    posNotJudged(filter, judge) {
      const key = judgeKey(judge);
      if (key === undefined) return 0;
      const c = conditions(filter, 'f');
      // From the answers with a note (few: the index pos_answer_noted holds only them), each
      // looked up in the filter; CROSS JOIN keeps that order.
      return pluck(
        db,
        `SELECT count(*) FROM pos_answer a CROSS JOIN vis_result f ON f.seq = a.seq
         WHERE a.judge = @judge AND a.note IS NOT NULL AND a.note LIKE '${NOT_JUDGED_PREFIX}%' AND ${c.sql}`,
      ).get({ ...c.params, judge: key }) as number;
    },
  };
}
