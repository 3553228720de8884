import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHistory } from '../../../src/core/history';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox';
import { runCliToEndInProcess as runCliToEnd } from '../../support/cli-in-process';
import { startHostileService, type HostileService } from '../../support/hostile-service';

// An async task record without `credits` (some published examples have none) is reconciled from
// the account balance, as the run's other charges are, and flagged as estimated:
// the hostile service strips `credits` from every task record of a real `parallax run --async`.
// The run's credits then equal what the sandbox charged, and say part of them is estimated.
// Before, those jobs recorded 0 while the balance fell.

let sandbox: RunningSandbox;
let hostile: HostileService;
let dir = '';

beforeAll(async () => {
  sandbox = await startSandbox({ plan: 'Lite', latencyMs: 5, seed: 12 });
  hostile = await startHostileService(sandbox.baseUrl, {
    rewriteTask: (record) => {
      delete record.credits;
    },
  });
  dir = mkdtempSync(join(tmpdir(), 'parallax-unstated-credits-'));
});
afterAll(async () => {
  await hostile?.close();
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('credits the service did not state', () => {
  it('are estimated from the balance and flagged, so the run totals what the sandbox charged', async () => {
    const db = join(dir, 'history.db');
    const out = await runCliToEnd(
      [
        'run',
        '--async',
        '--base-url',
        hostile.baseUrl,
        '--db',
        db,
        '--prompt',
        'a',
        '--prompt',
        'b',
        '--countries',
        'US,DE',
        '--yes',
        '--json',
      ],
      { userDataDir: join(dir, 'ud'), apiKey: sandbox.apiKey },
    );
    expect(out.code, out.stderr).toBe(0);
    const report = JSON.parse(out.stdout) as { runId: string; creditsEstimated: number };
    const charged = Object.values(sandbox.stats().creditsCharged).reduce((a, b) => a + b, 0);
    expect(charged).toBeGreaterThan(0);
    const store = openHistory({ path: db });
    try {
      const jobs = store.listJobs(report.runId);
      expect(jobs.every((j) => j.creditsEstimated && j.creditsCharged !== null)).toBe(true);
      expect(store.countJobs(report.runId).creditsCharged).toBe(charged);
      expect(store.getRun(report.runId)?.creditsEstimated).toBe(charged);
    } finally {
      store.close();
    }
    expect(report.creditsEstimated).toBe(charged);
  });
});
