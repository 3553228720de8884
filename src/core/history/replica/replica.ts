import { randomUUID } from 'node:crypto';
import type { ResultsApi } from '../answers';
import { pluck, stmt, type StoreContext } from '../connection';
import { createConfigRows, type ConfigStoreDeps } from './config-rows';
import { createConfigReplicaApi, type ConfigReplicaApi } from './config-sync';
import { CAPTURE_META, createOutboxApi, type OutboxApi } from './outbox';
import {
  CarefulRetry,
  createRecordedApplyApi,
  type ApplyMode,
  type RecordedApplyApi,
} from './recorded-apply';
import { createQuarantineApi, type QuarantineApi } from './quarantine';
import { createRecordedReadApi, type RecordedReadApi } from './recorded-read';
import { createRunPromptsApi, type RunPromptsApi } from './run-prompts';

// The history as a replica of a team's PostgreSQL history (src/core/team/sync drives it): the outbox
// of local changes, the rows a push sends, the team's rows a pull applies, the pull cursors,
// the configuration versions and drafts.

/** Where a pull of one team table stands: the (xid, seq) of the last row applied. */
export interface ReplicaCursor {
  xid: string;
  seq: string;
}

export interface ReplicaApi
  extends OutboxApi, RecordedReadApi, RecordedApplyApi, ConfigReplicaApi, QuarantineApi, RunPromptsApi {
  /**
   * Runs fn in one transaction in which nothing written is recorded for the team: what a pull
   * applies is not sent back. Committed when fn returns, rolled back when it throws. The apply
   * calls in fn write without savepoints; when one refuses a row, fn is rolled back and run
   * again with each row in a savepoint of its own (fn must be safe to run twice: no side
   * effects outside the history before it returns).
   */
  applying<T>(fn: () => T): T;
  cursor(teamTable: string): ReplicaCursor | null;
  /** Inside applying(), with the rows it applied, so a cut pull resumes after them. */
  setCursor(teamTable: string, cursor: ReplicaCursor): void;
  /** Pulls start over for these tables (a wider window). */
  resetCursors(teamTables: readonly string[]): void;
  /**
   * Deletes runs that came from the team and were created before `before` (they stay on the
   * team server), up to `limit`: a history synced with a window keeps its size. Returns how many.
   */
  trimPulledRuns(before: number, limit: number): number;
  /** This history's id on the team (who wrote a row), made at the first call. */
  origin(): string;
  /**
   * Makes this history a desktop of its own after its file was copied from another (a workspace
   * seed): a new origin, so neither pull skips the other's rows as its own. Returns false (and
   * changes nothing) if it holds local work (localWork), which only the other could send.
   */
  becomeNewDesktop(): boolean;
  /** Changes waiting to be sent and drafts of lost conflicts: what only this history holds. */
  localWork(): number;
  /** How many answers this history holds. */
  answerCount(): number;
  /**
   * A run copied from the team that this history now drives (a runner took it over from one
   * that died): no longer "driven elsewhere", so it is resumed, checked and pushed from here.
   */
  adoptRun(runId: string): void;
  /**
   * Settings for a large pull on this connection until the returned function is called (it
   * restores the ones before): a page cache of `cacheMebibytes`, so the index writes find their
   * pages in memory instead of reading them back from a file larger than the usual cache; and a
   * WAL file kept at its size between checkpoints instead of trimmed to 64 MB, since each of a
   * large history's commits writes hundreds of megabytes of pages that the file would otherwise
   * grow back to, block by block, every time.
   */
  widenForLargePull(cacheMebibytes: number): () => void;
}

export interface ReplicaDeps extends ConfigStoreDeps {
  results: ResultsApi;
  deleteRun: (runId: string) => boolean;
}

const ORIGIN_META = 'sync.origin';

export function createReplicaApi(ctx: StoreContext, deps: ReplicaDeps): ReplicaApi {
  const { db } = ctx;
  const outbox = createOutboxApi(db);
  const config = createConfigReplicaApi(db, { rows: createConfigRows(db, deps), outbox, now: ctx.now });
  const mode: ApplyMode = { careful: false };
  const apply = createRecordedApplyApi(db, { results: deps.results, deleteRun: deps.deleteRun }, mode);

  const applying = db.transaction(<T>(fn: () => T): T => {
    const capturing = stmt(db, 'DELETE FROM meta WHERE key = ?').run(CAPTURE_META).changes > 0;
    const value = fn();
    if (capturing) stmt(db, 'INSERT INTO meta (key, value) VALUES (?, ?)').run(CAPTURE_META, '1');
    return value;
  });

  /** Changes waiting to be sent, and drafts. */
  function localWork(): number {
    const pending = Object.values(outbox.pendingCounts()).reduce((sum: number, n) => sum + (n ?? 0), 0);
    return pending + config.listDrafts().length;
  }

  return {
    ...outbox,
    ...createRecordedReadApi(db),
    ...apply,
    ...createQuarantineApi(db, ctx.now),
    ...createRunPromptsApi(db),
    ...config,
    applying<T>(fn: () => T): T {
      try {
        return applying.immediate(fn) as T;
      } catch (error) {
        // Rolled back: ids cached by ingest in it may name rows that are gone.
        deps.results.forgetCaches();
        if (!(error instanceof CarefulRetry) || mode.careful) throw error;
      }
      // A row of it was refused: again, each row in a savepoint, only the refused ones left out.
      mode.careful = true;
      try {
        return applying.immediate(fn) as T;
      } finally {
        mode.careful = false;
      }
    },
    cursor(teamTable) {
      return (
        (stmt(db, 'SELECT xid, seq FROM sync_cursors WHERE team_table = ?').get(teamTable) as
          ReplicaCursor | undefined) ?? null
      );
    },
    setCursor(teamTable, cursor) {
      stmt(
        db,
        `INSERT INTO sync_cursors (team_table, xid, seq) VALUES (?, ?, ?)
         ON CONFLICT (team_table) DO UPDATE SET xid = excluded.xid, seq = excluded.seq`,
      ).run(teamTable, cursor.xid, cursor.seq);
    },
    resetCursors(teamTables) {
      stmt(db, 'DELETE FROM sync_cursors WHERE team_table IN (SELECT value FROM json_each(?))').run(
        JSON.stringify(teamTables),
      );
    },
    trimPulledRuns(before, limit) {
      const ids = pluck(
        db,
        `SELECT r.id FROM sync_pulled_runs p JOIN runs r ON r.id = p.run_id
         WHERE r.created_at < ? ORDER BY r.created_at LIMIT ?`,
      ).all(before, limit) as string[];
      return applying.immediate(() => ids.filter((id) => deps.deleteRun(id)).length) as number;
    },
    widenForLargePull(cacheMebibytes) {
      const cacheBefore = db.pragma('cache_size', { simple: true }) as number;
      const walLimitBefore = db.pragma('journal_size_limit', { simple: true }) as number;
      db.pragma(`cache_size = ${-Math.round(cacheMebibytes * 1024)}`);
      db.pragma('journal_size_limit = -1');
      return () => {
        db.pragma(`cache_size = ${cacheBefore}`);
        // The next checkpoint that resets the WAL trims it back to this limit.
        db.pragma(`journal_size_limit = ${walLimitBefore}`);
      };
    },
    adoptRun(runId) {
      stmt(db, 'DELETE FROM sync_pulled_runs WHERE run_id = ?').run(runId);
    },
    localWork,
    becomeNewDesktop() {
      if (localWork() > 0) return false;
      stmt(db, 'DELETE FROM meta WHERE key = ?').run(ORIGIN_META);
      return true;
    },
    answerCount() {
      return pluck(db, 'SELECT count(*) FROM results').get() as number;
    },
    origin() {
      const known = pluck(db, 'SELECT value FROM meta WHERE key = ?').get(ORIGIN_META) as string | undefined;
      if (known) return known;
      const made = randomUUID();
      stmt(db, 'INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)').run(ORIGIN_META, made);
      return pluck(db, 'SELECT value FROM meta WHERE key = ?').get(ORIGIN_META) as string;
    },
  };
}
