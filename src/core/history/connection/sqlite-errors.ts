import type { HistoryOpenErrorKind } from './errors';

/** The SQLite result code better-sqlite3 puts on its errors (e.g. SQLITE_NOTADB), if any. */
export function sqliteCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : null;
}

export function isDamageCode(code: string | null): boolean {
  return code !== null && (code.startsWith('SQLITE_NOTADB') || code.startsWith('SQLITE_CORRUPT'));
}

/** Classifies a failure to open or read a file into the kind the user is told about. */
export function openFailureKind(error: unknown): HistoryOpenErrorKind | null {
  const code = sqliteCode(error);
  if (code === null) {
    const errno = (error as NodeJS.ErrnoException | null)?.code;
    return errno === 'EACCES' || errno === 'EPERM' || errno === 'EROFS' || errno === 'ENOSPC' ? 'io' : null;
  }
  if (isDamageCode(code)) return 'damaged';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
  if (
    code.startsWith('SQLITE_CANTOPEN') ||
    code.startsWith('SQLITE_PERM') ||
    code.startsWith('SQLITE_READONLY') ||
    code.startsWith('SQLITE_IOERR') ||
    code.startsWith('SQLITE_FULL') ||
    code.startsWith('SQLITE_AUTH')
  ) {
    return 'io';
  }
  return null;
}
