import { setImmediate } from 'node:timers/promises';
import type { OutboxEntry, RecordedKind, ReplicaRow } from '../../history';
import type { StepContext } from './context';

// Reading a push's next batch from the history's outbox: its entries, the rows they name, and
// (a job batch) its jobs' answers. A batch is bounded twice: by rows (the statement's size on a
// normal day) and by weight, what its rows put into the statement's parameters. A batch's column
// is one array value, and PostgreSQL refuses a value over 1 GB: capped by rows alone, a batch of
// archived pages or very long answers failed on every retry, and a failed batch holds back
// everything after it in the outbox.

/** What a batch's rows may weigh together (about 64 MB) unless one row alone weighs more. */
export const PUSH_BATCH_WEIGHT = 64 * 1024 * 1024;

/** Some entries of the outbox with the rows they name, read here. */
export interface Part {
  entries: OutboxEntry[];
  rows: ReplicaRow[];
}

/** A batch of a kind's outbox, with the runs it deletes and (a job batch) its jobs' answers. */
export interface Batch extends Part {
  tombstones: string[];
  results: Part;
}

/** Rows of a batch, answers a job batch may carry, and what they may weigh. */
export interface BatchSize {
  rows: number;
  results: number;
  weight: number;
}

function readRows(ctx: StepContext, kind: RecordedKind, keys: string[]): ReplicaRow[] {
  const replica = ctx.store.replica;
  switch (kind) {
    case 'run':
      return replica.readRuns(keys);
    case 'run_prompts':
      return replica.readRunPrompts(keys);
    case 'job':
      return replica.readJobs(keys);
    case 'result':
      return replica.readResults(keys);
    case 'page':
      return replica.readPages(keys);
    case 'session':
      return replica.readSessions(keys);
  }
}

/**
 * What a row puts into a statement's parameters, about: a text by its length (UTF-16 units; its
 * UTF-8 bytes in the binary array, as many for the ASCII most of it is), bytes as they are.
 */
export function rowWeight(row: ReplicaRow): number {
  let weight = 0;
  for (const value of Object.values(row)) {
    if (typeof value === 'string') weight += value.length;
    else if (value instanceof Uint8Array) weight += value.byteLength;
    else if (Array.isArray(value)) for (const item of value) weight += item.length + 3;
    else weight += 8;
  }
  return weight;
}

/** Entries read between two turns of the event loop, so a batch being sent keeps flowing meanwhile. */
const READ_SLICE = 50;

const liveKeys = (entries: readonly OutboxEntry[]): string[] =>
  entries.filter((e) => !e.deleted).map((e) => e.key);

const weighed = (rows: readonly ReplicaRow[]): number => rows.reduce((sum, row) => sum + rowWeight(row), 0);

/**
 * The rows of the first of these entries whose rows weigh `weight` at most together (always the
 * first entry's, whatever it weighs), read in slices so a batch being sent keeps flowing
 * meanwhile. A slice that would pass the weight is read again entry by entry: rare (answers or
 * pages of megabytes), and the only way to know which of its entries still fit.
 */
async function readWithin(
  ctx: StepContext,
  kind: RecordedKind,
  entries: readonly OutboxEntry[],
  weight: number,
): Promise<{ taken: number; rows: ReplicaRow[] }> {
  const rows: ReplicaRow[] = [];
  let carried = 0;
  let taken = 0;
  let slice = READ_SLICE;
  while (taken < entries.length) {
    const part = entries.slice(taken, taken + slice);
    const keys = liveKeys(part);
    const partRows = keys.length > 0 ? readRows(ctx, kind, keys) : [];
    const partWeight = weighed(partRows);
    if (carried + partWeight > weight && taken > 0 && part.length === 1) break;
    if (carried + partWeight > weight && part.length > 1) {
      slice = 1;
      continue;
    }
    rows.push(...partRows);
    carried += partWeight;
    taken += part.length;
    if (carried >= weight) break;
    // The batch before this one is on its way to the server: let its bytes go out.
    if (taken < entries.length) await setImmediate();
  }
  return { taken, rows };
}

/**
 * The first job entries whose answers waiting in the outbox number `cap` at most (answers are
 * ~5 KB each: a job batch's statements stay as large as a results batch's).
 */
function withinCap(ctx: StepContext, entries: readonly OutboxEntry[], cap: number): OutboxEntry[] {
  const answered = new Set(ctx.store.replica.pendingResultsOf(entries.map((e) => e.key)).map((e) => e.jobId));
  let carried = 0;
  let kept = 0;
  for (const entry of entries) {
    carried += answered.has(entry.key) ? 1 : 0;
    if (kept > 0 && carried > cap) break;
    kept += 1;
  }
  return entries.slice(0, kept);
}

/**
 * A job batch with the answers of its jobs waiting in the outbox, looked up once the jobs were
 * read: a job read as answered had its answer stored with it (one local transaction), so the
 * answer is found even if it was recorded after this push began. The answers are read in their
 * jobs' order; when they pass the batch's weight, the batch ends before the first job whose
 * answer did not fit, so no job goes without its answer.
 */
async function readJobBatch(ctx: StepContext, candidates: OutboxEntry[], size: BatchSize): Promise<Batch> {
  let entries = withinCap(ctx, candidates, size.results);
  const position = new Map(entries.map((e, i) => [e.key, i]));
  const answers = ctx.store.replica
    .pendingResultsOf(entries.map((e) => e.key))
    .sort((a, b) => (position.get(a.jobId) ?? 0) - (position.get(b.jobId) ?? 0));
  const within = await readWithin(ctx, 'result', answers, size.weight);
  const leftOut = answers[within.taken];
  if (leftOut) entries = entries.slice(0, position.get(leftOut.jobId));
  const results = answers.slice(0, within.taken).map(({ jobId: _job, ...entry }) => entry);
  const jobs = await readWithin(ctx, 'job', entries, Number.POSITIVE_INFINITY);
  return { entries, rows: jobs.rows, tombstones: [], results: { entries: results, rows: within.rows } };
}

/** The next batch of a kind's outbox after entry `after` (null when none is left), with its rows. */
export async function readBatch(
  ctx: StepContext,
  kind: RecordedKind,
  after: number,
  head: number,
  size: BatchSize,
): Promise<Batch | null> {
  const candidates = ctx.store.replica.pendingChanges(kind, after, head, size.rows);
  if (candidates.length === 0) return null;
  if (kind === 'job') return readJobBatch(ctx, candidates, size);
  const { taken, rows } = await readWithin(ctx, kind, candidates, size.weight);
  const entries = candidates.slice(0, taken);
  const tombstones = kind === 'run' ? entries.filter((e) => e.deleted).map((e) => e.key) : [];
  return { entries, rows, tombstones, results: { entries: [], rows: [] } };
}
