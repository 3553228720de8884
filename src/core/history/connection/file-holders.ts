import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

// Which other processes have a history file open, to name them when a write gives up waiting
// for the file's lock ("locked by pid 4242: parallax db compact"). Best effort and only on
// that path, never in a loop: on Linux every process's open files are listed in /proc/PID/fd
// (readable for the user's own processes); on macOS `lsof` says the same when it is installed;
// elsewhere nothing is known and the message says so.

export interface FileHolder {
  pid: number;
  /** Its command line, shortened; null when it cannot be read. */
  command: string | null;
}

const COMMAND_CHARS = 80;

function commandOf(pid: number): string | null {
  try {
    const text = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    return text.length > COMMAND_CHARS ? `${text.slice(0, COMMAND_CHARS - 1)}…` : text || null;
  } catch {
    return null;
  }
}

function holdersFromProc(paths: ReadonlySet<string>, self: number): FileHolder[] {
  const holders: FileHolder[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === self) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // another user's process, or gone
    }
    const uses = fds.some((fd) => {
      try {
        return paths.has(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false;
      }
    });
    if (uses) holders.push({ pid, command: commandOf(pid) });
  }
  return holders;
}

function holdersFromLsof(path: string, self: number): FileHolder[] {
  try {
    const out = execFileSync('lsof', ['-t', '--', path], { encoding: 'utf8', timeout: 2_000 });
    return out
      .split('\n')
      .map(Number)
      .filter((pid) => Number.isInteger(pid) && pid > 0 && pid !== self)
      .map((pid) => ({ pid, command: null }));
  } catch {
    return [];
  }
}

/** Other processes with the database, its WAL or its shared-memory file open. */
export function processesUsingFile(dbPath: string, self = process.pid): FileHolder[] {
  const paths = new Set([dbPath, `${dbPath}-wal`, `${dbPath}-shm`]);
  try {
    if (process.platform === 'linux') return holdersFromProc(paths, self);
    if (process.platform === 'darwin') return holdersFromLsof(dbPath, self);
  } catch {
    // /proc unreadable (a sandbox): nothing known
  }
  return [];
}

/** "pid 4242 (node parallax db compact), pid 4250" or a sentence saying none was found. */
export function describeHolders(holders: readonly FileHolder[]): string {
  if (holders.length === 0) return 'no other process could be named';
  return holders
    .slice(0, 4)
    .map((h) => (h.command ? `pid ${h.pid} (${h.command})` : `pid ${h.pid}`))
    .join(', ')
    .concat(holders.length > 4 ? ` and ${holders.length - 4} more` : '');
}
