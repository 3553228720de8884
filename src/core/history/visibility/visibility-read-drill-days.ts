import { stmt, type StoreContext } from '../connection';
import { familyRows, pickLevel, promptScoped, type KeyCondition, type VisFilter } from './visibility-levels';
import type { VisDrillFilter } from './visibility-read-types';

// Which days a drill-down has to read, from the roll-ups. The drill lists the newest answers
// matching a brand or a domain; read newest-first over every answer of the scope, a rare match
// (a brand named in a few answers of one engine in one country of one monitor) checked nearly
// every answer of the period, one index seek each: seconds at a million answers. The roll-ups
// know how many answers match on each day, so only the days with a match are read, and only
// back to the day where the newest `limit` matches are sure to lie: the same answers, in the
// same order, from a fraction of the rows.

type Db = StoreContext['db'];

/** The filter narrowed by a drill's day, run, engine and location (null: nothing can match). */
export function drillScope(filter: VisFilter, drill: VisDrillFilter): VisFilter | null {
  const f: VisFilter = { ...filter };
  if (drill.day !== undefined) {
    if (drill.day < f.fromDay || drill.day > f.toDay) return null;
    f.fromDay = drill.day;
    f.toDay = drill.day;
  }
  const narrow = (list: readonly string[] | undefined, value: string): string[] =>
    list?.length ? list.filter((v) => v === value) : [value];
  if (drill.runId !== undefined) f.runIds = narrow(f.runIds, drill.runId);
  if (drill.engine !== undefined) f.engines = narrow(f.engines, drill.engine);
  if (drill.location !== undefined) f.locations = narrow(f.locations, drill.location);
  if (f.runIds?.length === 0 || f.engines?.length === 0 || f.locations?.length === 0) return null;
  return f;
}

/**
 * The brand roll-ups' column a brand drill counts, and whether it wants the answers with it or
 * without: named, cited, or alone (named or its domains cited: `present`). Null when it asks
 * both named and cited (no column counts that).
 */
export function brandMeasure(
  drill: VisDrillFilter,
): { column: 'mentioned' | 'cited' | 'present'; wanted: boolean } | null {
  if (drill.mentioned !== undefined && drill.cited !== undefined) return null;
  if (drill.mentioned !== undefined) return { column: 'mentioned', wanted: drill.mentioned };
  if (drill.cited !== undefined) return { column: 'cited', wanted: drill.cited };
  return { column: 'present', wanted: true };
}

/** Per day, newest first: the fewest and the most answers that can match. */
interface DayBounds {
  day: number;
  least: number;
  most: number;
}

/** A drill measured by one roll-up: its per-day bounds' SQL (null when none measures it). */
function boundsSql(
  f: VisFilter,
  drill: VisDrillFilter,
): { sql: string; params: Record<string, unknown> } | null {
  const others = drill.url !== undefined || drill.gap !== undefined || drill.query !== undefined;
  if (others || (drill.brandId !== undefined) === (drill.domain !== undefined)) return null;
  if (drill.domain !== undefined) {
    const level = pickLevel('domain', f);
    if (level === 'result') return null;
    const rows = familyRows('domain', level, f, [
      ['domain', '= (SELECT id FROM vis_domains WHERE domain = @drillDomain)'],
    ]);
    return {
      sql: `SELECT day, total(answers) AS least, total(answers) AS most FROM (${rows.sql}) GROUP BY day`,
      params: { ...rows.params, drillDomain: drill.domain.toLowerCase().replace(/^www\./u, '') },
    };
  }
  const measure = brandMeasure(drill);
  if (measure === null) return null;
  const level = pickLevel('brand', f);
  if (level === 'result') return null;
  const brand: KeyCondition = ['brand', '= (SELECT id FROM vis_brands WHERE brand_id = @drillBrand)'];
  const rows = familyRows('brand', level, f, [brand]);
  const params = { ...rows.params, drillBrand: drill.brandId };
  const { column, wanted } = measure;
  // Named in its own text: any of the day's named answers may be a results page without text.
  const least = drill.inText === true ? '0' : `total(${column})`;
  if (wanted)
    return {
      sql: `SELECT day, ${least} AS least, total(${column}) AS most FROM (${rows.sql}) GROUP BY day`,
      params,
    };
  // Not named (not cited): the day's answers less those that are.
  const cells = familyRows('cell', pickLevel('cell', f), f);
  return {
    sql: `SELECT c.day, c.answers - coalesce(h.hits, 0) AS least, c.answers - coalesce(h.hits, 0) AS most
          FROM (SELECT day, total(answers) AS answers FROM (${cells.sql}) GROUP BY day) c
          LEFT JOIN (SELECT day, total(${column}) AS hits FROM (${rows.sql}) GROUP BY day) h ON h.day = c.day`,
    params: { ...cells.params, ...params },
  };
}

/**
 * The days holding the drill's newest `limit` matches, newest first (every day with a match,
 * back to the one where at least `limit` are certain); null when no roll-up measures the drill
 * (the caller reads every day of the filter).
 */
export function drillDays(db: Db, filter: VisFilter, drill: VisDrillFilter, limit: number): number[] | null {
  if (promptScoped(filter)) return null;
  const f = drillScope(filter, drill);
  if (f === null) return [];
  const bounds = boundsSql(f, drill);
  if (bounds === null) return null;
  const rows = stmt(db, `SELECT day, least, most FROM (${bounds.sql}) WHERE most > 0 ORDER BY day DESC`).all(
    bounds.params,
  ) as DayBounds[];
  const days: number[] = [];
  let sure = 0;
  for (const r of rows) {
    days.push(r.day);
    sure += r.least;
    if (sure >= limit) break;
  }
  return days;
}
