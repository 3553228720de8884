import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertView } from '../../../src/shared/alerts/types';
import { MIN_ANSWERS_A_SIDE } from '../../../src/shared/analytics/evidence';
import type { FindingsListView } from '../../../src/shared/ipc/channels/findings';
import { runCliAt as runCli } from '../../support/cli-in-process';
import { demoHistoryCopy } from '../../support/demo-history';
import { readDemoRecord } from '../../../src/core/demo';
import { openHistory } from '../../../src/core/history';

// Numbers that never overclaim, on the 31-day demo as `parallax demo` builds it (every engine,
// the US and Germany, two repeats; its monitor runs compared and their alerts stored; the
// template the e2e files read). Over every demo day but the first, the same span before holds
// that first day of answers only: a change measured on a few dozen answers of that day must not
// be called significant nor outrank the focus brand's own; two repeats against two must not
// raise a medium or high alert, nor a position alert from intervals of zero width.

let dir = '';
let db = '';
let userData = '';
/** Every demo day but the first: the span before then holds its first day only, whatever the hour. */
let window: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-changes-evidence-'));
  db = join(dir, 'parallax.db');
  userData = join(dir, 'user');
  await demoHistoryCopy({ days: 31, alerts: 'checked', variant: 'preview', to: db });
  const store = openHistory({ path: db });
  const record = readDemoRecord(store);
  store.close();
  if (!record) throw new Error('the demo copy has no demo record');
  const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
  window = ['--from', day(record.firstDay + 86_400_000), '--to', day(record.lastDay)];
}, 600_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const fewer = (side: { n: number }, other: { n: number }): number => Math.min(side.n, other.n);

async function changes(): Promise<FindingsListView> {
  const out = await runCli(['changes', ...window, '--json', '--db', db], userData);
  expect(out.code, out.stderr).toBe(0);
  return JSON.parse(out.stdout) as FindingsListView;
}

async function alerts(): Promise<AlertView[]> {
  const out = await runCli(['alerts', '--limit', '5000', '--json', '--db', db], userData);
  expect(out.code, out.stderr).toBe(0);
  return (JSON.parse(out.stdout) as { alerts: AlertView[] }).alerts;
}

describe('changes on the 31-day demo', () => {
  it('leads with the focus brand’s own significant change', async () => {
    const view = await changes();
    expect(view.findings.length).toBeGreaterThan(0);
    const first = view.findings[0];
    expect(first?.brandId, first?.text).toBe(view.focusBrandId);
    expect(first?.significant).toBe(true);
  }, 60_000);

  it('calls nothing significant on fewer than 30 answers a side, and says "few answers" there', async () => {
    const { findings } = await changes();
    for (const f of findings) {
      const n = fewer(f.before, f.after);
      if (f.significant) expect(n, f.text).toBeGreaterThanOrEqual(MIN_ANSWERS_A_SIDE);
      expect(f.fewAnswers, f.text).toBe(n < MIN_ANSWERS_A_SIDE);
      if (f.fewAnswers) expect(f.text).toMatch(/, on few answers \(\d[\d,]* before, \d[\d,]* after\)/);
    }
  }, 60_000);

  it('says the earlier period holds only one day of answers', async () => {
    const { findings } = await changes();
    for (const f of findings) {
      expect(f.shortEarlier?.days, f.text).toBe(1);
      expect(f.text).toMatch(/; the earlier period holds only \d[\d,]* answers over 1 day\.$/);
    }
  }, 60_000);
});

describe('alerts on the 31-day demo', () => {
  it('raises nothing above low on fewer than 30 answers a side, and says "few answers" there', async () => {
    const list = await alerts();
    expect(list.length).toBeGreaterThan(0);
    for (const a of list) {
      // An alert about no tracked brand (a new advertiser that is none) is low whatever its n.
      if ((a as { brand?: unknown }).brand === null) continue;
      const few = fewer(a.before, a.after) < MIN_ANSWERS_A_SIDE;
      if (few) {
        expect(a.severity, a.title).toBe('low');
        expect(a.title).toMatch(/, on few answers \(\d[\d,]* before, \d[\d,]* after\)\.$/);
      } else expect(a.title).not.toMatch(/few answers/);
    }
  }, 60_000);

  it('raises no position alert from intervals of zero width on few ranked answers', async () => {
    const moved = (await alerts()).filter((a) => a.kind === 'position-moved');
    for (const a of moved) {
      const zeroWide = a.before.low === a.before.high && a.after.low === a.after.high;
      const single = a.before.n <= 1 && a.after.n <= 1;
      if (zeroWide && !single)
        expect(fewer(a.before, a.after), a.title).toBeGreaterThanOrEqual(MIN_ANSWERS_A_SIDE);
    }
  }, 60_000);
});
