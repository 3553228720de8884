import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEventsBetween } from '../../../src/core/demo';
import { openHistory } from '../../../src/core/history';
import { runCliAt as runCli, type InProcessOutcome as CliOut } from '../../support/cli-in-process';

// `parallax demo` as a user runs it: the CLI in this process (tests/support/cli-in-process.ts), a temp history
// file, JSON output.

let dir = '';
let db = '';
/** What `demo --days 2 --json` printed. */
let built = '';

const parallax = (args: string[]): Promise<CliOut> => runCli(args, dir);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-demo-cli-'));
  db = join(dir, 'history.db');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parallax demo', { timeout: 90_000 }, () => {
  it('--days 2 --json builds the demo (every engine: the preview) and prints what it built', async () => {
    const out = await parallax(['demo', '--days', '2', '--db', db, '--json']);
    // Its monitor runs are compared before it ends: what reads alerts finds them.
    expect(out.stderr).toBe('Comparing 6 monitor runs not compared yet…\n');
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({
      dbPath: db,
      synthetic: true,
      days: 2,
      monitors: 3,
      runs: 6,
      results: 640,
      brands: 6,
      variant: 'preview',
      canceled: false,
      // The names the history's engines are shown under (the profile in use: the spec's here).
      engineNames: { 'assistant-a': 'Assistant A', 'assistant-b': 'Assistant B' },
    });
    built = out.stdout;
  }, 120_000);

  // Two days: the second day's runs are compared with the first's, the fewest that compare
  // anything (tests/integration/alerts/catch-up-first.test.ts checks the other readers).
  it('leaves no monitor run uncompared, and prints the alerts it stored', () => {
    const store = openHistory({ path: db });
    try {
      expect(store.uncheckedMonitorRuns()).toEqual([]);
      expect((JSON.parse(built) as { alerts: number }).alerts).toBe(store.listAlerts({ limit: 1 }).total);
    } finally {
      store.close();
    }
  });

  it('--status --json, and the demo runs in `history`', async () => {
    const status = await parallax(['demo', '--status', '--db', db, '--json']);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({
      present: true,
      days: 2,
      runs: 6,
      results: 640,
      variant: 'preview',
    });
    const history = await parallax(['history', '--db', db, '--json']);
    expect(history.code).toBe(0);
    expect(JSON.stringify(JSON.parse(history.stdout))).toContain('Demo · Buying guides');
  });

  it('`alerts` finds the demo runs compared already, and their alerts', async () => {
    const first = await parallax(['alerts', '--db', db, '--json']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).not.toContain('Comparing');
    expect(JSON.parse(first.stdout)).toHaveProperty('total');
    const again = await parallax(['alerts', '--db', db, '--json']);
    expect(again.stderr).not.toContain('Comparing');
  });

  it('--events --json lists the scheduled events of the built demo\u2019s days', async () => {
    const out = await parallax(['demo', '--events', '--db', db, '--json']);
    expect(out.code, out.stderr).toBe(0);
    const body = JSON.parse(out.stdout) as { built: boolean; from: string; to: string; events: unknown[] };
    expect(body.built).toBe(true);
    const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
    expect(day(body.to) - day(body.from)).toBe(1);
    expect(body.events).toEqual(demoEventsBetween(day(body.from), day(body.to), 'preview'));
    const text = await parallax(['demo', '--events', '--status', '--db', db]);
    expect(text.code).toBe(2);
    expect(text.stderr).toMatch(/one of --delete, --status and --events/);
  });

  it('refuses a second demo (exit 2, says to delete it first) and bad --days', async () => {
    const again = await parallax(['demo', '--days', '2', '--db', db]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/delete it first/);
    const bad = await parallax(['demo', '--days', '0', '--db', db]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--days must be a whole number from 1 to 365, got "0"/);
    const both = await parallax(['demo', '--spec', '--preview', '--db', join(dir, 'other.db')]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/Choose --spec or --preview, not both/);
  });

  it('--delete removes it (JSON counts), then reports there is none', async () => {
    const out = await parallax(['demo', '--delete', '--db', db, '--json']);
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual({ dbPath: db, deleted: { runs: 6, monitors: 3, brands: 6 } });
    const text = await parallax(['demo', '--delete', '--db', db]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/No demo history/);
    const status = await parallax(['demo', '--status', '--db', db, '--json']);
    expect(JSON.parse(status.stdout)).toMatchObject({ present: false, runs: 0 });
  });
});
