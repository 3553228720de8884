import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoHistoryCopy } from '../../support/demo-history';
import { openHistory } from '../../../src/core/history';
import { mostAlertedMonitor } from '../../support/alerted-monitor';
import { runCliAt as runCli } from '../../support/cli-in-process';
import { startMcp } from '../mcp/mcp-client';

// Alerts never missing from what is written. A demo history built by the library
// (as the app's builder does, through a connection of its own) leaves its monitor runs
// uncompared. Every path that reads alerts or writes a report compares them first, through one
// shared entry point (compareUncheckedRuns): `parallax report`, `parallax demo` itself (checked
// on the build tests/integration/demo/demo-cli.test.ts makes, not on one of its own here), and
// the MCP server's list_alerts. Before, a report written right after the demo said "No change
// alerts were raised for this monitor" while its alerts were waiting to be compared.

let dir = '';
let db = '';
let monitor = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-catch-up-'));
  db = join(dir, 'demo.db');
  // A copy of the shared 7-day template: exactly what buildDemoHistory leaves (tests/support/demo-history.ts);
  // the one the e2e alerts file opens and the checked 7-day preview is made from, so it costs no
  // build of its own.
  await demoHistoryCopy({ days: 7, alerts: 'unchecked', variant: 'preview', to: db });
  const store = openHistory({ path: db });
  try {
    expect(store.uncheckedMonitorRuns().length).toBeGreaterThan(3);
  } finally {
    store.close();
  }
  // The monitor whose runs raise the most alerts (compared in a copy): the one a report should
  // show alerts for. Which one it is depends on the days the demo was built for.
  const alerted = await mostAlertedMonitor(db);
  expect(alerted.alerts).toBeGreaterThan(0);
  monitor = alerted.name;
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const alertsOf = (name: string): number => {
  const store = openHistory({ path: db });
  try {
    const id = store.listMonitors().find((m) => m.name === name)!.id;
    return store.listAlerts({ monitorId: id, limit: 1 }).total;
  } finally {
    store.close();
  }
};

describe('catch up, then read', { timeout: 120_000 }, () => {
  it('the MCP server compares the runs before list_alerts answers', async () => {
    const copy = join(dir, 'mcp.db');
    rmSync(copy, { force: true });
    const store = openHistory({ path: db });
    await store.backup(copy);
    store.close();
    const mcp = await startMcp({ userDataDir: join(dir, 'ud-mcp'), args: ['--db', copy] });
    try {
      const reply = await mcp.call('list_alerts', { limit: 5 });
      const text = (reply.content as Array<{ text: string }>).map((c) => c.text).join('\n');
      expect(text).not.toMatch(/Still comparing/);
      expect(text).toMatch(/^[1-9]\d* alerts? match/m);
    } finally {
      await mcp.close();
    }
  });

  it('a client report written first compares the runs, and lists their alerts', async () => {
    const out = await runCli(
      ['report', '--monitor', monitor, '--out', join(dir, 'report.html'), '--db', db, '--json'],
      join(dir, 'ud'),
    );
    expect(out.code, out.stderr).toBe(0);
    expect(out.stderr).toMatch(/Comparing \d+ monitor runs? not compared yet/);
    const report = JSON.parse(out.stdout) as { alerts: number };
    expect(report.alerts).toBe(alertsOf(monitor));
    expect(report.alerts).toBeGreaterThan(0);
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).not.toContain('No change alerts were raised');
  });
});
