import {
  RECORDED_KIND_NAMES,
  RECORDED_KINDS,
  type OutboxEntry,
  type RecordedKind,
  type ReplicaRow,
  type ReplicaTable,
} from '../../history';
import { TeamError } from '../server';
import { checkCanceled } from './errors';
import { add, advance, timed, type StepContext } from './context';
import { withinCaps, type Skipped } from './push-caps';
import { PUSH_BATCH_WEIGHT, readBatch, type Batch, type BatchSize } from './push-read';
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

/** The rows of a kind an upsert writes (results: their months' partitions exist already, below). */
async function writeRows(ctx: StepContext, kind: RecordedKind, rows: readonly ReplicaRow[]): Promise<void> {
  if (rows.length === 0) return;
  const { client, workspaceId } = ctx.target;
  const table: ReplicaTable = RECORDED_KINDS[kind];
  await client.query(upsertSql(table, UPSERTS[kind]), upsertParams(table, workspaceId, rows));
}

/** The first instant (ms, UTC) of each month these answers were fetched in, once each. */
function monthsOf(answers: readonly ReplicaRow[]): number[] {
  const months = new Set<number>();
  for (const row of answers) {
    const at = new Date(Number(row['fetched_at']));
    months.add(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  }
  return [...months];
}

/**
 * SQLSTATEs of a month not made that the push goes on past: the team's cap of months reached
 * (54000), or the creators' lock not had within the session's lock_timeout (55P03: another
 * session holds it, a teammate's transaction left open included). The answers are stored all
 * the same, in the default partition, and a later push makes their month.
 */
const MONTH_NOT_MADE = new Set(['54000', '55P03']);

/**
 * The partitions of the months these answers were fetched in, made where missing, in a statement
 * of its own before the batch's transaction. Attaching a month locks the jobs table (the
 * results' foreign key refers to it) against the job inserts of other pushes' open batches; made
 * inside this batch's transaction, after its own jobs, two pushes that both needed a new month
 * each waited for the other (one creating it, the other queued for its lock): PostgreSQL broke the
 * deadlock by failing one, the retry met the next push the same way, and 8 runners starting a
 * new month pushed nothing for minutes (tests/integration/sync/month-partitions.test.ts). The
 * server makes only the months near the present, within the team's cap (schema version 6).
 */
async function ensureMonths(ctx: StepContext, answers: readonly ReplicaRow[]): Promise<void> {
  if (answers.length === 0) return;
  try {
    await ctx.target.client.query('SELECT parallax.ensure_result_months($1::bigint[])', [monthsOf(answers)]);
  } catch (error) {
    if (!(error instanceof TeamError) || !MONTH_NOT_MADE.has(error.sqlstate ?? '')) throw error;
  }
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

/**
 * Sends a kind's outbox batch by batch, reading the next batch here while the server writes
 * the one before (a result's read here costs about what its write there does). Each batch's
 * entries are cleared only once the server committed it.
 */
async function pushKind(ctx: StepContext, kind: RecordedKind, head: number, skipped: Skipped): Promise<void> {
  const large = Math.max(50, ctx.tuning.pushBatch / 4);
  const size: BatchSize = {
    rows: kind === 'result' || kind === 'page' ? large : ctx.tuning.pushBatch,
    results: large,
    weight: ctx.tuning.pushWeight ?? PUSH_BATCH_WEIGHT,
  };
  let batch = await timed(ctx, 'pushRead', () => readBatch(ctx, kind, 0, head, size));
  while (batch) {
    checkCanceled(ctx.options.signal);
    const current: Batch = batch;
    // Every entry is cleared below; a row the team would refuse is named and kept instead of sent.
    const sent = withinCaps(ctx, skipped, kind, current);
    const sending = sendBatch(ctx, kind, sent);
    // Awaited below; a failed read-ahead must not leave it unobserved.
    sending.catch(() => undefined);
    const next = await timed(ctx, 'pushRead', () =>
      readBatch(ctx, kind, (current.entries.at(-1) as OutboxEntry).id, head, size),
    );
    await timed(ctx, 'pushSend', () => sending);
    ctx.store.replica.clearSent([...current.entries, ...current.results.entries]);
    add(ctx.tally.pushed, kind, sent.rows.length + sent.tombstones.length);
    add(ctx.tally.pushed, 'result', sent.results.rows.length);
    await advance(ctx, 'push', kind, current.entries.length + current.results.entries.length);
    batch = next;
  }
}

/** Sends every recorded change enqueued up to `head` (the outbox's head when the sync began). */
export async function pushRecorded(ctx: StepContext, head: number): Promise<void> {
  const skipped: Skipped = new Map();
  for (const kind of RECORDED_KIND_NAMES) await pushKind(ctx, kind, head, skipped);
}
