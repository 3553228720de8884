import { ROLLUPS, type RollupFamily, type RollupLevel } from './visibility-rollups';

// Which roll-up level answers a query, and the SQL of its rows. Every level of a family has
// the same value columns and a subset of the key columns day, run, engine, loc (+ its own
// keys), so a query is written once over "rows of the family" and this picks the table:
//   a prompt scope (prompt sets, prompt tags, prompt texts in or out), or split by prompt
//                                                    → per-result rows (no roll-up knows prompts)
//   runs, split by run, or a family kept per cell     → the fine level (day × run × engine × loc)
//   runs, with or without an engine filter            → the run level (run × day × engine)
//   runs with a location filter                       → per-result rows (families without fine)
//   every run, filtered or split by engine/location   → the el level (day × engine × location)
//   every run, neither                                → the day level

export type VisDim = 'day' | 'run' | 'engine' | 'loc' | 'prompt';

export interface VisFilter {
  /** UTC day numbers, inclusive. */
  fromDay: number;
  toDay: number;
  /** Only these runs (ids); with promptIds, results of these runs OR of these prompts. */
  runIds?: readonly string[];
  /** Only results of these saved prompts (ids); forces the per-result path. */
  promptIds?: readonly string[];
  /** Only results of prompts with these texts (as asked); forces the per-result path. */
  promptTexts?: readonly string[];
  /** Leaves out results of prompts with these texts (branded prompts); forces the per-result path. */
  withoutPromptTexts?: readonly string[];
  engines?: readonly string[];
  locations?: readonly string[];
}

export type Level = RollupLevel | 'result';

const json = (v: readonly unknown[]): string => JSON.stringify(v);

export function pickLevel(family: RollupFamily, filter: VisFilter, by: readonly VisDim[] = []): Level {
  if (family === 'promptCell' || family === 'promptBrand') return overCells(filter, by) ? 'd' : 'result';
  return pickLevelOf(ROLLUPS[family], filter, by);
}

/** Every run, engine and location, split by nothing but the day and the prompt. */
export function overCells(filter: VisFilter, by: readonly VisDim[]): boolean {
  return (
    !filter.runIds &&
    !filter.engines?.length &&
    !filter.locations?.length &&
    by.every((d) => d === 'day' || d === 'prompt')
  );
}

/**
 * The family that answers a read of answers (cell) or brand sums (brand): its per-prompt
 * roll-up when the read is split by prompt or narrowed to prompts over every run, engine and
 * location (its prompt column takes the prompt conditions), else the family itself.
 */
export function familyOf(base: 'cell' | 'brand', filter: VisFilter, by: readonly VisDim[]): RollupFamily {
  if ((by.includes('prompt') || promptScoped(filter)) && overCells(filter, by))
    return base === 'cell' ? 'promptCell' : 'promptBrand';
  return base;
}

/** The same choice for any family kept at the levels `has` names (the positioning roll-ups too). */
export function pickLevelOf(
  has: Partial<Record<RollupLevel, unknown>>,
  filter: VisFilter,
  by: readonly VisDim[] = [],
): Level {
  if (promptScoped(filter) || by.includes('prompt')) return 'result';
  const byLocation = Boolean(filter.locations?.length) || by.includes('loc');
  const filtered = byLocation || Boolean(filter.engines?.length) || by.includes('engine');
  if (filter.runIds || by.includes('run')) {
    if (has.fine) return 'fine';
    // The run level keeps the engine, not the location.
    return by.includes('run') || byLocation ? 'result' : 'run';
  }
  if (filtered) return has.el ? 'el' : 'fine';
  return has.d ? 'd' : has.el ? 'el' : 'fine';
}

/** A filter on prompts: no roll-up knows prompts, so only the per-result rows answer it. */
export function promptScoped(filter: VisFilter): boolean {
  return Boolean(filter.promptIds || filter.promptTexts || filter.withoutPromptTexts);
}

/** A result's prompt by its text: run_prompts is indexed on text, so the ids come from a seek. */
const PROMPTS_BY_TEXT = (param: string) =>
  `(SELECT id FROM run_prompts WHERE text IN (SELECT value FROM json_each(@${param})))`;

export interface Conditions {
  /** Conditions on the level's columns (no table alias unless given). */
  sql: string;
  params: Record<string, unknown>;
}

/** Longest period whose days are listed one by one (see conditions). */
const MAX_LISTED_DAYS = 400;

/**
 * The filter as conditions on a level's columns (a level lacks only columns the filter does
 * not need). With listDays, the period is written as a list of days: on a key that starts
 * (day, engine, …) SQLite then seeks each day × engine instead of scanning every engine's rows.
 */
export function conditions(filter: VisFilter, alias = '', listDays = false): Conditions {
  const a = alias ? `${alias}.` : '';
  const span = filter.toDay - filter.fromDay + 1;
  const list = listDays && span > 0 && span <= MAX_LISTED_DAYS;
  const parts = [
    list ? `${a}day IN (SELECT value FROM json_each(@days))` : `${a}day BETWEEN @fromDay AND @toDay`,
  ];
  const params: Record<string, unknown> = { fromDay: filter.fromDay, toDay: filter.toDay };
  if (list) params.days = json(Array.from({ length: span }, (_, i) => filter.fromDay + i));
  const runs = `${a}run IN (SELECT id FROM vis_runs WHERE run_id IN (SELECT value FROM json_each(@runIds)))`;
  if (filter.runIds) params.runIds = json(filter.runIds);
  if (filter.promptIds) {
    params.promptIds = json(filter.promptIds);
    const prompts = `${a}prompt IN (SELECT id FROM run_prompts WHERE prompt_id IN (SELECT value FROM json_each(@promptIds)))`;
    parts.push(filter.runIds ? `(${runs} OR ${prompts})` : prompts);
  } else if (filter.runIds) parts.push(runs);
  if (filter.promptTexts) {
    parts.push(`${a}prompt IN ${PROMPTS_BY_TEXT('promptTexts')}`);
    params.promptTexts = json(filter.promptTexts);
  }
  if (filter.withoutPromptTexts?.length) {
    parts.push(`(${a}prompt IS NULL OR ${a}prompt NOT IN ${PROMPTS_BY_TEXT('withoutPromptTexts')})`);
    params.withoutPromptTexts = json(filter.withoutPromptTexts);
  }
  if (filter.engines?.length) {
    parts.push(`${a}engine IN (SELECT value FROM json_each(@engines))`);
    params.engines = json(filter.engines);
  }
  if (filter.locations?.length) {
    parts.push(`${a}loc IN (SELECT value FROM json_each(@locations))`);
    params.locations = json(filter.locations);
  }
  return { sql: parts.join(' AND '), params };
}

/**
 * A dimension as a select column and its group-by key: a run as its id, a prompt as its text
 * (grouped by the run's prompt, so one text may come in several rows: callers sum them).
 */
export function dimColumn(d: VisDim, alias: string): { column: string; key: string } {
  if (d === 'run')
    return { column: `(SELECT run_id FROM vis_runs WHERE id = ${alias}.run) AS run`, key: `${alias}.run` };
  if (d === 'prompt')
    return {
      column: `(SELECT text FROM run_prompts WHERE id = ${alias}.prompt) AS prompt`,
      key: `${alias}.prompt`,
    };
  return { column: `${alias}.${d} AS ${d}`, key: `${alias}.${d}` };
}

/** Per-result rows in the columns of each family's roll-ups (one row per result and key). */
const CELL_ROWS = { from: 'vis_result f', columns: '1 AS answers', alias: 'f' };
const BRAND_ROWS = {
  from: 'vis_result f JOIN vis_result_brand b ON b.seq = f.seq',
  columns: `b.brand, b.mentioned, b.cited, b.rank IS NOT NULL AS ranked, coalesce(b.rank, 0) AS rank_sum,
      coalesce(b.rank * b.rank, 0) AS rank_sq, b.count AS mentions, 1 AS present`,
  alias: 'b',
};

const PER_RESULT: Partial<Record<RollupFamily, { from: string; columns: string; alias: string }>> = {
  cell: CELL_ROWS,
  brand: BRAND_ROWS,
  promptCell: CELL_ROWS,
  promptBrand: BRAND_ROWS,
  domain: {
    from: 'vis_result f JOIN vis_result_domain rd ON rd.seq = f.seq',
    columns: 'rd.domain, 1 AS answers',
    alias: 'rd',
  },
  query: {
    from: 'vis_result f JOIN vis_result_query rq ON rq.seq = f.seq',
    columns: 'rq.query, 1 AS answers',
    alias: 'rq',
  },
};

/**
 * A condition on one of a family's own key columns: [column, the rest, e.g. "= @id" or
 * "IN (…)"]. A column written "+query" is not looked up through an index on it (the period's
 * rows are fewer than the ids' rows over all time).
 */
export type KeyCondition = readonly [column: string, condition: string];

/**
 * The rows of a family at a level, narrowed by the filter and by conditions on the family's
 * own key columns. Families without per-result SQL here (url, gaps) build their own.
 */
export function familyRows(
  family: RollupFamily,
  level: Level,
  filter: VisFilter,
  keys: readonly KeyCondition[] = [],
): { sql: string; params: Record<string, unknown> } {
  if (level === 'result') {
    const build = PER_RESULT[family];
    if (!build) throw new Error(`No per-result rows for ${family}`);
    const c = conditions(filter, 'f');
    // "+" keeps SQLite from driving the join from an index on the key column (one seek per
    // result and key value): the scope's results come first, through vis_result's indexes.
    const more = keys
      .map(([col, cond]) => ` AND +${build.alias}.${col.replace(/^\+/u, '')} ${cond}`)
      .join('');
    return {
      sql: `SELECT f.day, f.run, f.engine, f.loc, f.prompt, ${build.columns} FROM ${build.from} WHERE ${c.sql}${more}`,
      params: c.params,
    };
  }
  const table = ROLLUPS[family][level];
  if (!table) throw new Error(`No ${level} level for ${family}`);
  const c = conditions(filter, '', level === 'el' && Boolean(filter.engines?.length));
  const more = keys.map(([col, cond]) => ` AND ${col} ${cond}`).join('');
  return { sql: `SELECT * FROM ${table.table} WHERE ${c.sql}${more}`, params: c.params };
}
