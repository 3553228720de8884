import Database from 'better-sqlite3';
import { MIGRATIONS, openHistory } from '../../history';
import { removeHistoryFile } from './seed-files';

// A seed is an SQLite file a teammate's machine made. Its rows are no more than that teammate
// could push anyway, but its schema is code that runs here: a trigger fires on this desktop's
// own writes. So a seed is taken only at this version's schema (no upgrade runs over it), and
// only with the triggers and views a new history of that version has, word for word.

interface SchemaObject {
  type: string;
  name: string;
  sql: string | null;
}

function triggersAndViews(path: string): { version: number; objects: string[] } {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const version = db.pragma('user_version', { simple: true }) as number;
    const rows = db
      .prepare(
        "SELECT type, name, sql FROM sqlite_schema WHERE type IN ('trigger', 'view') ORDER BY type, name",
      )
      .all() as SchemaObject[];
    return { version, objects: rows.map((r) => `${r.type} ${r.name}: ${r.sql ?? ''}`) };
  } finally {
    db.close();
  }
}

/**
 * Why the file at `path` is not a history of this version's schema, or null when it is. `scratch`
 * is a path free for a moment (a new history is made there to compare with, then removed).
 */
export function foreignSchema(path: string, scratch: string): string | null {
  const seed = triggersAndViews(path);
  if (seed.version !== MIGRATIONS.length)
    return `its schema is version ${seed.version}, this Parallax's is ${MIGRATIONS.length}`;
  removeHistoryFile(scratch);
  try {
    openHistory({ path: scratch }).close();
    const known = new Set(triggersAndViews(scratch).objects);
    const strange = seed.objects.filter((o) => !known.has(o));
    if (strange.length > 0)
      return `its schema has ${strange[0]?.split(':')[0] ?? ''}, which Parallax does not make`;
    if (seed.objects.length !== known.size) return 'its schema lacks triggers or views Parallax makes';
    return null;
  } finally {
    removeHistoryFile(scratch);
  }
}
