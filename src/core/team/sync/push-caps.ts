import { RECORDED_KINDS, type RecordedKind, type ReplicaRow, type ReplicaTable } from '../../history';
import { valueCap } from '../server';
import type { StepContext } from './context';
import type { Batch, Part } from './push-read';

// A row with a value larger than the team server takes is skipped by a push, named and kept in
// the history's quarantine (`parallax sync quarantine`), and the rest goes: the server refuses
// such a value (schema version 9), and a batch holding one failed whole, and every push after
// it. What depends on a skipped row on the server is skipped with it (a run's prompts, jobs and
// sessions, a job's answer, an answer's pages), and a job whose answer is skipped too, so the
// team never holds a job as answered without its answer.

/** A value's size as the server counts it, about: a text's UTF-8 bytes, bytes as they are. */
function valueBytes(value: ReplicaRow[string] | undefined): number {
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (value instanceof Uint8Array) return value.byteLength;
  if (Array.isArray(value)) return Buffer.byteLength(JSON.stringify(value), 'utf8');
  return 0;
}

const MB = 1024 * 1024;

/** Why the team would refuse this row, or null: its first value over the column's cap. */
export function overCap(table: ReplicaTable, row: ReplicaRow): string | null {
  for (const column of Object.keys(table.columns)) {
    const bytes = valueBytes(row[column]);
    const cap = valueCap(table.table, column);
    if (bytes > cap) {
      return `its ${column} is ${(bytes / MB).toFixed(1)} MB, more than the team takes (${cap / MB} MB)`;
    }
  }
  return null;
}

/** The row's key as the sync names it (its key columns, joined by ':'). */
export function rowKey(table: ReplicaTable, row: ReplicaRow): string {
  return table.key.map((column) => String(row[column])).join(':');
}

/** The skipped rows' keys, by team table, kept for the rest of the push. */
export type Skipped = Map<string, Set<string>>;

function skippedIn(skipped: Skipped, table: string): Set<string> {
  let keys = skipped.get(table);
  if (!keys) skipped.set(table, (keys = new Set()));
  return keys;
}

/** The parent a row of this kind needs on the server: the parent's team table and its key. */
function parentOf(kind: RecordedKind, row: ReplicaRow): Array<[string, string]> {
  switch (kind) {
    case 'run_prompts':
    case 'job':
    case 'session':
      return [['runs', String(row['run_id'])]];
    case 'result':
      return [
        ['runs', String(row['run_id'])],
        ['jobs', String(row['job_id'])],
      ];
    case 'page':
      return [['results', String(row['result_id'])]];
    default:
      return [];
  }
}

/** The name a skipped row goes by: an answer by its id, any other row by its key. */
function nameOf(table: ReplicaTable, row: ReplicaRow): string {
  return table.table === 'results' ? String(row['id']) : rowKey(table, row);
}

/** Names a row not sent in the sync's report and keeps it in the history's quarantine. */
export function notSent(ctx: StepContext, table: string, id: string, reason: string): void {
  ctx.tally.overCap.push({ table, id, reason });
  ctx.store.replica.keepQuarantined('push', [{ table, id, reason }]);
}

/** Names and keeps a skipped row (its reason: over the cap, or its parent skipped). */
function skip(
  ctx: StepContext,
  skipped: Skipped,
  table: ReplicaTable,
  row: ReplicaRow,
  reason: string,
): void {
  const id = nameOf(table, row);
  skippedIn(skipped, table.table).add(id);
  notSent(ctx, table.table, id, reason);
}

/** Why a row is skipped: a value over its cap, or a parent skipped; null when it goes. */
function skipReason(skipped: Skipped, kind: RecordedKind, row: ReplicaRow): string | null {
  const own = overCap(RECORDED_KINDS[kind], row);
  if (own !== null) return own;
  const parent = parentOf(kind, row).find(([table, key]) => skipped.get(table)?.has(key));
  return parent ? `its ${parent[0].replace(/s$/, '')} ${parent[1]} was not sent` : null;
}

/** The rows of a part the server takes, the others skipped. */
function keptRows(
  ctx: StepContext,
  skipped: Skipped,
  kind: RecordedKind,
  rows: readonly ReplicaRow[],
): ReplicaRow[] {
  return rows.filter((row) => {
    const reason = skipReason(skipped, kind, row);
    if (reason !== null) skip(ctx, skipped, RECORDED_KINDS[kind], row, reason);
    return reason === null;
  });
}

/**
 * The batch without the rows the server would refuse and what depends on them. A job batch's
 * answers are looked at first: a job whose answer is skipped is skipped too.
 */
export function withinCaps(ctx: StepContext, skipped: Skipped, kind: RecordedKind, batch: Batch): Batch {
  if (kind !== 'job') return { ...batch, rows: keptRows(ctx, skipped, kind, batch.rows) };
  const bigAnswers = new Set(
    batch.results.rows
      .filter((answer) => overCap(RECORDED_KINDS.result, answer) !== null)
      .map((answer) => String(answer['job_id'])),
  );
  const answered = (job: ReplicaRow): boolean => bigAnswers.has(String(job['id']));
  for (const job of batch.rows.filter(answered)) {
    skip(ctx, skipped, RECORDED_KINDS.job, job, 'its answer is more than the team takes');
  }
  const rows = keptRows(
    ctx,
    skipped,
    'job',
    batch.rows.filter((job) => !answered(job)),
  );
  const results: Part = { ...batch.results, rows: keptRows(ctx, skipped, 'result', batch.results.rows) };
  return { ...batch, rows, results };
}
