import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';

// A lock between test processes (vitest's workers, two suites run at once) around work that
// makes a shared file once, such as a demo history template: the lock file is created
// exclusively and holds its owner's pid; a lock whose owner is gone (killed mid-build) is taken
// over instead of waited on forever.

const POLL_MS = 100;
/** A lock file still empty this long after it was made lost its owner before the pid was written. */
const EMPTY_LOCK_GRACE_MS = 10_000;

/** Runs `work` while holding `lockPath`, waiting for any other process holding it first. */
export async function withFileLock<T>(lockPath: string, work: () => Promise<T>): Promise<T> {
  while (!tryLock(lockPath)) {
    if (ownerIsGone(lockPath)) rmSync(lockPath, { force: true });
    else await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  try {
    return await work();
  } finally {
    rmSync(lockPath, { force: true });
  }
}

function tryLock(lockPath: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, String(process.pid));
  } finally {
    closeSync(fd);
  }
  return true;
}

function ownerIsGone(lockPath: string): boolean {
  let text: string;
  let modified: number;
  try {
    text = readFileSync(lockPath, 'utf8');
    modified = statSync(lockPath).mtimeMs;
  } catch {
    return false; // released meanwhile: the next try takes it
  }
  const pid = Number(text);
  if (!Number.isInteger(pid) || pid <= 0) return Date.now() - modified > EMPTY_LOCK_GRACE_MS;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
