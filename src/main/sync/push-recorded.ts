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
// here. A batch cut half-way (a kill, the server gone) is rolled back there and still in the
// outbox here; sent again, it changes nothing twice (every statement is ON CONFLICT on the
// row's key). Recorded rows only move forward on the server: a stale retry never overwrites a
// later version (updated_at), an archived page is never replaced by a failure, a tombstone
// stays.

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

async function sendBatch(
  ctx: StepContext,
  kind: RecordedKind,
  rows: ReplicaRow[],
  tombstones: string[],
): Promise<void> {
  const { client, workspaceId } = ctx.target;
  const table: ReplicaTable = RECORDED_KINDS[kind];
  await client.transaction(async () => {
    if (kind === 'result' && rows.length > 0) {
      const times = rows.map((r) => Number(r['fetched_at']));
      await client.query('SELECT parallax.ensure_result_months($1, $2)', [
        Math.min(...times),
        Math.max(...times),
      ]);
    }
    if (rows.length > 0) {
      await client.query(upsertSql(table, UPSERTS[kind]), upsertParams(table, workspaceId, rows));
    }
    if (tombstones.length > 0) {
      await client.query(
        `UPDATE parallax.runs SET deleted_at = $3 WHERE workspace_id = $1 AND id = ANY ($2::text[])
           AND deleted_at IS NULL`,
        [workspaceId, tombstones, Date.now()],
      );
    }
  });
}

/** A batch of the outbox with the rows it names, read here. */
interface Batch {
  entries: OutboxEntry[];
  rows: ReplicaRow[];
  tombstones: string[];
}

/** Keys read between two turns of the event loop, so a batch being sent keeps flowing meanwhile. */
const READ_SLICE = 50;

/** The next batch of a kind's outbox after entry `after` (null when none is left), with its rows. */
async function readBatch(
  ctx: StepContext,
  kind: RecordedKind,
  after: number,
  head: number,
  size: number,
): Promise<Batch | null> {
  const entries = ctx.store.replica.pendingChanges(kind, after, head, size);
  if (entries.length === 0) return null;
  const live = entries.filter((e) => !e.deleted).map((e) => e.key);
  const tombstones = kind === 'run' ? entries.filter((e) => e.deleted).map((e) => e.key) : [];
  const rows: ReplicaRow[] = [];
  for (let at = 0; at < live.length; at += READ_SLICE) {
    rows.push(...readRows(ctx, kind, live.slice(at, at + READ_SLICE)));
    // The batch before this one is on its way to the server: let its bytes go out.
    if (at + READ_SLICE < live.length) await setImmediate();
  }
  return { entries, rows, tombstones };
}

/**
 * Sends a kind's outbox batch by batch, reading the next batch here while the server writes
 * the one before (a result's read here costs about what its write there does). Each batch's
 * entries are cleared only once the server committed it.
 */
async function pushKind(ctx: StepContext, kind: RecordedKind, head: number): Promise<void> {
  const size =
    kind === 'result' || kind === 'page' ? Math.max(50, ctx.tuning.pushBatch / 4) : ctx.tuning.pushBatch;
  let batch = await timed(ctx, 'pushRead', () => readBatch(ctx, kind, 0, head, size));
  while (batch) {
    checkCanceled(ctx.options.signal);
    const current: Batch = batch;
    const sending = sendBatch(ctx, kind, current.rows, current.tombstones);
    // Awaited below; a failed read-ahead must not leave it unobserved.
    sending.catch(() => undefined);
    const next = await timed(ctx, 'pushRead', () =>
      readBatch(ctx, kind, (current.entries.at(-1) as OutboxEntry).id, head, size),
    );
    await timed(ctx, 'pushSend', () => sending);
    ctx.store.replica.clearSent(current.entries);
    add(ctx.tally.pushed, kind, current.rows.length + current.tombstones.length);
    await advance(ctx, 'push', kind, current.entries.length);
    batch = next;
  }
}

/** Sends every recorded change enqueued up to `head` (the outbox's head when the sync began). */
export async function pushRecorded(ctx: StepContext, head: number): Promise<void> {
  for (const kind of RECORDED_KIND_NAMES) await pushKind(ctx, kind, head);
}
