import type Database from 'better-sqlite3';
import { recordScriptsReanalysis } from '../../visibility';

// Schema version 25: the brand matcher now ends a word where the script changes, so a Latin
// name with a Korean particle attached ("Keyfort는", "Vaultico입니다") or a Cyrillic ending is
// found; before, such answers did not name the brand at all. No table changes: the stored
// answers written in such scripts are read again by the Visibility re-analysis job recorded
// here (visibility-scripts.ts), in the background (the app) or by the CLI. Stored positionings
// are re-judged by the built-in judge's new version.
export const sql = '';

export function fill(db: Database.Database): void {
  recordScriptsReanalysis(db);
}
