import {
  CONFIG_KINDS,
  RECORDED_KINDS,
  type ConfigKind,
  type RecordedKind,
  type ReplicaCursor,
  type ReplicaTable,
} from '../../history';
import type { SyncOptions } from './context';
import type { SyncTarget } from './target';
import { pullColumns } from './team-sql';

// What a pull reads from the team server: pages of a table's rows changed after a cursor, in
// (xid, seq) order: the workspace's clock, ticked once per writing transaction (see
// src/core/team/server/changes.ts: a row committed late is never passed over), each page one index
// range (workspace_id, xid, seq). Rows this history wrote itself come back marked `own` with
// their large columns left out, so the cursor passes them without their bytes crossing the
// wire. A window (--since) keeps to runs created since then and what hangs off them; the
// results' months before it are not even opened (partition pruning on fetched_at).

export const START: ReplicaCursor = { xid: '0', seq: '0' };

/** What reading the team's rows needs: a connection, the workspace, this history's origin, the window. */
export interface ReadScope {
  target: Pick<SyncTarget, 'client' | 'workspaceId' | 'origin'>;
  options: Pick<SyncOptions, 'since'>;
}

/** A page of rows, with the cursor after its last row. */
export interface TeamPage {
  rows: Array<Record<string, unknown> & { own: boolean }>;
  cursor: ReplicaCursor;
  /** Whether rows may follow: the page was full, or cut at its weight. */
  more: boolean;
}

/**
 * What a page of answers or archived pages may weigh (128 MB as the server stores them, the
 * normalised document compressed) unless its first row alone weighs more. A page of 4,000 rows is
 * about 40 MB on a normal day; with the engines' raw responses included (hundreds of KB an answer)
 * or pages archived whole, 4,000 rows could take gigabytes of the desktop's memory, and a desktop
 * that runs out of it there fails every sync at the same page.
 */
export const PULL_PAGE_WEIGHT = 128 * 1024 * 1024;

/** A row's weight, read without decompressing (octet_length reads a compressed value's header). */
export const PULL_ROW_WEIGHT: Partial<Record<RecordedKind | ConfigKind, string>> = {
  result: 'octet_length(t.raw_json) + octet_length(t.answer_text) + pg_column_size(t.normalized_json)',
  page: 'coalesce(octet_length(t.html_zstd), 0)',
};

const RUNS_IN_WINDOW = 'SELECT id FROM parallax.runs WHERE workspace_id = $1 AND created_at >= $6';

/** The condition that keeps a table to the window ($6 = since). */
const WINDOW: Record<RecordedKind, string> = {
  run: 't.created_at >= $6',
  run_prompts: `t.run_id IN (${RUNS_IN_WINDOW})`,
  job: `t.run_id IN (${RUNS_IN_WINDOW})`,
  result: `t.fetched_at >= $6 AND t.run_id IN (${RUNS_IN_WINDOW})`,
  page: 't.result_id IN (SELECT id FROM parallax.result_keys WHERE workspace_id = $1 AND fetched_at >= $6)',
  session: `t.run_id IN (${RUNS_IN_WINDOW})`,
};

const CHANGED_AFTER = `t.workspace_id = $1 AND (t.xid, t.seq) > ($2::xid8, $3::bigint)`;

function columnsOf(table: ReplicaTable, kind: RecordedKind | ConfigKind): string {
  const extra = table.versioned ? ['version', 'deleted_at'] : kind === 'run' ? ['deleted_at'] : [];
  const columns = pullColumns(table, extra);
  if (kind !== 'result') return columns;
  // The answer's documents only for rows written elsewhere.
  return columns
    .replace(
      't.normalized_json',
      'CASE WHEN t.origin IS NOT DISTINCT FROM $4 THEN NULL ELSE t.normalized_json END AS normalized_json',
    )
    .replace(
      't.raw_json',
      'CASE WHEN t.origin IS NOT DISTINCT FROM $4 THEN NULL ELSE t.raw_json END AS raw_json',
    );
}

function tableOf(kind: RecordedKind | ConfigKind): ReplicaTable {
  return kind in RECORDED_KINDS ? RECORDED_KINDS[kind as RecordedKind] : CONFIG_KINDS[kind as ConfigKind];
}

function windowOf(ctx: ReadScope, kind: RecordedKind | ConfigKind): string {
  const since = ctx.options.since ?? null;
  return since !== null && kind in WINDOW ? ` AND ${WINDOW[kind as RecordedKind]}` : '';
}

function params(
  ctx: ReadScope,
  cursor: ReplicaCursor,
  limit: number,
  kind: RecordedKind | ConfigKind,
): unknown[] {
  const base = [ctx.target.workspaceId, cursor.xid, cursor.seq, ctx.target.origin, limit];
  return windowOf(ctx, kind) ? [...base, ctx.options.since] : base;
}

/**
 * Up to `limit` rows of a table changed after `cursor`, oldest first; answers and archived pages
 * also stop at `weight` (the row that reaches it is the page's last).
 */
export async function readPage(
  ctx: ReadScope,
  kind: RecordedKind | ConfigKind,
  cursor: ReplicaCursor,
  limit: number,
  weight = PULL_PAGE_WEIGHT,
): Promise<TeamPage> {
  const table = tableOf(kind);
  const weighed = PULL_ROW_WEIGHT[kind];
  const values = params(ctx, cursor, limit, kind);
  // With a weight: each row's, and what the rows before it in the page weigh (a running sum,
  // made as the rows stream in: the LIMIT still ends the scan), then only the rows before which
  // less than `weight` came, in the same order (the server sees that it is: no sort).
  const weights = weighed
    ? `, ${weighed} AS weight_, coalesce(sum(${weighed}) OVER (ORDER BY t.xid, t.seq ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before_, t.xid AS xid_, t.seq AS seq_`
    : '';
  const read = `SELECT ${columnsOf(table, kind)}${weights} FROM parallax.${table.table} t
      WHERE ${CHANGED_AFTER}${windowOf(ctx, kind)}
      ORDER BY t.xid, t.seq LIMIT $5`;
  const sql = weighed
    ? `SELECT * FROM (${read}) w WHERE w.before_ < $${values.length + 1} ORDER BY w.xid_, w.seq_`
    : read;
  const { rows } = await ctx.target.client.query<
    Record<string, unknown> & { own: boolean; xid: string; seq: string; weight_?: string; before_?: string }
  >(sql, weighed ? [...values, weight] : values);
  const last = rows.at(-1);
  // A page cut at its weight has rows after it (or, if the table ends right there, an empty page).
  const cut =
    weighed !== undefined && last !== undefined && Number(last.before_) + Number(last.weight_) >= weight;
  return {
    rows,
    cursor: last ? { xid: last.xid, seq: last.seq } : cursor,
    more: rows.length === limit || cut,
  };
}

/** How many rows written elsewhere a pull of this table has ahead of it (for progress). */
export async function countAhead(
  ctx: ReadScope,
  kind: RecordedKind | ConfigKind,
  cursor: ReplicaCursor,
): Promise<number> {
  const table = tableOf(kind);
  const { rows } = await ctx.target.client.query<{ n: string }>(
    `SELECT count(*) AS n FROM parallax.${table.table} t
      WHERE ${CHANGED_AFTER} AND t.origin IS DISTINCT FROM $4${windowOf(ctx, kind)} AND $5::int > 0`,
    params(ctx, cursor, 1, kind),
  );
  return Number(rows[0]?.n ?? 0);
}

/** Rows of a recorded table by key (parents a pull needs first), tombstones included. */
export async function readByKeys(
  ctx: ReadScope,
  kind: 'run' | 'job' | 'result',
  keys: readonly string[],
): Promise<Array<Record<string, unknown>>> {
  if (keys.length === 0) return [];
  const table = RECORDED_KINDS[kind];
  const extra = kind === 'run' ? ', t.deleted_at' : '';
  const { rows } = await ctx.target.client.query(
    `SELECT ${Object.keys(table.columns)
      .map((c) => `t.${c}`)
      .join(', ')}${extra}
      FROM parallax.${table.table} t WHERE t.workspace_id = $1 AND t.id = ANY ($2::text[])`,
    [ctx.target.workspaceId, [...new Set(keys)]],
  );
  return rows;
}

/** The answers of these jobs, found through their keys (one answer a job). */
export async function readResultsOfJobs(
  ctx: ReadScope,
  jobIds: readonly string[],
): Promise<Array<Record<string, unknown>>> {
  if (jobIds.length === 0) return [];
  const { rows } = await ctx.target.client.query(
    `SELECT ${Object.keys(RECORDED_KINDS.result.columns)
      .map((c) => `t.${c}`)
      .join(', ')}
      FROM parallax.result_keys k JOIN parallax.results t
        ON t.workspace_id = k.workspace_id AND t.id = k.id AND t.fetched_at = k.fetched_at
      WHERE k.workspace_id = $1 AND k.job_id = ANY ($2::text[])`,
    [ctx.target.workspaceId, [...new Set(jobIds)]],
  );
  return rows;
}

/** The prompts of these runs. */
export async function readRunPrompts(
  ctx: ReadScope,
  runIds: readonly string[],
): Promise<Array<Record<string, unknown>>> {
  if (runIds.length === 0) return [];
  const { rows } = await ctx.target.client.query(
    `SELECT run_id, idx, text, prompt_id FROM parallax.run_prompts WHERE workspace_id = $1 AND run_id = ANY ($2::text[])`,
    [ctx.target.workspaceId, [...new Set(runIds)]],
  );
  return rows;
}
