import Papa from 'papaparse';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/core/runs/api/client';
import { openHistory } from '../../../src/core/history';
import { ENGINE_NAMES, ENGINES } from '../../../src/shared/api/engines';
import { builtinProfile } from '../../../src/shared/profile/builtin';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox';
import { runCliToEndInProcess as runCliToEnd } from '../../support/cli-in-process';
import { startRenamingProxy, type RenamingProxy } from '../../support/renaming-proxy';

// `--profile live` against a deployment that uses the live service's names: a renaming proxy
// (tests/support/renaming-proxy.ts) in front of the sandbox answers only to chatgpt, CHATGPT,
// ?model=chatgpt … and maps them to the sandbox's neutral names. Every sync engine, every async
// task type (batch and single), the queue status and the countries filter go through it; the
// answers are stored under Parallax's own engine ids and printed with the live labels.

const LIVE = builtinProfile('live').profile;
const LABELS = ENGINE_NAMES.map((e) => LIVE.engines[e].label);

let sandbox: RunningSandbox;
let proxy: RenamingProxy;
let dir = '';
const engineFlags = ENGINE_NAMES.flatMap((e) => ['--engine', e]);
const cli = (args: string[]) =>
  runCliToEnd(['--profile', 'live', ...args], { userDataDir: join(dir, 'ud'), apiKey: sandbox.apiKey });

beforeAll(async () => {
  sandbox = await startSandbox({ plan: 'Lite', latencyMs: 5, seed: 7, available: 'all' });
  proxy = await startRenamingProxy(sandbox.baseUrl, LIVE);
  dir = mkdtempSync(join(tmpdir(), 'parallax-live-profile-'));
});
afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The run's jobs as stored: engine id → job state. */
function storedEngines(db: string, runId: string): Record<string, string> {
  const store = openHistory({ path: db });
  try {
    return Object.fromEntries(store.listJobs(runId).map((j) => [j.engine, j.jobState]));
  } finally {
    store.close();
  }
}

const everySucceeded = Object.fromEntries(ENGINE_NAMES.map((e) => [e, 'succeeded']));

describe('the live-service profile through a renaming proxy', () => {
  const db = (): string => join(dir, 'history.db');
  let syncRun = '';

  it('a sync run calls every engine on its live path and stores it under its own id', async () => {
    const args = ['run', '--base-url', proxy.baseUrl, '--db', db(), '--prompt', 'best running shoes'];
    const out = await cli([...args, ...engineFlags, '--countries', 'US', '--yes', '--json']);
    expect(out.code, out.stderr).toBe(0);
    const report = JSON.parse(out.stdout) as {
      runId: string;
      status: string;
      profile: { name: string; builtin: string };
    };
    syncRun = report.runId;
    expect(report).toMatchObject({ status: 'completed', profile: { name: 'Live service', builtin: 'live' } });
    expect(storedEngines(db(), syncRun)).toEqual(everySucceeded);
    for (const e of ENGINE_NAMES) {
      expect(proxy.calls()).toContain(`POST /v1/monitor/${LIVE.engines[e].path}`);
      expect(sandbox.stats().requests[`POST ${ENGINES[e].path}`]).toBe(1);
    }
    expect(proxy.calls().filter((c) => /assistant-|search-ai|\/search\b/.test(c))).toEqual([]);
  });

  it('an async run sends every live taskType in a batch and reads each task back', async () => {
    const args = ['run', '--async', '--base-url', proxy.baseUrl, '--db', db(), '--prompt', 'trail shoes'];
    const out = await cli([...args, ...engineFlags, '--countries', 'DE', '--yes', '--json']);
    expect(out.code, out.stderr).toBe(0);
    const { runId } = JSON.parse(out.stdout) as { runId: string };
    expect(storedEngines(db(), runId)).toEqual(everySucceeded);
    expect(proxy.calls()).toContain('POST /v1/async/task/batch');
    expect(proxy.calls().some((c) => c.startsWith('GET /v1/async/task/'))).toBe(true);
    expect(new Set(proxy.taskTypes())).toEqual(new Set(ENGINE_NAMES.map((e) => LIVE.engines[e].taskType)));
  });

  it('a single async task, the queue status and the countries filter use the live names', async () => {
    const client = createApiClient({ baseUrl: proxy.baseUrl, apiKey: sandbox.apiKey, profile: LIVE });
    const created = await client.createTask({
      engine: 'search-ai',
      payload: { prompt: 'ai mode', country: 'US' },
    });
    expect(created.status).toBe(200);
    expect(proxy.taskTypes().at(-1)).toBe('AIMODE');
    // The record comes back in the live names (the proxy renames the sandbox's SEARCH_AI).
    const record = await client.getTask(created.data.task.id);
    expect(record.data.task.taskType).toBe('AIMODE');
    const status = await cli(['queue', 'status', '--base-url', proxy.baseUrl, '--db', db(), '--json']);
    expect(status.code, status.stderr).toBe(0);
    expect(proxy.calls()).toContain('GET /v1/async/status');
    for (const e of ENGINE_NAMES) {
      if (LIVE.engines[e].countriesModel === null) continue;
      const out = await cli(['countries', '--model', e, '--base-url', proxy.baseUrl, '--db', db(), '--json']);
      expect(out.code, out.stderr).toBe(0);
      const { model, countries } = JSON.parse(out.stdout) as { model: string; countries: string[] };
      expect(model).toBe(LIVE.engines[e].countriesModel);
      expect(countries).toContain('US');
    }
    expect(proxy.countriesModels()).toEqual(expect.arrayContaining(['chatgpt', 'perplexity', 'aimode']));
  });

  it('show, history and the exports print the live labels; JSON keeps the engine id beside them', async () => {
    const show = await cli(['show', syncRun, '--db', db()]);
    expect(show.code, show.stderr).toBe(0);
    for (const label of LABELS) expect(show.stdout).toContain(label);
    expect(show.stdout).not.toMatch(/assistant-a|Assistant A/);
    const history = await cli(['history', '--db', db()]);
    expect(history.stdout).toContain('Microsoft Copilot');
    const json = JSON.parse((await cli(['show', syncRun, '--db', db(), '--json'])).stdout) as {
      jobs: Array<{ engine: string; engineLabel: string }>;
    };
    expect(json.jobs.find((j) => j.engine === 'assistant-a')?.engineLabel).toBe('ChatGPT');
    const csvPath = join(dir, 'run.csv');
    const exported = await cli(['export', syncRun, '--db', db(), '--format', 'csv', '--out', csvPath]);
    expect(exported.code, exported.stderr).toBe(0);
    const rows = Papa.parse<Record<string, string>>(readFileSync(csvPath, 'utf8').slice(1), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(Object.fromEntries(rows.map((r) => [r.engine, r.engineLabel]))).toEqual(
      Object.fromEntries(ENGINE_NAMES.map((e) => [e, LIVE.engines[e].label])),
    );
    const mdPath = join(dir, 'run.md');
    await cli(['export', syncRun, '--db', db(), '--format', 'md', '--out', mdPath]);
    expect(readFileSync(mdPath, 'utf8')).toContain(`- Engines: ${LABELS.join(', ')}`);
  });

  it('the spec’s names chosen on this deployment: the 404 names the path tried and the profile', async () => {
    // Chosen by name: without a choice, Parallax would pick the live profile this service answers.
    const out = await runCliToEnd(
      [
        '--profile',
        'spec',
        'run',
        '--base-url',
        proxy.baseUrl,
        '--db',
        db(),
        '--prompt',
        'x',
        '--countries',
        'US',
        '--yes',
      ],
      { userDataDir: join(dir, 'ud'), apiKey: sandbox.apiKey },
    );
    expect(out.stdout + out.stderr).toContain('POST /v1/monitor/assistant-a answered 404 RESOURCE_NOT_FOUND');
    expect(out.stdout + out.stderr).toContain('--profile live');
  });

  it('parallax profile use live makes it the profile of every later command (the app’s picker’s twin)', async () => {
    const env = { userDataDir: join(dir, 'ud-use'), apiKey: sandbox.apiKey };
    const use = await runCliToEnd(['profile', 'use', 'live', '--json'], env);
    expect(use.code, use.stderr).toBe(0);
    expect(JSON.parse(use.stdout)).toEqual({ name: 'Live service', builtin: 'live', preview: false });
    const list = JSON.parse((await runCliToEnd(['profile', 'list', '--json'], env)).stdout) as {
      profiles: Array<{ choice: string; inUse: boolean }>;
    };
    expect(list.profiles.filter((p) => p.inUse).map((p) => p.choice)).toEqual(['live']);
    const args = ['run', '--base-url', proxy.baseUrl, '--db', join(dir, 'use.db'), '--prompt', 'x'];
    const run = await runCliToEnd([...args, '--engine', 'assistant-e', '--countries', 'US', '--yes'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Google Gemini');
    expect(proxy.calls().filter((c) => c === 'POST /v1/monitor/gemini').length).toBeGreaterThan(1);
    const wrong = await runCliToEnd(['profile', 'use', 'liv'], env);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('liv is neither a built-in profile nor a file');
  });
});
