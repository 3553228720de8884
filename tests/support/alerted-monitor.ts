import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareUncheckedRuns } from '../../src/core/alerts';
import { openHistory } from '../../src/core/history';

/**
 * The name of the monitor whose runs raise the most alerts in the history at `db`, found by
 * comparing its runs in a throwaway copy: the history itself stays uncompared, for a test of
 * what compares it first. A demo built on today's clock raises alerts on different monitors
 * from one day to the next, so a test cannot name the monitor beforehand.
 */
export async function mostAlertedMonitor(db: string): Promise<{ name: string; alerts: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'parallax-alerted-'));
  const copy = join(dir, 'copy.db');
  try {
    const source = openHistory({ path: db, readonly: true });
    try {
      await source.backup(copy);
    } finally {
      source.close();
    }
    const store = openHistory({ path: copy });
    try {
      await compareUncheckedRuns({ store, now: Date.now });
      const counts = store.listMonitors().map((m) => ({
        name: m.name,
        alerts: store.listAlerts({ monitorId: m.id, limit: 1 }).total,
      }));
      return counts.reduce((best, m) => (m.alerts > best.alerts ? m : best));
    } finally {
      store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
