import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSettingsStore } from '../../../src/core/platform/settings/conf-settings-store';
import type { Settings } from '../../../src/core/platform/settings/schema';
import { startSandbox } from '../../../src/sandbox';
import type { RunningSandbox } from '../../../src/sandbox/types';
import { dataOf, startMcp, textOf, type McpSession } from './mcp-client';

// The run tools of `parallax mcp`: listed only while Settings allow it (switching it in the
// app shows or hides them without a restart), an estimate first (its token starts exactly that
// run, once), and a budget cap on the paid service, here a sandbox on 127.0.0.1 standing in
// for it (a real key-authenticated HTTP service); the built-in sandbox is always allowed.

const SPEC = { prompts: ['best trail running shoes'], engines: ['assistant-a'], countries: ['US', 'DE'] };

interface Estimate {
  estimate: { jobs: number; maxCredits: number; blockers: string[] };
  sandbox: boolean;
  cap: number | null;
  estimateToken: string | null;
}
interface RunData {
  run: { status: string; sandbox: boolean; creditsCharged: number; total: number };
  jobs: Array<{ state: string; resultId: string | null }>;
}

let dir = '';

function saveSettings(userDataDir: string, patch: Partial<Settings>): void {
  openSettingsStore({ userDataDir }).update(patch);
}

/** Reads the run until its jobs are done (bounded: a stuck run fails the test, no timing asserted). */
async function finishedRun(mcp: McpSession, runId: string): Promise<RunData> {
  for (let i = 0; i < 300; i++) {
    const data = dataOf<RunData>(await mcp.call('get_run', { runId }));
    if (['completed', 'failed', 'canceled'].includes(data.run.status)) return data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`run ${runId} did not finish`);
}

const toolNames = async (mcp: McpSession): Promise<string[]> =>
  (await mcp.client.listTools()).tools.map((t) => t.name);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-mcp-runs-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parallax mcp --sandbox with runs turned on', () => {
  const home = (): string => join(dir, 'sandbox-user');
  let mcp: McpSession;
  let listChanged = 0;
  beforeAll(async () => {
    saveSettings(home(), { mcpRunsEnabled: true });
    mcp = await startMcp({ userDataDir: home(), args: ['--sandbox', '--db', join(home(), 'history.db')] });
    mcp.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      listChanged++;
    });
  }, 60_000);
  afterAll(() => mcp?.close());

  it('lists the run tools, and starts only a run it estimated, once', async () => {
    const { tools } = await mcp.client.listTools();
    const start = tools.find((t) => t.name === 'start_run');
    expect(start?.annotations?.readOnlyHint).toBe(false);
    expect(tools.map((t) => t.name)).toContain('estimate_run');

    const guessed = await mcp.call('start_run', { estimateToken: 'a-guessed-token' });
    expect(guessed.isError).toBe(true);
    expect(textOf(guessed)).toContain('ESTIMATE_TOKEN_INVALID');

    // The Compose view's run spec schema: an unknown engine is refused before anything is priced.
    const invalid = await mcp.call('estimate_run', { ...SPEC, engines: ['no-such-engine'] });
    expect(invalid.isError).toBe(true);
    expect(textOf(invalid)).toContain('engines');

    const reply = await mcp.call('estimate_run', SPEC);
    const priced = dataOf<Estimate>(reply);
    expect(priced.sandbox).toBe(true);
    expect(priced.cap).toBeNull();
    expect(priced.estimate.jobs).toBe(2);
    expect(priced.estimateToken).toEqual(expect.any(String));
    expect(textOf(reply)).toContain('sandbox (synthetic answers, no credits spent)');
    expect(textOf(reply)).toContain(priced.estimateToken as string);

    const started = dataOf<{ runId: string; jobs: number }>(
      await mcp.call('start_run', { estimateToken: priced.estimateToken }),
    );
    expect(started.jobs).toBe(2);
    const again = await mcp.call('start_run', { estimateToken: priced.estimateToken });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toContain('already used');

    const done = await finishedRun(mcp, started.runId);
    expect(done.run.status).toBe('completed');
    expect(done.run.sandbox).toBe(true);
    expect(done.jobs.map((j) => j.state)).toEqual(['succeeded', 'succeeded']);
    const answer = dataOf<{ prompt: string; synthetic: boolean }>(
      await mcp.call('get_result', { resultId: done.jobs[0]?.resultId }),
    );
    expect(answer).toMatchObject({ prompt: SPEC.prompts[0], synthetic: true });
  });

  it('prices tracking shopping and ads, and the run it starts sends the flags', async () => {
    const reply = await mcp.call('estimate_run', {
      ...SPEC,
      commerce: { shoppingAndAds: true, expandProducts: false },
    });
    const priced = dataOf<Estimate & { estimate: { commerce?: { credits: number } } }>(reply);
    expect(priced.estimate.maxCredits).toBe(14);
    expect(priced.estimate.commerce?.credits).toBe(4);
    expect(textOf(reply)).toContain(
      'Shopping and ads: up to +4 credits of the maximum (assistant-a: shopping, ads).',
    );
    const started = dataOf<{ runId: string }>(
      await mcp.call('start_run', { estimateToken: priced.estimateToken }),
    );
    const done = await finishedRun(mcp, started.runId);
    // Each answer charged 7 by the sandbox: assistant-a's 5 and the +2 that include.shopping/ads pay.
    expect(done.run.creditsCharged).toBe(14);
  });

  it('names engines by the service profile in use, read on each call (JSON keeps the id)', async () => {
    const { runs } = dataOf<{ runs: Array<{ id: string }> }>(await mcp.call('list_runs', {}));
    const runId = runs[0]?.id as string;
    saveSettings(home(), { serviceProfileBuiltin: 'live' });
    try {
      const reply = await mcp.call('get_run', { runId });
      expect(textOf(reply)).toContain('Engines ChatGPT;');
      const data = dataOf<{ jobs: Array<{ engine: string; engineLabel: string; resultId: string }> }>(reply);
      expect(data.jobs[0]).toMatchObject({ engine: 'assistant-a', engineLabel: 'ChatGPT' });
      expect(textOf(await mcp.call('list_runs', {}))).toContain('ChatGPT');
      const result = await mcp.call('get_result', { resultId: data.jobs[0]?.resultId });
      expect(textOf(result)).toMatch(/^Result \S+ \(run \S+\): ChatGPT, /);
    } finally {
      saveSettings(home(), { serviceProfileBuiltin: null });
    }
    expect(textOf(await mcp.call('get_run', { runId }))).toContain('Engines Assistant A;');
  });

  it('hides the run tools as soon as Settings turn them off, and shows them again', async () => {
    saveSettings(home(), { mcpRunsEnabled: false });
    await mcp.call('list_runs'); // any call reads the setting again
    expect(await toolNames(mcp)).not.toContain('estimate_run');
    const refused = await mcp.call('estimate_run', SPEC);
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/disabled/);
    expect(listChanged).toBeGreaterThanOrEqual(1);

    saveSettings(home(), { mcpRunsEnabled: true });
    await mcp.call('list_brands');
    expect(await toolNames(mcp)).toEqual(expect.arrayContaining(['estimate_run', 'start_run']));
  });
});

describe('parallax mcp against a paid service', () => {
  const home = (): string => join(dir, 'service-user');
  let service: RunningSandbox;
  let mcp: McpSession;
  beforeAll(async () => {
    service = await startSandbox({ latencyMs: 1 });
    saveSettings(home(), {
      baseUrl: service.baseUrl,
      mcpRunsEnabled: true,
      budgetCap: null,
      mcpBudgetCap: null,
    });
    mcp = await startMcp({
      userDataDir: home(),
      args: ['--db', join(home(), 'history.db')],
      env: { PARALLAX_API_KEY: service.apiKey },
    });
  }, 60_000);
  afterAll(async () => {
    await mcp?.close();
    await service?.close();
  });

  it('needs a budget cap, keeps to it at estimate and at start, and falls back to the per-run cap', async () => {
    const uncapped = await mcp.call('estimate_run', SPEC);
    expect(uncapped.isError).toBe(true);
    expect(textOf(uncapped)).toContain('BUDGET_CAP_REQUIRED');

    saveSettings(home(), { mcpBudgetCap: 100_000 });
    const priced = dataOf<Estimate>(await mcp.call('estimate_run', SPEC));
    expect(priced.sandbox).toBe(false);
    expect(priced.cap).toBe(100_000);
    const max = priced.estimate.maxCredits;
    expect(max).toBeGreaterThan(1);

    // The analyst lowers the cap after the estimate: the start is refused.
    saveSettings(home(), { mcpBudgetCap: max - 1 });
    const lowered = await mcp.call('start_run', { estimateToken: priced.estimateToken });
    expect(lowered.isError).toBe(true);
    expect(textOf(lowered)).toContain(`above the assistant's budget cap of ${max - 1} credits`);

    // Above the cap, the estimate says why and gives no token.
    const refused = await mcp.call('estimate_run', SPEC);
    const over = dataOf<Estimate>(refused);
    expect(over.estimateToken).toBeNull();
    expect(over.estimate.blockers.join(' ')).toContain(`above its budget of ${max - 1} credits`);
    expect(textOf(refused)).toContain('This run would be refused');

    // No assistant cap: the app's per-run cap applies.
    saveSettings(home(), { mcpBudgetCap: null, budgetCap: max });
    const allowed = dataOf<Estimate>(await mcp.call('estimate_run', SPEC));
    expect(allowed.cap).toBe(max);
    const started = dataOf<{ runId: string; sandbox: boolean }>(
      await mcp.call('start_run', { estimateToken: allowed.estimateToken }),
    );
    expect(started.sandbox).toBe(false);
    const done = await finishedRun(mcp, started.runId);
    expect(done.run.status).toBe('completed');
    expect(done.run.sandbox).toBe(false);
    expect(done.run.creditsCharged).toBeLessThanOrEqual(max);
  });
});
