// @ts-check
// The temp folder `npm test` gives its processes (TMPDIR). The suite writes its throwaway files
// there: histories and their copies, PostgreSQL clusters (a 40 MB copy each), browser profiles,
// exports. On Linux that goes to a folder on /dev/shm, a tmpfs in memory, when it has room: the
// same files, the same system calls, without the disk's journal and block allocation, which on
// this project's 2-core CI machine were about a quarter of the suite's system time
// (docs/internals/testing.md, "A temp folder in memory"). Elsewhere, or when /dev/shm is
// small, the OS temp folder.
// PARALLAX_TEST_TMPDIR overrides: a folder to use, or "os" for the OS temp folder.

import { chmodSync, lstatSync, mkdirSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { join } from 'node:path';

/** statfs's f_type of a tmpfs (linux/magic.h). */
const TMPFS_MAGIC = 0x01021994;
/**
 * The least room on /dev/shm to use it: several times what a whole run holds there at once
 * (the figure is in the docs), since the memory it takes is the machine's.
 */
export const MIN_FREE_BYTES = 2 * 1024 ** 3;

/**
 * This user's folder on a tmpfs at `base` with MIN_FREE_BYTES free, made if missing; null
 * when `base` is not a tmpfs, is too small, or holds that name as something this user did
 * not make (another user's folder, a link).
 * @param {string} base
 * @returns {string | null}
 */
export function memoryTempDir(base = '/dev/shm') {
  try {
    const fs = statfsSync(base);
    if (fs.type !== TMPFS_MAGIC || fs.bavail * fs.bsize < MIN_FREE_BYTES) return null;
    const uid = process.getuid?.() ?? 0;
    const dir = join(base, `parallax-tests-${uid}`);
    // Others may enter (a test's PostgreSQL runs as the `postgres` user when the suite runs
    // as root), not write: like the OS temp folder, each test makes a private folder in it.
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    const made = lstatSync(dir);
    if (!made.isDirectory() || made.uid !== uid) return null;
    // mkdir's mode passes through the umask (077 would shut PostgreSQL out).
    chmodSync(dir, 0o755);
    return dir;
  } catch {
    return null;
  }
}

/** A test's folder untouched this long is a killed run's leftover (a whole run takes minutes). */
export const LEFTOVER_AGE_MS = 24 * 3600 * 1000;
/** Caches the tests reuse (the PostgreSQL cluster template, the empty history), not leftovers. */
const CACHES = ['parallax-pgtemplate-', 'parallax-empty-history-'];

/**
 * The tests' files and folders in `dir` (their names start "parallax-"), caches aside.
 * @param {string} dir
 * @returns {Set<string>}
 */
export function testEntries(dir) {
  return new Set(
    readdirSync(dir).filter(
      (name) => name.startsWith('parallax-') && !CACHES.some((c) => name.startsWith(c)),
    ),
  );
}

/**
 * Removes `path` (a file or a folder) when it has not changed for LEFTOVER_AGE_MS. Returns
 * whether it did; a path gone meanwhile, or not ours to remove, is left as it is.
 * @param {string} path
 * @param {number} now
 * @returns {boolean}
 */
function removeIfUntouched(path, now) {
  try {
    if (now - lstatSync(path).mtimeMs < LEFTOVER_AGE_MS) return false;
    rmSync(path, { recursive: true, force: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes the tests' leftovers in `dir` (names starting "parallax-") not changed for
 * LEFTOVER_AGE_MS: in memory, a killed run's files would hold the machine's RAM until it
 * restarts. Returns the names removed.
 * @param {string} dir
 * @param {number} now
 * @returns {string[]}
 */
export function sweepLeftovers(dir, now = Date.now()) {
  /** @type {string[]} */
  const removed = [];
  for (const name of testEntries(dir)) {
    // A PostgreSQL server's folder: the tests' own sweep stops a dead run's server before it
    // removes the folder (tests/support/postgres.ts).
    if (name.startsWith('parallax-pg-')) continue;
    if (removeIfUntouched(join(dir, name), now)) removed.push(name);
  }
  return removed;
}

/**
 * Removes the entries of Node's compile cache at `dir` (a folder per Node version, a file per
 * module) not written for LEFTOVER_AGE_MS. bin/parallax.mjs keeps V8's code for the CLI's bundle
 * there (the temp folder's `node-compile-cache`); each new bundle adds about 5 MB, which in the
 * temp folder in memory would hold RAM until the machine restarts. An entry still in use is
 * written again the next time its module loads. Returns how many were removed.
 * @param {string} dir
 * @param {number} now
 * @returns {number}
 */
export function sweepCompileCache(dir, now = Date.now()) {
  let removed = 0;
  /** @param {string} path @returns {string[]} */
  const list = (path) => {
    try {
      return readdirSync(path);
    } catch {
      return [];
    }
  };
  for (const version of list(dir))
    for (const name of list(join(dir, version)))
      if (removeIfUntouched(join(dir, version, name), now)) removed++;
  return removed;
}

/**
 * The TMPDIR for the run's processes, or null to leave the OS temp folder.
 * @param {NodeJS.ProcessEnv} env
 * @param {NodeJS.Platform} platform
 * @returns {string | null}
 */
export function testTempDir(env = process.env, platform = process.platform) {
  const chosen = env['PARALLAX_TEST_TMPDIR'];
  if (chosen === 'os') return null;
  if (chosen) {
    mkdirSync(chosen, { recursive: true });
    return chosen;
  }
  return platform === 'linux' ? memoryTempDir() : null;
}
