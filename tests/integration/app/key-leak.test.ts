import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/core/app';
import { openSettingsStore } from '../../../src/core/platform/settings';
import { startSandbox } from '../../../src/sandbox';
import type { RunningSandbox } from '../../../src/sandbox/types';
import { createMemorySecretStore } from '../../support/memory-secret-store';

// The key-leak test: an end-to-end run with a known key through the real core and the
// sandbox as the service, then every IPC response, event, log line, database file,
// settings file, export and backup is searched for the key and its first 12 characters.

describe('the API key leaks nowhere', () => {
  let sandbox: RunningSandbox;
  let core: Core;
  let dir: string;
  const responses: string[] = [];
  const events: string[] = [];
  const logs: string[] = [];

  const call = async (channel: string, payload: unknown): Promise<unknown> => {
    const result = await core.router.invoke(channel, payload);
    responses.push(JSON.stringify(result));
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.value;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parallax-leak-'));
    mkdirSync(join(dir, 'exports'));
    sandbox = await startSandbox({ latencyMs: 5, plan: 'Lite' });
    const settings = openSettingsStore({ userDataDir: join(dir, 'userdata') });
    settings.update({ sandboxMode: false, baseUrl: sandbox.baseUrl, plan: 'Lite' });
    core = await createCore({
      app: {
        name: 'Parallax',
        version: 'test',
        platform: process.platform,
        userDataPath: join(dir, 'userdata'),
      },
      dbPath: join(dir, 'userdata', 'parallax.db'),
      settings,
      secrets: createMemorySecretStore(),
      now: () => Date.now(),
      fetch: globalThis.fetch,
      openExternal: async () => undefined,
      chooseSavePath: async ({ defaultName }) => join(dir, 'exports', defaultName),
      pollIntervalMs: { min: 20, max: 50 },
      logError: (line) => logs.push(line),
    });
    core.events.subscribe((event, payload) => events.push(JSON.stringify({ event, payload })));
  });

  afterAll(async () => {
    await core?.close();
    await sandbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs end to end with the key, then finds it in no response, event, log, file or export', async () => {
    const key = sandbox.apiKey;
    const status = (await call('key.set', { key })) as { configured: boolean; masked: string };
    expect(status).toMatchObject({ configured: true, masked: `sk_…${key.slice(-4)}` });

    const spec = {
      prompts: ['best running shoes'],
      engines: ['assistant-a'],
      countries: ['US', 'DE'],
      repeats: 1,
    };
    await call('runs.estimate', spec);
    const { runId } = (await call('runs.start', spec)) as { runId: string };
    const done = await (await core.runs.engine()).wait(runId);
    expect(done.counts.succeeded).toBe(2);

    await call('key.status', { refresh: true });
    await call('runs.list', {});
    await call('runs.get', { runId });
    const cells = (await call('runs.matrix', { runId })) as Array<{ resultId: string }>;
    const resultIds = cells.map((c) => c.resultId);
    await call('results.get', { resultIds });
    await call('results.raw', { resultId: resultIds[0] });
    await call('history.search', { query: 'shoes' });
    await call('credits.get', {});
    await call('queue.status', {});
    await call('settings.get', {});
    for (const format of ['csv', 'json', 'xlsx', 'md', 'html'] as const)
      await call('export.run', { runId, format });
    await call('export.compareReport', { resultIds });
    await call('db.backup', {});
    // A failing call must not echo the key either.
    const refused = await core.router.invoke('key.set', { key: `${key}x` });
    responses.push(JSON.stringify(refused));
    expect(refused.ok).toBe(false);
    await core.close();

    const needles = [key, key.slice(0, 12)];
    const haystacks: Array<[string, string]> = [
      ...responses.map((r, i): [string, string] => [`IPC response ${i}`, r]),
      ...events.map((e, i): [string, string] => [`event ${i}`, e]),
      ...logs.map((l, i): [string, string] => [`log ${i}`, l]),
      ...filesUnder(dir).map((file): [string, string] => [file, readFileSync(file).toString('latin1')]),
      // An XLSX is a zip: search the text of its cells, not the compressed bytes.
      ...(await Promise.all(
        filesUnder(join(dir, 'exports'))
          .filter((file) => file.endsWith('.xlsx'))
          .map(async (file): Promise<[string, string]> => [`${file} (cells)`, await xlsxText(file)]),
      )),
    ];
    expect(filesUnder(join(dir, 'exports')).length).toBe(7);
    expect(haystacks.some(([name]) => name.endsWith('parallax.db'))).toBe(true);
    expect(haystacks.some(([name]) => name.endsWith('config.json'))).toBe(true);
    for (const [name, text] of haystacks) {
      for (const needle of needles) expect(text.includes(needle), `${name} contains the key`).toBe(false);
    }
  });
});

function filesUnder(root: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(root)) {
    const path = join(root, entry);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

async function xlsxText(file: string): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const parts: string[] = [];
  workbook.eachSheet((sheet) => sheet.eachRow((row) => parts.push(JSON.stringify(row.values))));
  expect(parts.length).toBeGreaterThan(1);
  return parts.join('\n');
}
