import type Database from 'better-sqlite3';
import { stmt, pluck } from '../connection';

/** Ids of the named tags, creating the missing ones (names are case-insensitive, trimmed, unique). */
export function ensureTagIds(db: Database.Database, names: readonly string[]): number[] {
  const insert = stmt(db, 'INSERT INTO tags (name) VALUES (?) ON CONFLICT (name) DO NOTHING');
  const find = pluck(db, 'SELECT id FROM tags WHERE name = ?');
  // First spelling wins among names that differ only in case.
  const unique = [
    ...new Map(
      names
        .map((n) => n.trim())
        .filter(Boolean)
        .reverse()
        .map((n) => [n.toLowerCase(), n]),
    ).values(),
  ].reverse();
  return unique.map((name) => {
    insert.run(name);
    return find.get(name) as number;
  });
}

/** The tag id for a filter, or null when no such tag exists (the filter then matches nothing). */
export function findTagId(db: Database.Database, name: string): number | null {
  return (pluck(db, 'SELECT id FROM tags WHERE name = ?').get(name.trim()) as number | undefined) ?? null;
}

/** Drops tags nothing refers to any more, so the tag list stays what the user sees in use. */
export function pruneUnusedTags(db: Database.Database): void {
  stmt(
    db,
    `DELETE FROM tags WHERE id NOT IN (SELECT tag_id FROM prompt_tags)
       AND id NOT IN (SELECT tag_id FROM prompt_set_tags) AND id NOT IN (SELECT tag_id FROM run_tags)`,
  ).run();
}
