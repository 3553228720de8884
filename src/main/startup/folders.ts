import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { errorText } from './problems';

export type FolderState =
  { ok: true } | { ok: false; reason: 'missing' } | { ok: false; reason: 'not-writable'; detail: string };

/**
 * Whether the app can keep files in `folder`, found by writing and removing a probe file (access()
 * says yes on read-only mounts and network shares that then refuse the write). A missing folder is
 * created only when `create` is set: the default user-data folder on a first start, never a data
 * folder the user chose (it may be a drive that is not plugged in).
 */
export function checkFolder(folder: string, options: { create: boolean }): FolderState {
  try {
    if (!existsSync(folder)) {
      if (!options.create) return { ok: false, reason: 'missing' };
      mkdirSync(folder, { recursive: true, mode: 0o700 });
    }
    if (!statSync(folder).isDirectory()) {
      return { ok: false, reason: 'not-writable', detail: `${folder} is a file, not a folder` };
    }
    const probe = join(folder, `.parallax-write-check-${randomUUID()}`);
    writeFileSync(probe, '', { mode: 0o600 });
    rmSync(probe, { force: true });
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: 'not-writable', detail: errorText(error) };
  }
}

/** The folder itself, or its closest existing parent: what "Open the folder" can show. */
export function nearestExistingFolder(path: string): string {
  let current = path;
  for (;;) {
    if (existsSync(current)) {
      try {
        if (statSync(current).isDirectory()) return current;
      } catch {
        // unreadable: keep climbing
      }
    }
    const parent = dirname(current);
    if (parent === current) return current;
    current = parent;
  }
}
