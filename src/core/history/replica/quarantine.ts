import type Database from 'better-sqlite3';
import { stmt } from '../connection';

// The team's rows a sync could not take, kept (schema version 29): pulled rows it could not read,
// with the row as the server sent it, and rows of this history the server would refuse.

export type QuarantineDirection = 'pull' | 'push';

/** A row to keep: the team table, its id, why, and (pulled) the row as JSON. */
export interface QuarantineItem {
  table: string;
  id: string;
  reason: string;
  raw?: string | null;
}

export interface QuarantineEntry extends Required<QuarantineItem> {
  direction: QuarantineDirection;
  /** When a sync first and last met it (ms). */
  firstAt: number;
  lastAt: number;
}

export interface QuarantineApi {
  /** Keeps these rows (a row kept before gets the new reason, raw and sighting). */
  keepQuarantined(direction: QuarantineDirection, items: readonly QuarantineItem[]): void;
  /** Every row kept, last met first. */
  listQuarantined(): QuarantineEntry[];
}

interface EntryRow {
  direction: QuarantineDirection;
  table: string;
  id: string;
  reason: string;
  raw: string | null;
  firstAt: number;
  lastAt: number;
}

export function createQuarantineApi(db: Database.Database, now: () => number): QuarantineApi {
  const keep = db.transaction((direction: QuarantineDirection, items: readonly QuarantineItem[]) => {
    const at = now();
    for (const item of items) {
      stmt(
        db,
        `INSERT INTO sync_quarantine (direction, team_table, row_id, reason, raw, first_at, last_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (direction, team_table, row_id)
           DO UPDATE SET reason = excluded.reason, raw = excluded.raw, last_at = excluded.last_at`,
      ).run(direction, item.table, item.id, item.reason, item.raw ?? null, at, at);
    }
  });
  return {
    keepQuarantined(direction, items) {
      if (items.length > 0) keep(direction, items);
    },
    listQuarantined() {
      return stmt(
        db,
        `SELECT direction, team_table AS "table", row_id AS id, reason, raw, first_at AS firstAt,
           last_at AS lastAt
         FROM sync_quarantine ORDER BY last_at DESC, direction, team_table, row_id`,
      ).all() as EntryRow[];
    },
  };
}
