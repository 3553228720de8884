import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/core/runs/api';
import { createMonitorScheduler, createRunEngine, type RunEngine } from '../../../src/core/runs/engine';
import { openHistory, type HistoryStore } from '../../../src/core/history';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedEmptyHistory } from '../../support/empty-history';
import { fastSleep, META, spec } from './harness';

// "Track shopping and ads" from the spec to the wire: a recording proxy on 127.0.0.1 in front of
// the sandbox keeps every monitor request body the run engine sends, so the test reads exactly the
// include flags each engine received; the estimate adds the spec's credits and the budget holds.

interface Seen {
  path: string;
  body: Record<string, unknown>;
}

let sandbox: RunningSandbox;
let proxy: Server;
let proxyUrl = '';
let store: HistoryStore;
let engine: RunEngine;
let dir = '';
const seen: Seen[] = [];

/** Forwards every request to the sandbox, keeping the monitor calls' bodies. */
function startProxy(target: string): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.url?.startsWith('/v1/monitor/') && body.length > 0)
        seen.push({ path: req.url, body: JSON.parse(body.toString('utf8')) as Record<string, unknown> });
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
      void fetch(`${target}${req.url ?? '/'}`, {
        method: req.method,
        headers,
        ...(body.length > 0 ? { body } : {}),
      }).then(async (upstream) => {
        const out: Record<string, string> = {};
        upstream.headers.forEach((v, k) => {
          if (k !== 'content-length' && k !== 'content-encoding' && k !== 'transfer-encoding') out[k] = v;
        });
        res.writeHead(upstream.status, out);
        res.end(Buffer.from(await upstream.arrayBuffer()));
      });
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 0, seed: 7, available: 'all', plan: 'Starter' });
  proxy = await startProxy(sandbox.baseUrl);
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), 'parallax-commerce-option-'));
  const dbPath = join(dir, 'history.db');
  seedEmptyHistory(dbPath);
  store = openHistory({ path: dbPath });
  const client = createApiClient({ baseUrl: proxyUrl, apiKey: sandbox.apiKey, sleep: fastSleep });
  engine = createRunEngine({ store, client, now: Date.now, sleep: fastSleep, plan: () => 'Starter' });
});

afterAll(async () => {
  await engine.close();
  store.close();
  await new Promise((resolve) => proxy.close(resolve));
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

const ENGINES = ['assistant-a', 'assistant-b', 'search', 'search-ai'] as const;
const PATHS: Record<(typeof ENGINES)[number], string> = {
  'assistant-a': '/v1/monitor/assistant-a',
  'assistant-b': '/v1/monitor/assistant-b',
  search: '/v1/monitor/search',
  'search-ai': '/v1/monitor/search-ai',
};
const includeOf = (path: string): unknown => seen.find((s) => s.path === path)?.body['include'];

describe('the "track shopping and ads" option', () => {
  it('prices the documented credits: assistant-a +2, search-ai expandProducts up to +6, the rest +0', async () => {
    const base = spec({ prompts: ['best running shoes'], engines: [...ENGINES], countries: ['US'] });
    // assistant-a 5, assistant-b 4, search 3, search-ai 4.
    expect((await engine.estimate(base)).maxCredits).toBe(16);
    expect((await engine.estimate(base)).commerce).toBeUndefined();
    const shopping = await engine.estimate({
      ...base,
      commerce: { shoppingAndAds: true, expandProducts: false },
    });
    expect(shopping.maxCredits).toBe(18);
    expect(shopping.commerce).toEqual({
      credits: 2,
      engines: [{ engine: 'assistant-a', flags: ['shopping', 'ads'] }],
    });
    const expanded = await engine.estimate({
      ...base,
      commerce: { shoppingAndAds: true, expandProducts: true },
    });
    expect(expanded.maxCredits).toBe(24);
    expect(expanded.commerce?.credits).toBe(8);
    // The shared +2 of assistant-a is paid once: with the raw response already on, the option adds nothing there.
    const raw = await engine.estimate({
      ...base,
      engineOptions: { 'assistant-a': { include: { rawResponse: true } } },
      commerce: { shoppingAndAds: true, expandProducts: false },
    });
    expect(raw.maxCredits).toBe(18);
    expect(raw.commerce?.credits).toBe(0);
  });

  it('holds the budget: the option pushes the run over it, and it is refused before a credit is spent', async () => {
    const over = spec({
      prompts: ['best running shoes'],
      engines: [...ENGINES],
      countries: ['US'],
      budget: 20,
      commerce: { shoppingAndAds: true, expandProducts: true },
    });
    const estimate = await engine.estimate(over);
    expect(estimate.blockers.join(' ')).toMatch(/up to 24 credits, above its budget of 20/);
    const before = seen.length;
    await expect(engine.start(over, META)).rejects.toThrow(/budget of 20/);
    expect(seen.length).toBe(before);
  });

  it('sends include.shopping and include.ads to assistant-a, include.expandProducts to search-ai, nothing new elsewhere', async () => {
    seen.length = 0;
    const run = spec({
      prompts: ['best running shoes'],
      engines: [...ENGINES],
      countries: ['US', 'DE'],
      engineOptions: { 'assistant-a': { include: { markdown: true } } },
      commerce: { shoppingAndAds: true, expandProducts: true },
    });
    const { runId } = await engine.start(run, META);
    const end = await engine.wait(runId);
    expect(end.counts.succeeded).toBe(8);
    expect(seen).toHaveLength(8);
    for (const s of seen.filter((x) => x.path === PATHS['assistant-a']))
      expect(s.body['include']).toEqual({ markdown: true, shopping: true, ads: true });
    for (const s of seen.filter((x) => x.path === PATHS['search-ai']))
      expect(s.body['include']).toEqual({ expandProducts: true });
    expect(includeOf(PATHS['assistant-b'])).toBeUndefined();
    expect(includeOf(PATHS.search)).toBeUndefined();
    // The stored run carries the flags it was run with.
    const record = store.getRun(runId);
    expect(record?.engineOptions['assistant-a']?.include).toEqual({
      markdown: true,
      shopping: true,
      ads: true,
    });
    expect(record?.engineOptions['search-ai']?.include).toEqual({ expandProducts: true });
  });

  it('a monitor keeps the option and its runs send the flags', async () => {
    seen.length = 0;
    const scheduler = createMonitorScheduler({ store, engine, now: Date.now, runMeta: () => META });
    const saved = scheduler.add({
      name: 'shoes with shopping',
      cadence: 'daily',
      spec: spec({
        prompts: ['best trail running shoes'],
        engines: ['assistant-a', 'assistant-e'],
        countries: ['GB'],
        commerce: { shoppingAndAds: true, expandProducts: false },
      }),
    });
    expect(store.getMonitor(saved.id)?.spec.commerce).toEqual({
      shoppingAndAds: true,
      expandProducts: false,
    });
    const outcome = await scheduler.runNow(saved.id);
    expect(outcome.error).toBeNull();
    await engine.wait(outcome.runId as string);
    expect(includeOf(PATHS['assistant-a'])).toEqual({ shopping: true, ads: true });
    expect(includeOf('/v1/monitor/assistant-e')).toBeUndefined();
    expect(seen).toHaveLength(2);
  });
});
