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

async function pushKind(ctx: StepContext, kind: RecordedKind, head: number): Promise<void> {
  const batch =
    kind === 'result' || kind === 'page' ? Math.max(50, ctx.tuning.pushBatch / 4) : ctx.tuning.pushBatch;
  let after = 0;
  for (;;) {
    checkCanceled(ctx.options.signal);
    const entries: OutboxEntry[] = ctx.store.replica.pendingChanges(kind, after, head, batch);
    if (entries.length === 0) return;
    after = (entries.at(-1) as OutboxEntry).id;
    const live = entries.filter((e) => !e.deleted).map((e) => e.key);
    const tombstones = kind === 'run' ? entries.filter((e) => e.deleted).map((e) => e.key) : [];
    const rows = await timed(ctx, 'pushRead', () => readRows(ctx, kind, live));
    await timed(ctx, 'pushSend', () => sendBatch(ctx, kind, rows, tombstones));
    ctx.store.replica.clearSent(entries);
    add(ctx.tally.pushed, kind, rows.length + tombstones.length);
    await advance(ctx, 'push', kind, entries.length);
  }
}

/** Sends every recorded change enqueued up to `head` (the outbox's head when the sync began). */
export async function pushRecorded(ctx: StepContext, head: number): Promise<void> {
  for (const kind of RECORDED_KIND_NAMES) await pushKind(ctx, kind, head);
}
