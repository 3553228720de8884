import { mkdtempSync, rmSync, statfsSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_FREE_BYTES, memoryTempDir, testTempDir } from '../../../scripts/test-tmpdir.mjs';

// The temp folder `npm test` gives its processes (scripts/test-tmpdir.mjs): a folder of this
// user's on a tmpfs with room, else the OS temp folder; PARALLAX_TEST_TMPDIR overrides.

const TMPFS_MAGIC = 0x01021994;
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
  it('takes PARALLAX_TEST_TMPDIR as it is, and "os" as the OS temp folder', () => {
    expect(testTempDir({ PARALLAX_TEST_TMPDIR: '/somewhere/else' }, 'linux')).toBe('/somewhere/else');
    expect(testTempDir({ PARALLAX_TEST_TMPDIR: 'os' }, 'linux')).toBeNull();
  });

  it('leaves the OS temp folder on other systems', () => {
    expect(testTempDir({}, 'darwin')).toBeNull();
    expect(testTempDir({}, 'win32')).toBeNull();
  });

  it('does not take a folder that is not a tmpfs', () => {
    const base = mkdtempSync(join(tmpdir(), 'parallax-not-tmpfs-'));
    made.push(base);
    if (isTmpfs(base)) return; // the OS temp folder is itself in memory here: nothing to tell apart
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
