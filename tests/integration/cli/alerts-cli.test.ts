import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/core/runs/api';
import { createRunEngine } from '../../../src/core/runs/engine';
import { openHistory } from '../../../src/core/history';
import { runSpecSchema } from '../../../src/shared/domain/run-spec';
import { ALERT_KINDS } from '../../../src/shared/alerts/types';
import { startSandbox } from '../../../src/sandbox';
import { runCliAt as runCli, type InProcessOutcome as CliOut } from '../../support/cli-in-process';

// `parallax monitors options`, `monitors run --fail-on-alert`, `alerts` and `alerts read` as a
// user runs them: the CLI's parser and commands in this process (tests/support/cli-in-process.ts) on a temp history. The monitor's previous
// run is made three days ago (through the real engine against a sandbox whose clock says so), so
// today's run really differs from it.

const DAY = 86_400_000;
let dir = '';
let db = '';
let monitorId = '';
const parallax = (args: string[]): Promise<CliOut> => runCli([...args, '--db', db], dir);

/** Makes the monitor due now (the CLI runs only due monitors). */
function makeDue(): void {
  const store = openHistory({ path: db });
  store.setMonitorNextDue(monitorId, Date.now() - 60_000);
  store.close();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-alerts-cli-'));
  db = join(dir, 'history.db');
  const past = Date.now() - 3 * DAY;
  const sandbox = await startSandbox({ latencyMs: 1, clock: () => past });
  const store = openHistory({ path: db, now: () => past });
  try {
    store.saveBrand({ name: 'Veloxa', kind: 'brand', aliases: [], domains: [] });
    store.saveBrand({ name: 'Fleetfoot', kind: 'competitor', aliases: [], domains: [] });
    const spec = runSpecSchema.parse({
      prompts: ['best running shoes'],
      engines: ['assistant-a'],
      countries: ['US', 'DE'],
    });
    const monitor = store.saveMonitor({ name: 'Shoes watch', cadence: 'daily', spec, nextDueAt: past + DAY });
    monitorId = monitor.id;
    const engine = createRunEngine({
      store,
      client: createApiClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey }),
      now: () => past,
      plan: () => 'Starter',
    });
    const { runId } = await engine.start(spec, {
      keyLabel: 'sandbox',
      sandbox: true,
      baseUrl: sandbox.baseUrl,
      monitorId,
    });
    await engine.wait(runId);
    await engine.close();
  } finally {
    store.close();
    await sandbox.close();
  }
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('alerts CLI', () => {
  it('sets a monitor’s options, validating each flag', async () => {
    const bad = await parallax(['monitors', 'options', 'Shoes watch', '--webhook', 'ftp://example.com/x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('http');
    const badRule = await parallax(['monitors', 'options', 'Shoes watch', '--rule', 'brand-vanished=off']);
    expect(badRule.code).toBe(2);
    expect(badRule.stderr).toContain('--rule');

    // A new monitor starts with the sources and wording rules off (they are most of the noise).
    const fresh = JSON.parse((await parallax(['monitors', 'options', 'Shoes watch', '--json'])).stdout) as {
      rules: { kinds: Record<string, boolean>; discrepancyMinChange: number };
    };
    expect(fresh.rules.kinds).toMatchObject({
      'brand-dropped': true,
      trend: true,
      'sources-changed': false,
      'answer-changed': false,
    });

    // Any change of answer text fires (similarity < 1): today's answers differ from 3 days ago.
    const out = await parallax([
      'monitors',
      'options',
      'shoes WATCH',
      '--similarity',
      '1',
      '--rule',
      'answer-changed=on',
      '--webhook',
      'https://hooks.example.com/services/T0/B0/secret',
      '--json',
    ]);
    expect(out.code, out.stderr).toBe(0);
    const saved = JSON.parse(out.stdout) as {
      rules: { similarityBelow: number; kinds: Record<string, boolean> };
      webhook: string;
      saved: boolean;
    };
    expect(saved.saved).toBe(true);
    expect(saved.rules.similarityBelow).toBe(1);
    expect(saved.rules.kinds['sources-changed']).toBe(false);
    expect(saved.rules.kinds['answer-changed']).toBe(true);
    expect(saved.rules.kinds['brand-dropped']).toBe(true);
    expect(saved.webhook).toBe('https://hooks.example.com/…');
    expect(out.stdout).not.toContain('secret');
    // The webhook is removed again (this test must not post to example.com).
    const off = await parallax(['monitors', 'options', monitorId, '--no-webhook']);
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout).toContain('webhook        none');

    // The commerce thresholds: on by default at 10 points and 10 %, set in points and percent.
    expect(fresh.rules.kinds).toMatchObject({
      'shelf-moved': true,
      'price-moved': true,
      'conquest-began': true,
    });
    const badPrice = await parallax(['monitors', 'options', monitorId, '--price-percent', '0']);
    expect(badPrice.code).toBe(2);
    expect(badPrice.stderr).toContain('--price-percent');
    const commerce = await parallax([
      'monitors',
      'options',
      monitorId,
      '--shelf-points',
      '15',
      '--price-percent',
      '20',
    ]);
    expect(commerce.code, commerce.stderr).toBe(0);
    expect(commerce.stdout).toContain('shelf presence ≥ 15 points, price ≥ 20 %');

    // The facts kinds: on by default, the discrepancy rise threshold in points (default 5).
    expect(fresh.rules.kinds).toMatchObject({ 'fact-contradicted': true, 'discrepancy-rose': true });
    expect(fresh.rules.discrepancyMinChange).toBe(0.05);
    const badPoints = await parallax(['monitors', 'options', monitorId, '--discrepancy-points', '101']);
    expect(badPoints.code).toBe(2);
    expect(badPoints.stderr).toContain('--discrepancy-points');
    const facts = await parallax(['monitors', 'options', monitorId, '--discrepancy-points', '12']);
    expect(facts.code, facts.stderr).toBe(0);
    expect(facts.stdout).toContain('discrepancy rate ≥ 12 points');
  });

  it('monitors run prints the alerts it raised and exits 3 with --fail-on-alert', async () => {
    makeDue();
    const out = await parallax(['monitors', 'run', '--sandbox', '--fail-on-alert', '--webhook-wait', '0']);
    expect(out.code, out.stderr).toBe(3);
    expect(out.stdout).toMatch(/Shoes watch: [0-9a-f-]{36} completed/);
    expect(out.stdout).toMatch(/\d+ change alerts? against run [0-9a-f-]{36}/);
    // Each change one plain sentence with its severity; the statistics on the line below.
    expect(out.stdout).toMatch(
      /\[low\] +The answer was reworded: \d+ % of the wording is the same as before/,
    );
    expect(out.stdout).toMatch(/Word similarity between the two runs’ answers: \d+ %/);

    const listed = await parallax(['alerts', '--since', '1d', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    const page = JSON.parse(listed.stdout) as {
      total: number;
      unread: number;
      alerts: Array<{
        id: string;
        kind: string;
        monitor: { name: string };
        prompt: string | null;
        engine: string | null;
        location: string | null;
        runId: string;
        prevRunId: string;
        before: { value: number; n: number };
        after: { value: number; n: number };
      }>;
    };
    expect(page.total).toBeGreaterThan(0);
    expect(page.unread).toBe(page.total);
    const cell = page.alerts.find((a) => a.kind === 'answer-changed' && a.location !== null);
    expect(cell).toMatchObject({
      monitor: { name: 'Shoes watch' },
      prompt: 'best running shoes',
      engine: 'assistant-a',
    });
    expect(cell!.runId).not.toBe(cell!.prevRunId);
    expect(cell!.after.value).toBeLessThan(1);
    expect(page.alerts.every((a) => a.kind !== 'sources-changed')).toBe(true);

    const text = await parallax([
      'alerts',
      '--unread',
      '--kind',
      'answer-changed',
      '--monitor',
      'Shoes watch',
    ]);
    expect(text.code).toBe(0);
    // One digest for the run; wording changes are folded into one line.
    expect(text.stdout).toMatch(
      /\d+ changes? in Shoes watch \(run [0-9a-f-]{36} against [0-9a-f-]{36}, \d+ unread\)/,
    );
    // Nothing else is listed, so the folded line does not say "more".
    expect(text.stdout).toMatch(
      /^ {2}\d+ changes? in cited sites and wording: The answers? (was|were) reworded/m,
    );

    const badKind = await parallax(['alerts', '--kind', 'nonsense']);
    expect(badKind.code).toBe(2);

    const one = await parallax(['alerts', 'read', cell!.id, '--json']);
    expect(JSON.parse(one.stdout)).toEqual({ changed: 1, unread: page.total - 1 });
    const all = await parallax(['alerts', 'read', '--all']);
    expect(all.stdout).toContain(`Marked ${page.total - 1} alerts read; 0 unread.`);
    expect(JSON.parse((await parallax(['alerts', '--unread', '--json'])).stdout).total).toBe(0);
  });

  it('exits 0 with --fail-on-alert when no rule fires', async () => {
    const off = await parallax([
      'monitors',
      'options',
      'Shoes watch',
      ...ALERT_KINDS.flatMap((r) => ['--rule', `${r}=off`]),
    ]);
    expect(off.code, off.stderr).toBe(0);
    makeDue();
    const out = await parallax([
      'monitors',
      'run',
      '--sandbox',
      '--fail-on-alert',
      '--webhook-wait',
      '0',
      '--json',
    ]);
    expect(out.code, out.stderr).toBe(0);
    const body = JSON.parse(out.stdout) as { runs: Array<{ status: string; alerts: unknown[] }> };
    expect(body.runs).toHaveLength(1);
    expect(body.runs[0]).toMatchObject({ status: 'completed', alerts: [] });
  });
});
