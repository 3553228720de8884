import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CHECKED_FILES_NAME } from '../../../src/core/history';
import { copyDataDir } from './example-world';

// The data folder the in-process examples take turns on. Two in three examples only read the
// history, and need no copy of its 9 MB of their own (copied, recorded as checked, deleted).
// Examples still never see each other's changes: the folder is compared with its state before
// each example (every file's inode, size and modification time, every folder's name), and an
// example that changed anything (the history, its WAL, the settings, a workspace, a new folder)
// leaves it to be copied again from the source before the next one starts. Child examples run
// side by side and keep a copy each.

/** Every entry under `dir` but the record of checked files, with what a write changes. */
function stateOf(dir: string): string {
  const entries: string[] = [];
  const walk = (folder: string, rel: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name === CHECKED_FILES_NAME) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        entries.push(`${rel}${entry.name}/`);
        walk(path, `${rel}${entry.name}/`);
      } else {
        const s = statSync(path, { bigint: true });
        entries.push(`${rel}${entry.name} ${s.ino}:${s.size}:${s.mtimeNs}`);
      }
    }
  };
  walk(dir, '');
  return entries.sort().join('\n');
}

export interface SharedDataDir {
  /** Runs `task` on the folder once the examples before it are done, the folder as the source has it. */
  use<T>(task: (dataDir: string) => Promise<T>): Promise<T>;
  /** How many examples left it changed (so copied again). */
  readonly recopies: number;
}

/** A copy of the data folder `source` at `at`, used by one example at a time. */
export function sharedDataDir(source: string, at: string): SharedDataDir {
  let state = '';
  let recopies = 0;
  const fresh = (): void => {
    rmSync(at, { recursive: true, force: true });
    copyDataDir(source, at);
    state = stateOf(at);
  };
  fresh();
  let last: Promise<unknown> = Promise.resolve();
  return {
    use(task) {
      const run = last.then(async () => {
        try {
          return await task(at);
        } finally {
          if (stateOf(at) !== state) {
            recopies++;
            fresh();
          }
        }
      });
      last = run.catch(() => undefined);
      return run;
    },
    get recopies() {
      return recopies;
    },
  };
}
