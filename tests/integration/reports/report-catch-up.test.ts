import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/core/app';
import { openSettingsStore } from '../../../src/core/platform/settings';
import { mostAlertedMonitor } from '../../support/alerted-monitor';
import { demoHistoryCopy } from '../../support/demo-history';
import { createTestCore } from '../../support/test-core';

// The app's Client report (reports.write over the real core's IPC router) compares the monitor
// runs nobody compared first: here a demo history is stored into the open app's file through a
// connection of its own, as another process would, so the app never saw its runs finish. The
// demo is the shared 3-day one before its runs were compared, written into the app's file page
// by page through SQLite's backup API.

let dir = '';
let core: Core | null = null;
afterAll(async () => {
  await core?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the app\u2019s Client report', () => {
  it('compares the runs not compared yet before it writes, and lists their alerts', async () => {
    dir = mkdtempSync(join(tmpdir(), 'parallax-report-catch-up-'));
    const out = join(dir, 'report.html');
    core = await createTestCore(dir, openSettingsStore({ userDataDir: dir }), {
      chooseSavePath: async () => out,
    });
    const db = join(dir, 'parallax.db');
    const copy = await demoHistoryCopy({ days: 3, alerts: 'unchecked' });
    const demo = new Database(copy, { readonly: true });
    try {
      await demo.backup(db);
    } finally {
      demo.close();
      rmSync(dirname(copy), { recursive: true, force: true });
    }
    expect(core.store.uncheckedMonitorRuns().length).toBeGreaterThan(0);
    // The monitor whose runs raise the most alerts, found in a compared copy (which one depends
    // on the days the demo was built for); the app's file stays uncompared.
    const alerted = await mostAlertedMonitor(db);
    expect(alerted.alerts).toBeGreaterThan(0);
    const monitor = core.store.listMonitors().find((m) => m.name === alerted.name)!;
    const written = await core.router.invoke('reports.write', {
      monitorId: monitor.id,
      period: { days: 30 },
    });
    expect(written.ok).toBe(true);
    expect(core.store.uncheckedMonitorRuns()).toEqual([]);
    expect(core.store.listAlerts({ monitorId: monitor.id, limit: 1 }).total).toBeGreaterThan(0);
    expect(readFileSync(out, 'utf8')).not.toContain('No change alerts were raised');
  }, 120_000);
});
