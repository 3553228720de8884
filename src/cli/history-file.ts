import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { openHistory, type CheckedFiles, type HistoryStore } from '../core/history';
import { CliUsageError } from './context';
import { upgradeProgressPrinter } from './upgrade-progress';

// Opening the history file for one command. A command that only reads never makes
// a history: a --db that does not exist is said to be missing, not created empty. A command
// that writes creates a missing folder, saying so on stderr. A file that cannot be written
// (read-only media, permissions) is opened read-only, said in one line: what only reads works,
// what writes stops with the reason.

export interface HistoryFileOptions {
  /** The command only reads the history. */
  reads: boolean;
  /** Where one-line notes go (stderr). */
  note: (line: string) => void;
  /** Where an upgrade's progress is printed (stderr). */
  stderr: Writable;
  /** The record of files checked at open (the user-data folder's, shared with the app). */
  checkedFiles?: CheckedFiles;
}

export function openHistoryFile(dbPath: string, opts: HistoryFileOptions): HistoryStore {
  const path = resolve(dbPath);
  const folder = dirname(path);
  if (!existsSync(path) && opts.reads) {
    throw new CliUsageError(
      `There is no history file at ${path}${existsSync(folder) ? '' : ' (nor its folder)'}: nothing to read. Check --db, or run \`parallax run\` or \`parallax demo\` to make one.`,
    );
  }
  if (!existsSync(folder)) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    opts.note(`Created the folder ${folder} for the history file.`);
  }
  const store = openHistory({
    path,
    create: !opts.reads,
    checkedFiles: opts.checkedFiles,
    onUpgradeProgress: upgradeProgressPrinter(opts.stderr),
  });
  if (store.readonlyReason)
    opts.note(`The history file ${path} is opened read-only: ${store.readonlyReason}.`);
  return store;
}
