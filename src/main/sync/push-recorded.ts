import { setImmediate } from 'node:timers/promises';
import {
  RECORDED_KIND_NAMES,
  RECORDED_KINDS,
  type OutboxEntry,
  type RecordedKind,
  type ReplicaRow,
  type ReplicaTable,
} from '../store';
import { checkCanceled } from './errors';
import { add, advance, timed, type StepContext } from './context';
import { setAll, upsertParams, upsertSql, type UpsertOptions } from './team-sql';

// Pushing what was recorded here (runs, their prompts, jobs, results, pages, credit sessions),
// kind by kind in that order (a job's run is on the server before the job), in batches: each
// batch is one multi-row upsert in one server transaction, then its outbox entries are cleared
// here. A job batch carries the answers of its jobs still in the outbox, written in the SAME
// transaction after the jobs (a result's row refers to its job's, so it cannot go first): the
// team never holds a job as answered without its answer, whoever reads it and wherever a push
// is cut. The results' own pass then sends only what no job batch carried (an answer fetched
// again, a job already on the team). A batch cut half-way (a kill, the server gone) is rolled
// back there and still in the outbox here; sent again, it changes nothing twice (every
// statement is ON CONFLICT on the row's key). Recorded rows only move forward on the server: a
// stale retry never overwrites a later version (updated_at), an archived page is never
// replaced by a failure, a tombstone stays.

const UPSERTS: Record<RecordedKind, UpsertOptions> = {
  run: {
    update: setAll(RECORDED_KINDS.run, ['created_at']),
    where: 'parallax.runs.updated_at <= excluded.updated_at',
  },
  run_prompts: {},
  job: { update: setAll(RECORDED_KINDS.job), where: 'parallax.jobs.updated_at <= excluded.updated_at' },
  // Same id and fetch time: the same answer.
  result: {},
  page: {
    update: setAll(RECORDED_KINDS.page),
    where: "parallax.pages.state <> 'archived' OR excluded.state = 'archived'",
  },
  session: {
    update: setAll(RECORDED_KINDS.session),
    where: 'parallax.credit_sessions.reconciled_at IS NULL',
  },
};

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

/** The rows of a kind an upsert writes (results: their months' partitions exist already, below). */
async function writeRows(ctx: StepContext, kind: RecordedKind, rows: readonly ReplicaRow[]): Promise<void> {
  if (rows.length === 0) return;
  const { client, workspaceId } = ctx.target;
  const table: ReplicaTable = RECORDED_KINDS[kind];
  await client.query(upsertSql(table, UPSERTS[kind]), upsertParams(table, workspaceId, rows));
}

/**
 * The partitions of the months these answers were fetched in, made where missing, in a statement
 * of its own before the batch's transaction. Attaching a month locks the jobs table (the
 * results' foreign key refers to it) against the job inserts of other pushes' open batches; made
 * inside this batch's transaction, after its own jobs, two pushes that both needed a new month
 * each waited for the other (one creating it, the other queued for its lock): PostgreSQL broke the
 * deadlock by failing one, the retry met the next push the same way, and 8 runners starting a
 * new month pushed nothing for minutes (tests/integration/sync/month-partitions.test.ts).
 */
async function ensureMonths(ctx: StepContext, answers: readonly ReplicaRow[]): Promise<void> {
  if (answers.length === 0) return;
  const times = answers.map((r) => Number(r['fetched_at']));
  await ctx.target.client.query('SELECT parallax.ensure_result_months($1, $2)', [
    Math.min(...times),
    Math.max(...times),
  ]);
}

/** Some entries of the outbox with the rows they name, read here. */
interface Part {
  entries: OutboxEntry[];
  rows: ReplicaRow[];
}

/** A batch of a kind's outbox, with the runs it deletes and (a job batch) its jobs' answers. */
interface Batch extends Part {
  tombstones: string[];
  results: Part;
}

async function sendBatch(ctx: StepContext, kind: RecordedKind, batch: Batch): Promise<void> {
  const { client, workspaceId } = ctx.target;
  await ensureMonths(ctx, kind === 'result' ? [...batch.rows, ...batch.results.rows] : batch.results.rows);
  await client.transaction(async () => {
    await writeRows(ctx, kind, batch.rows);
    // After the jobs they refer to, before the commit that shows those jobs answered.
    await writeRows(ctx, 'result', batch.results.rows);
    if (batch.tombstones.length > 0) {
      await client.query(
        `UPDATE parallax.runs SET deleted_at = $3 WHERE workspace_id = $1 AND id = ANY ($2::text[])
           AND deleted_at IS NULL`,
        [workspaceId, batch.tombstones, Date.now()],
      );
    }
  });
}

/** Keys read between two turns of the event loop, so a batch being sent keeps flowing meanwhile. */
const READ_SLICE = 50;

/** The rows these keys name, read in slices so a batch being sent keeps flowing meanwhile. */
async function readKeys(
  ctx: StepContext,
  kind: RecordedKind,
  keys: readonly string[],
): Promise<ReplicaRow[]> {
  const rows: ReplicaRow[] = [];
  for (let at = 0; at < keys.length; at += READ_SLICE) {
    rows.push(...readRows(ctx, kind, keys.slice(at, at + READ_SLICE)));
    // The batch before this one is on its way to the server: let its bytes go out.
    if (at + READ_SLICE < keys.length) await setImmediate();
  }
  return rows;
}

const liveKeys = (entries: readonly OutboxEntry[]): string[] =>
  entries.filter((e) => !e.deleted).map((e) => e.key);

/**
 * The first job entries whose answers waiting in the outbox stay within `cap` (answers are ~5 KB
 * each: a job batch's statements stay as large as a results batch's).
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
 * answer is found even if it was recorded after this push began.
 */
async function readJobBatch(ctx: StepContext, candidates: OutboxEntry[], cap: number): Promise<Batch> {
  const entries = withinCap(ctx, candidates, cap);
  const rows = await readKeys(ctx, 'job', liveKeys(entries));
  const results: OutboxEntry[] = ctx.store.replica
    .pendingResultsOf(entries.map((e) => e.key))
    .map(({ jobId: _job, ...entry }) => entry);
  return {
    entries,
    rows,
    tombstones: [],
    results: { entries: results, rows: await readKeys(ctx, 'result', liveKeys(results)) },
  };
}

/** The next batch of a kind's outbox after entry `after` (null when none is left), with its rows. */
async function readBatch(
  ctx: StepContext,
  kind: RecordedKind,
  after: number,
  head: number,
  size: BatchSize,
): Promise<Batch | null> {
  const entries = ctx.store.replica.pendingChanges(kind, after, head, size.rows);
  if (entries.length === 0) return null;
  if (kind === 'job') return readJobBatch(ctx, entries, size.results);
  const rows = await readKeys(ctx, kind, liveKeys(entries));
  const tombstones = kind === 'run' ? entries.filter((e) => e.deleted).map((e) => e.key) : [];
  return { entries, rows, tombstones, results: { entries: [], rows: [] } };
}

/** Rows of a batch, and answers a job batch may carry. */
interface BatchSize {
  rows: number;
  results: number;
}

/**
 * Sends a kind's outbox batch by batch, reading the next batch here while the server writes
 * the one before (a result's read here costs about what its write there does). Each batch's
 * entries are cleared only once the server committed it.
 */
async function pushKind(ctx: StepContext, kind: RecordedKind, head: number): Promise<void> {
  const large = Math.max(50, ctx.tuning.pushBatch / 4);
  const size: BatchSize = {
    rows: kind === 'result' || kind === 'page' ? large : ctx.tuning.pushBatch,
    results: large,
  };
  let batch = await timed(ctx, 'pushRead', () => readBatch(ctx, kind, 0, head, size));
  while (batch) {
    checkCanceled(ctx.options.signal);
    const current: Batch = batch;
    const sending = sendBatch(ctx, kind, current);
    // Awaited below; a failed read-ahead must not leave it unobserved.
    sending.catch(() => undefined);
    const next = await timed(ctx, 'pushRead', () =>
      readBatch(ctx, kind, (current.entries.at(-1) as OutboxEntry).id, head, size),
    );
    await timed(ctx, 'pushSend', () => sending);
    ctx.store.replica.clearSent([...current.entries, ...current.results.entries]);
    add(ctx.tally.pushed, kind, current.rows.length + current.tombstones.length);
    add(ctx.tally.pushed, 'result', current.results.rows.length);
    await advance(ctx, 'push', kind, current.entries.length + current.results.entries.length);
    batch = next;
  }
}

/** Sends every recorded change enqueued up to `head` (the outbox's head when the sync began). */
export async function pushRecorded(ctx: StepContext, head: number): Promise<void> {
  for (const kind of RECORDED_KIND_NAMES) await pushKind(ctx, kind, head);
}
