import type Database from 'better-sqlite3';
import { pluck, stmt } from '../connection';

// The fill of the commerce rows of answers stored without them (before migration 027), and of
// every answer's attribution after a brand change (commerce-fill.ts): meta commerce_fill holds
// {upTo, at}, the answers with at < seq ≤ upTo still to go. Answers ingested later get their rows
// at ingest, with the brands of the time.

const KEY = 'commerce_fill';

export interface FillState {
  upTo: number;
  at: number;
}

/** Records a fill of every answer stored so far (migration 027, a brand change). */
export function recordCommerceFill(db: Database.Database): void {
  const upTo = (pluck(db, 'SELECT coalesce(max(seq), 0) FROM results').get() as number) ?? 0;
  const state: FillState = { upTo, at: 0 };
  stmt(db, 'INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(KEY, JSON.stringify(state));
}

/** The recorded fill, or null when none is left. */
export function fillState(db: Database.Database): FillState | null {
  const value = pluck(db, 'SELECT value FROM meta WHERE key = ?').get(KEY) as string | undefined;
  if (value === undefined) return null;
  const state = JSON.parse(value) as FillState;
  return state.at >= state.upTo ? null : state;
}

export function saveFillState(db: Database.Database, state: FillState): void {
  if (state.at >= state.upTo) stmt(db, 'DELETE FROM meta WHERE key = ?').run(KEY);
  else stmt(db, 'UPDATE meta SET value = ? WHERE key = ?').run(JSON.stringify(state), KEY);
}
