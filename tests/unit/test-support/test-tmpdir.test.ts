import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statfsSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  LEFTOVER_AGE_MS,
  MIN_FREE_BYTES,
  memoryTempDir,
  sweepCompileCache,
  sweepLeftovers,
  testTempDir,
} from '../../../scripts/test-tmpdir.mjs';

// The temp folder `npm test` gives its processes (scripts/test-tmpdir.mjs): a folder of this
// user's on a tmpfs with room, else the OS temp folder; PARALLAX_TEST_TMPDIR overrides.

const TMPFS_MAGIC = 0x01021994;
const REPO_CACHE = join(import.meta.dirname, '..', '..', '..', 'node_modules', '.cache');
const isTmpfs = (path: string): boolean => {
  try {
    return statfsSync(path).type === TMPFS_MAGIC;
  } catch {
    return false;
  }
};
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the temp folder of npm test', () => {
  it('takes PARALLAX_TEST_TMPDIR as it is (made if missing), and "os" as the OS temp folder', () => {
    const base = mkdtempSync(join(tmpdir(), 'parallax-chosen-test-'));
    made.push(base);
    const chosen = join(base, 'not', 'yet');
    expect(testTempDir({ PARALLAX_TEST_TMPDIR: chosen }, 'darwin')).toBe(chosen);
    expect(statSync(chosen).isDirectory()).toBe(true);
    expect(testTempDir({ PARALLAX_TEST_TMPDIR: 'os' }, 'linux')).toBeNull();
  });

  it('leaves the OS temp folder on other systems', () => {
    expect(testTempDir({}, 'darwin')).toBeNull();
    expect(testTempDir({}, 'win32')).toBeNull();
  });

  // On the checkout's disk, not in the OS temp folder: under npm test that is itself in memory.
  it.runIf(!isTmpfs(REPO_CACHE))('does not take a folder that is not a tmpfs', () => {
    mkdirSync(REPO_CACHE, { recursive: true });
    const base = mkdtempSync(join(REPO_CACHE, 'parallax-not-tmpfs-'));
    made.push(base);
    expect(memoryTempDir(base)).toBeNull();
  });

  it.runIf(isTmpfs('/dev/shm'))(
    'makes this user’s folder on a tmpfs, which others may enter but not write',
    () => {
      const base = mkdtempSync('/dev/shm/parallax-tmpdir-test-');
      made.push(base);
      const dir = memoryTempDir(base);
      if (statfsSync(base).bavail * statfsSync(base).bsize < MIN_FREE_BYTES) {
        expect(dir).toBeNull();
        return;
      }
      expect(dir).toBe(join(base, `parallax-tests-${process.getuid?.() ?? 0}`));
      const mode = statSync(dir as string).mode & 0o777;
      expect(mode & 0o022).toBe(0);
      expect(mode & 0o005).toBe(0o005);
      // Asked again, the same folder.
      expect(memoryTempDir(base)).toBe(dir);
    },
  );

  it.runIf(isTmpfs('/dev/shm'))('refuses a link put where its folder goes', () => {
    const base = mkdtempSync('/dev/shm/parallax-tmpdir-test-');
    made.push(base);
    const elsewhere = mkdtempSync('/dev/shm/parallax-tmpdir-elsewhere-');
    made.push(elsewhere);
    symlinkSync(elsewhere, join(base, `parallax-tests-${process.getuid?.() ?? 0}`));
    expect(memoryTempDir(base)).toBeNull();
  });
});

describe('the leftovers of killed runs in the temp folder in memory', () => {
  it('removes the tests’ folders and files untouched for a day, and keeps the rest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'parallax-sweep-test-'));
    made.push(dir);
    const now = Date.now();
    const old = (now - LEFTOVER_AGE_MS - 60_000) / 1000;
    const entries = {
      'parallax-sync-alice-abc123': 'old', // a killed run's desktop
      'parallax-store-def456': 'new', // a run under way
      'parallax-pg-ghi789': 'old', // a server: the tests' own sweep stops it first
      'parallax-pgtemplate-0123456789ab': 'old', // a cache
      'parallax-empty-history-0123.db': 'old', // a cache
      'tsx-0': 'old', // another tool's cache
    } as const;
    for (const [name, age] of Object.entries(entries)) {
      const path = join(dir, name);
      if (name.endsWith('.db')) writeFileSync(path, 'x');
      else mkdirSync(path);
      if (age === 'old') utimesSync(path, old, old);
    }
    expect(sweepLeftovers(dir, now)).toEqual(['parallax-sync-alice-abc123']);
    expect(readdirSync(dir).sort()).toEqual(
      Object.keys(entries)
        .filter((n) => n !== 'parallax-sync-alice-abc123')
        .sort(),
    );
  });
});

describe("the CLI's compile cache in the temp folder in memory", () => {
  it('loses the entries not written for a day, in every Node version’s folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'parallax-compile-cache-test-'));
    made.push(dir);
    const now = Date.now();
    const old = (now - LEFTOVER_AGE_MS - 60_000) / 1000;
    for (const version of ['v22.15.0-x64-aaaa-0', 'v24.1.0-x64-bbbb-0']) {
      mkdirSync(join(dir, version));
      writeFileSync(join(dir, version, 'old-entry'), 'x');
      utimesSync(join(dir, version, 'old-entry'), old, old);
      writeFileSync(join(dir, version, 'new-entry'), 'x');
    }
    expect(sweepCompileCache(dir, now)).toBe(2);
    expect(readdirSync(join(dir, 'v22.15.0-x64-aaaa-0'))).toEqual(['new-entry']);
    expect(readdirSync(join(dir, 'v24.1.0-x64-bbbb-0'))).toEqual(['new-entry']);
    expect(sweepCompileCache(join(dir, 'missing'), now)).toBe(0);
  });
});
