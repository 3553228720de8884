import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_MONITORS, deleteDemo, demoStatus } from '../../../src/core/demo';
import { openHistory } from '../../../src/core/history';
import { demoHistoryCopy, demoHistoryTemplate } from '../../support/demo-history';
import { withFileLock } from '../../support/file-lock';

// The shared demo histories tests open instead of building their own (tests/support/demo-history.ts):
// a copy is a whole history on its own (no WAL left behind), in the alert state asked for, and
// writing to it leaves the template as it was; the lock that lets two workers build a template
// once serialises its holders and takes over from one that died.

const dir = mkdtempSync(join(tmpdir(), 'parallax-demo-copy-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('demoHistoryCopy', () => {
  it('copies a 2-day demo with its runs compared (checked) or not (unchecked); the copy is the test’s own', async () => {
    const checked = await demoHistoryCopy({ days: 2, to: join(dir, 'checked', 'parallax.db') });
    const unchecked = await demoHistoryCopy({ days: 2, alerts: 'unchecked', to: join(dir, 'u.db') });
    const template = await demoHistoryTemplate(2, 'checked');
    expect(existsSync(`${template}-wal`)).toBe(false);
    const before = sha(template);

    const store = openHistory({ path: checked });
    try {
      expect(demoStatus(store)).toMatchObject({ present: true, days: 2, runs: 2 * DEMO_MONITORS.length });
      expect(store.uncheckedMonitorRuns()).toEqual([]);
      // The test's own file: deleting the demo changes the copy only.
      expect(deleteDemo(store)).not.toBeNull();
    } finally {
      store.close();
    }
    const other = openHistory({ path: unchecked });
    try {
      expect(demoStatus(other)).toMatchObject({ present: true, days: 2 });
      expect(other.uncheckedMonitorRuns()).toHaveLength(2 * DEMO_MONITORS.length);
    } finally {
      other.close();
    }
    expect(sha(template)).toBe(before);
  }, 120_000);

  it('builds a template once: a second copy reuses it', async () => {
    const template = await demoHistoryTemplate(2, 'checked');
    const built = statSync(template).mtimeMs;
    const copy = await demoHistoryCopy({ days: 2 });
    expect(statSync(template).mtimeMs).toBe(built);
    expect(sha(copy)).toBe(sha(template));
    rmSync(dirname(copy), { recursive: true, force: true });
  }, 120_000);
});

describe('withFileLock', () => {
  it('runs its holders one at a time', async () => {
    const lock = join(dir, 'serial.lock');
    const events: string[] = [];
    const hold = (name: string) =>
      withFileLock(lock, async () => {
        events.push(`${name} in`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        events.push(`${name} out`);
      });
    await Promise.all([hold('a'), hold('b'), hold('c')]);
    for (let i = 0; i < events.length; i += 2) expect(events[i + 1]).toBe(events[i]?.replace('in', 'out'));
    expect(existsSync(lock)).toBe(false);
  });

  it('takes over a lock whose owner died, and releases it when the work throws', async () => {
    const lock = join(dir, 'stale.lock');
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(lock, String(gone));
    await expect(withFileLock(lock, async () => 'taken')).resolves.toBe('taken');
    await expect(
      withFileLock(lock, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(existsSync(lock)).toBe(false);
  });
});
