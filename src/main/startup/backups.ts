import Database from 'better-sqlite3';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BackupInfo } from '../../core/history';

// Automatic backups of the history, so "Restore the latest backup" has something to restore when
// the file is damaged: one copy a day at most, taken in the background after a successful start
// with SQLite's online backup API (the app keeps working meanwhile), in <data folder>/backups,
// keeping the newest AUTO_BACKUPS_KEPT. Backups the user saves into that folder count too.

export const BACKUPS_FOLDER = 'backups';
export const AUTO_BACKUP_PREFIX = 'parallax-auto-';
export const AUTO_BACKUPS_KEPT = 2;
export const AUTO_BACKUP_INTERVAL_MS = 24 * 60 * 60 * 1000;

export interface BackupFile {
  path: string;
  /** When the copy was taken (ms): the stamp in an automatic backup's name, else the file's mtime. */
  modifiedAt: number;
  bytes: number;
  /** The copy's schema version (PRAGMA user_version). */
  version: number;
}

export function backupsFolder(dataFolder: string): string {
  return join(dataFolder, BACKUPS_FOLDER);
}

/** Every readable history copy in the folder, newest first (`.db` files only; temp files are hidden). */
export function listBackups(folder: string): BackupFile[] {
  if (!existsSync(folder)) return [];
  const found: BackupFile[] = [];
  for (const name of readdirSync(folder)) {
    if (!name.endsWith('.db') || name.startsWith('.')) continue;
    const path = join(folder, name);
    try {
      const stat = statSync(path);
      if (!stat.isFile()) continue;
      found.push({
        path,
        modifiedAt: autoBackupTime(name) ?? stat.mtimeMs,
        bytes: stat.size,
        version: readVersion(path),
      });
    } catch {
      // Not a database (or unreadable): not a backup we can offer.
    }
  }
  return found.sort((a, b) => b.modifiedAt - a.modifiedAt);
}

/** The newest backup this build can open (a copy made by a newer version would be refused). */
export function latestBackup(dataFolder: string, knownVersion: number): BackupFile | null {
  return (
    listBackups(backupsFolder(dataFolder)).find((b) => b.version >= 1 && b.version <= knownVersion) ?? null
  );
}

function readVersion(path: string): number {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
}

export interface AutoBackupDeps {
  dataFolder: string;
  now: () => number;
  /** The open history's backup (HistoryStore.backup). */
  backup: (toPath: string) => Promise<BackupInfo>;
  intervalMs?: number;
  keep?: number;
}

/**
 * Takes today's automatic backup unless one newer than the interval exists, then prunes the older
 * automatic ones. Returns the new copy, or null when none was due.
 */
export async function takeAutoBackupIfDue(deps: AutoBackupDeps): Promise<BackupInfo | null> {
  const folder = backupsFolder(deps.dataFolder);
  const intervalMs = deps.intervalMs ?? AUTO_BACKUP_INTERVAL_MS;
  const autos = listBackups(folder).filter((b) => isAutoBackup(b.path));
  const newest = autos[0];
  if (newest && deps.now() - newest.modifiedAt < intervalMs) return null;
  const info = await deps.backup(join(folder, `${AUTO_BACKUP_PREFIX}${nameStamp(deps.now())}.db`));
  const keep = deps.keep ?? AUTO_BACKUPS_KEPT;
  for (const old of listBackups(folder)
    .filter((b) => isAutoBackup(b.path))
    .slice(keep)) {
    rmSync(old.path, { force: true });
  }
  return info;
}

function isAutoBackup(path: string): boolean {
  return autoBackupTime(path.split(/[\\/]/).pop() ?? '') !== null;
}

/** 2026-11-01T08:00:00.000Z → 2026-11-01T08-00-00-000Z (a file name on every platform). */
function nameStamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[:.]/g, '-');
}

/** The time an automatic backup's name records (a copied file's mtime is the copy's, not the backup's). */
function autoBackupTime(name: string): number | null {
  const match = /^parallax-auto-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.db$/.exec(name);
  if (!match) return null;
  const [, day, h, m, s, ms] = match;
  const time = Date.parse(`${day}T${h}:${m}:${s}.${ms}Z`);
  return Number.isNaN(time) ? null : time;
}
