import type Database from 'better-sqlite3';
import { pluck, stmt } from '../connection';
import { CONFIG_KIND_NAMES, RECORDED_KIND_NAMES, type SyncKind } from './columns';

// The outbox (migration 016, team-sync): what changed here and is not on the team server yet. Triggers
// fill it while meta holds 'sync.capture'; a push reads it kind by kind in id order and clears
// what it sent.

/** One object to send: its kind, its local key, and whether it was deleted here. */
export interface OutboxEntry {
  id: number;
  kind: SyncKind;
  key: string;
  /** How many times it changed since it was enqueued (an entry touched while being sent stays). */
  touched: number;
  deleted: boolean;
}

export interface OutboxApi {
  /** Whether this history records its changes for a team (since its first sync). */
  capturing(): boolean;
  /**
   * Starts recording changes, enqueueing every object the history already holds (runs before
   * their jobs, jobs before their results), once: returns how many were enqueued (0 when it was
   * already recording).
   */
  startCapture(): number;
  /** The newest entry's id (a push sends the entries up to it, so it ends). */
  outboxHead(): number;
  /** Up to `limit` entries of a kind with afterId < id <= upTo, oldest first. */
  pendingChanges(kind: SyncKind, afterId: number, upTo: number, limit: number): OutboxEntry[];
  /** Entries of several keys of a kind (a pull checks for local edits not sent yet). */
  pendingFor(kind: SyncKind, keys: readonly string[]): Map<string, OutboxEntry>;
  /**
   * The result entries waiting for these jobs, whatever their place in the outbox: a push sends
   * them in the job batch's transaction, so the team never holds an answered job without its answer.
   */
  pendingResultsOf(jobIds: readonly string[]): Array<OutboxEntry & { jobId: string }>;
  /** Removes the entries sent, each only if it was not touched since it was read. */
  clearSent(entries: readonly OutboxEntry[]): void;
  /** Entries waiting, per kind (kinds with none left out). */
  pendingCounts(): Partial<Record<SyncKind, number>>;
}

interface EntryRow {
  id: number;
  kind: SyncKind;
  key: string;
  touched: number;
  deleted: number;
}

const toEntry = (row: EntryRow): OutboxEntry => ({ ...row, deleted: row.deleted === 1 });

/** Every object already in the history, as outbox rows, in the order a push needs them. */
const ENQUEUE_EXISTING = [
  "SELECT 'brand', id FROM brands",
  "SELECT 'prompt', id FROM prompts",
  "SELECT 'prompt_set', id FROM prompt_sets",
  "SELECT 'monitor', id FROM monitors",
  "SELECT 'monitor_options', monitor_id FROM monitor_options",
  "SELECT 'tag', name FROM tags",
  "SELECT 'discovery', key FROM disc_decisions",
  "SELECT 'setting', key FROM settings",
  "SELECT 'run', id FROM runs ORDER BY created_at, id",
  "SELECT DISTINCT 'run_prompts', run_id FROM run_prompts",
  "SELECT 'job', id FROM jobs",
  "SELECT 'result', id FROM results ORDER BY seq",
  "SELECT 'page', result_seq || ':' || page_index FROM page_archive WHERE state IN ('archived', 'failed')",
  "SELECT 'session', id FROM run_sessions ORDER BY id",
];

export const CAPTURE_META = 'sync.capture';

export function createOutboxApi(db: Database.Database): OutboxApi {
  const capturing = (): boolean =>
    pluck(db, 'SELECT 1 FROM meta WHERE key = ?').get(CAPTURE_META) !== undefined;

  const startCapture = db.transaction((): number => {
    if (capturing()) return 0;
    let enqueued = 0;
    for (const select of ENQUEUE_EXISTING) {
      enqueued += stmt(db, `INSERT OR IGNORE INTO sync_outbox (kind, key) ${select}`).run().changes;
    }
    stmt(db, 'INSERT INTO meta (key, value) VALUES (?, ?)').run(CAPTURE_META, '1');
    return enqueued;
  });

  return {
    capturing,
    startCapture: () => startCapture.immediate(),
    outboxHead: () => (pluck(db, 'SELECT max(id) FROM sync_outbox').get() as number | null) ?? 0,
    pendingChanges(kind, afterId, upTo, limit) {
      return (
        stmt(db, 'SELECT * FROM sync_outbox WHERE kind = ? AND id > ? AND id <= ? ORDER BY id LIMIT ?').all(
          kind,
          afterId,
          upTo,
          limit,
        ) as EntryRow[]
      ).map(toEntry);
    },
    pendingFor(kind, keys) {
      const rows = stmt(
        db,
        'SELECT * FROM sync_outbox WHERE kind = ? AND key IN (SELECT value FROM json_each(?))',
      ).all(kind, JSON.stringify(keys)) as EntryRow[];
      return new Map(rows.map((row) => [row.key, toEntry(row)]));
    },
    pendingResultsOf(jobIds) {
      const rows = stmt(
        db,
        // CROSS JOIN keeps this order (the jobs given, their answer, its entry), each step one
        // index look-up; the planner would otherwise walk every result entry of the outbox.
        `SELECT o.*, r.job_id AS jobId FROM json_each(?) j
           CROSS JOIN results r ON r.job_id = j.value
           CROSS JOIN sync_outbox o ON o.kind = 'result' AND o.key = r.id
         ORDER BY o.id`,
      ).all(JSON.stringify(jobIds)) as Array<EntryRow & { jobId: string }>;
      return rows.map((row) => ({ ...toEntry(row), jobId: row.jobId }));
    },
    clearSent: db.transaction((entries: readonly OutboxEntry[]) => {
      const clear = stmt(db, 'DELETE FROM sync_outbox WHERE id = ? AND touched = ?');
      for (const entry of entries) clear.run(entry.id, entry.touched);
    }),
    pendingCounts() {
      const rows = stmt(db, 'SELECT kind, count(*) AS n FROM sync_outbox GROUP BY kind').all() as Array<{
        kind: SyncKind;
        n: number;
      }>;
      return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
    },
  };
}

/** Every kind, configuration first (the order a sync goes through them). */
export const SYNC_KINDS: readonly SyncKind[] = [...CONFIG_KIND_NAMES, ...RECORDED_KIND_NAMES];
