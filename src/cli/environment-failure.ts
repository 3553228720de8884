import { HistoryOpenError, writeFailureKind } from '../core/history';

/**
 * A command stopped by its environment rather than its input: the history could not be
 * written (disk full, read-only, I/O error) or stayed locked by another process. Exit code 1
 * with the one-line message, never a stack trace (docs/reference/exit-codes.md).
 */
export function isEnvironmentFailure(err: unknown): boolean {
  if (err instanceof HistoryOpenError) return err.kind === 'busy';
  return writeFailureKind(err) !== null;
}
