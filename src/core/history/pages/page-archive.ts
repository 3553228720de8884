import type Database from 'better-sqlite3';
import type {
  PageArchiveState,
  PageArchiveStatus,
  PageFailureCode,
} from '../../../shared/domain/page-archive';
import { compressText, decompressText } from '../codec';
import { pluck, stmt, type StoreContext } from '../connection';

// The page archive's rows (migration 006). Ingest writes a 'pending' row per page URL in its
// own transaction (enqueuePages); the archiver (src/core/runs/archive) takes the due rows, and
// records each outcome only while the row still holds the same URL and is still pending, so a
// result replaced meanwhile, or a second process that got there first, is never overwritten.

/** A page waiting to be downloaded. */
export interface PageTask {
  resultSeq: number;
  pageIndex: number;
  url: string;
  attempts: number;
  /** When the answer was fetched: its links expire a fixed time after it. */
  fetchedAt: number;
}

export interface ArchivedPage extends PageArchiveStatus {
  resultId: string;
  /** The page without scripts (with its CSP meta); null unless archived. */
  html: string | null;
}

export interface PageArchiveCounts {
  pending: number;
  archived: number;
  failed: number;
}

export interface PageArchiveApi {
  /** Pending pages due at `now`, oldest first, leaving out the ones already being fetched. */
  duePages(now: number, limit: number, busy: ReadonlySet<string>): PageTask[];
  /** When the next pending page not yet due at `after` is due, or null when none is waiting. */
  nextPageDueAt(after: number): number | null;
  storeArchivedPage(task: PageTask, page: { html: string; contentType: string; pageBytes: number }): boolean;
  failPage(task: PageTask, code: PageFailureCode, reason: string): boolean;
  /** A transient failure: attempt counted, tried again at `at`. */
  retryPageLater(task: PageTask, at: number, code: PageFailureCode, reason: string): boolean;
  /** One page of a result, with its HTML when archived; null when the result has no such page. */
  getArchivedPage(resultId: string, index: number): ArchivedPage | null;
  /** The pages of several results (no HTML), keyed by result id. */
  pageArchiveStatus(resultIds: readonly string[]): Map<string, PageArchiveStatus[]>;
  pageArchiveCounts(): PageArchiveCounts;
  /** Pages still to download (read on the pending index only: cheap on a large history). */
  pendingPageCount(): number;
}

export const pageTaskKey = (task: Pick<PageTask, 'resultSeq' | 'pageIndex'>): string =>
  `${task.resultSeq}:${task.pageIndex}`;

/**
 * Inside the ingest transaction: the result's page URLs become pending rows. A URL that did
 * not change keeps its row (and its archived copy); a new URL starts over; pages the new
 * answer no longer has are dropped.
 */
export function createPageEnqueuer(db: Database.Database): (seq: number, urls: readonly string[]) => void {
  return (seq, urls) => {
    stmt(db, 'DELETE FROM page_archive WHERE result_seq = ? AND page_index >= ?').run(seq, urls.length);
    const upsert = stmt(
      db,
      `INSERT INTO page_archive (result_seq, page_index, url, state) VALUES (?, ?, ?, 'pending')
       ON CONFLICT (result_seq, page_index) DO UPDATE SET
         url = excluded.url, state = 'pending', attempts = 0, next_attempt_at = 0,
         reason_code = NULL, reason = NULL, content_type = NULL, page_bytes = NULL,
         stored_bytes = NULL, html_zstd = NULL, archived_at = NULL
       WHERE page_archive.url <> excluded.url`,
    );
    urls.forEach((url, i) => upsert.run(seq, i, url));
  };
}

interface StatusRow {
  result_id: string;
  page_index: number;
  url: string;
  state: PageArchiveState;
  reason_code: PageFailureCode | null;
  reason: string | null;
  attempts: number;
  archived_at: number | null;
  page_bytes: number | null;
  stored_bytes: number | null;
}

const STATUS_COLUMNS = `r.id AS result_id, p.page_index, p.url, p.state, p.reason_code, p.reason,
  p.attempts, p.archived_at, p.page_bytes, p.stored_bytes`;

function toStatus(row: StatusRow): PageArchiveStatus {
  return {
    index: row.page_index,
    url: row.url,
    state: row.state,
    reasonCode: row.reason_code,
    reason: row.reason,
    attempts: row.attempts,
    archivedAt: row.archived_at,
    pageBytes: row.page_bytes,
    storedBytes: row.stored_bytes,
  };
}

// Every outcome is written only onto the row it was taken from.
const SAME_PENDING_ROW = `result_seq = @resultSeq AND page_index = @pageIndex AND url = @url AND state = 'pending'`;

export function createPageArchiveApi(ctx: StoreContext): PageArchiveApi {
  const { db } = ctx;
  return {
    duePages(now, limit, busy) {
      const rows = stmt(
        db,
        `SELECT p.result_seq, p.page_index, p.url, p.attempts, r.fetched_at
         FROM page_archive p JOIN results r ON r.seq = p.result_seq
         WHERE p.state = 'pending' AND p.next_attempt_at <= ?
         ORDER BY p.next_attempt_at, p.result_seq, p.page_index LIMIT ?`,
      ).all(now, limit + busy.size) as Array<{
        result_seq: number;
        page_index: number;
        url: string;
        attempts: number;
        fetched_at: number;
      }>;
      return rows
        .map((r) => ({
          resultSeq: r.result_seq,
          pageIndex: r.page_index,
          url: r.url,
          attempts: r.attempts,
          fetchedAt: r.fetched_at,
        }))
        .filter((t) => !busy.has(pageTaskKey(t)))
        .slice(0, limit);
    },
    nextPageDueAt(after) {
      const at = pluck(
        db,
        `SELECT min(next_attempt_at) FROM page_archive WHERE state = 'pending' AND next_attempt_at > ?`,
      ).get(after) as number | null;
      return at ?? null;
    },
    storeArchivedPage(task, page) {
      const packed = compressText(page.html);
      return (
        stmt(
          db,
          `UPDATE page_archive SET state = 'archived', attempts = attempts + 1, reason_code = NULL,
             reason = NULL, content_type = @contentType, page_bytes = @pageBytes,
             stored_bytes = @storedBytes, html_zstd = @html, archived_at = @now
           WHERE ${SAME_PENDING_ROW}`,
        ).run({
          ...task,
          contentType: page.contentType,
          pageBytes: page.pageBytes,
          storedBytes: packed.length,
          html: packed,
          now: ctx.now(),
        }).changes > 0
      );
    },
    failPage(task, code, reason) {
      return (
        stmt(
          db,
          `UPDATE page_archive SET state = 'failed', attempts = attempts + 1, reason_code = @code,
             reason = @reason WHERE ${SAME_PENDING_ROW}`,
        ).run({ ...task, code, reason }).changes > 0
      );
    },
    retryPageLater(task, at, code, reason) {
      return (
        stmt(
          db,
          `UPDATE page_archive SET attempts = attempts + 1, next_attempt_at = @at, reason_code = @code,
             reason = @reason WHERE ${SAME_PENDING_ROW}`,
        ).run({ ...task, at, code, reason }).changes > 0
      );
    },
    getArchivedPage(resultId, index) {
      const row = stmt(
        db,
        `SELECT ${STATUS_COLUMNS}, p.html_zstd FROM page_archive p JOIN results r ON r.seq = p.result_seq
         WHERE r.id = ? AND p.page_index = ?`,
      ).get(resultId, index) as (StatusRow & { html_zstd: Buffer | null }) | undefined;
      if (!row) return null;
      return {
        resultId: row.result_id,
        ...toStatus(row),
        html: row.html_zstd ? decompressText(row.html_zstd) : null,
      };
    },
    pageArchiveStatus(resultIds) {
      const out = new Map<string, PageArchiveStatus[]>();
      // One statement for every id (`show` of a 20,000-job run asked 20,000 times).
      const rows = stmt(
        db,
        `SELECT ${STATUS_COLUMNS} FROM results r JOIN page_archive p ON p.result_seq = r.seq
         WHERE r.id IN (SELECT value FROM json_each(?)) ORDER BY r.seq, p.page_index`,
      ).all(JSON.stringify(resultIds)) as StatusRow[];
      for (const row of rows) {
        const pages = out.get(row.result_id);
        if (pages) pages.push(toStatus(row));
        else out.set(row.result_id, [toStatus(row)]);
      }
      return out;
    },
    pageArchiveCounts() {
      const counts: PageArchiveCounts = { pending: 0, archived: 0, failed: 0 };
      const rows = stmt(db, 'SELECT state, count(*) AS n FROM page_archive GROUP BY state').all() as Array<{
        state: PageArchiveState;
        n: number;
      }>;
      for (const r of rows) counts[r.state] = r.n;
      return counts;
    },
    pendingPageCount() {
      return pluck(db, `SELECT count(*) FROM page_archive WHERE state = 'pending'`).get() as number;
    },
  };
}
