import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHistory, type HistoryStore } from '../../../src/core/history';
import { createVisibilityService } from '../../../src/core/analysis/visibility';
import type { VisibilityOverview, CitationGapsView } from '../../../src/shared/visibility/types';
import { demoHistoryCopy } from '../../support/demo-history';
import { runCliAt as runCli } from '../../support/cli-in-process';
import { dataOf, startMcp, textOf, type McpSession } from './mcp-client';

// `parallax mcp` over a demo history (2 days, 6 locations, 3 monitors, real sandbox answers
// through the real run engine), driven by the SDK's own client over stdio: every read tool
// answers with text and structured content, the numbers are the visibility service's own for
// the same input, inputs are checked with the IPC contract's schemas, and stdout stays pure
// protocol.

const READ_TOOLS = [
  'list_runs',
  'get_run',
  'list_monitors',
  'list_brands',
  'search_answers',
  'get_result',
  'compare_locations',
  'brand_visibility',
  'visibility_breakdown',
  'brand_positioning',
  'commerce_shelf',
  'commerce_ads',
  'brand_facts',
  'what_changed',
  'cited_sources',
  'citation_gaps',
  'cited_pages',
  'list_alerts',
];

let dir = '';
let db = '';
let mcp: McpSession;
/** The same history read directly, to check the tools' numbers against the services. */
let store: HistoryStore;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-mcp-'));
  // A 2-day demo history whose monitor runs nobody compared yet (as another connection leaves
  // it): a copy of the shared one (tests/support/demo-history.ts); list_alerts compares first.
  db = await demoHistoryCopy({ days: 2, alerts: 'unchecked', to: join(dir, 'history.db') });
  // Any change of answer text between the two days fires on this monitor (not yet compared:
  // list_alerts compares it first).
  const options = await runCli(
    // (Wording changes are off for a new monitor: switched on here.)
    [
      'monitors',
      'options',
      'Demo · Buying guides',
      '--similarity',
      '1',
      '--rule',
      'answer-changed=on',
      '--db',
      db,
    ],
    dir,
  );
  expect(options.code, options.stderr).toBe(0);
  mcp = await startMcp({ userDataDir: dir, args: ['--db', db] });
  store = openHistory({ path: db, readonly: true });
}, 180_000);

afterAll(async () => {
  await mcp?.close();
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('parallax mcp over a demo history', () => {
  it('introduces itself and lists the read tools only (runs are off by default)', async () => {
    expect(mcp.client.getServerVersion()?.name).toBe('parallax');
    expect(mcp.client.getInstructions()).toContain('95 % interval');
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS].sort());
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    }
    // The channel schemas are strict: an unknown field is refused.
    const search = tools.find((t) => t.name === 'search_answers');
    expect(search?.inputSchema.required).toEqual(['query']);
    expect(search?.inputSchema['additionalProperties']).toBe(false);
  });

  it('lists runs, monitors and brands, marking sandbox answers as synthetic', async () => {
    const runs = dataOf<{ total: number; runs: Array<{ id: string; sandbox: boolean }> }>(
      await mcp.call('list_runs', { limit: 100 }),
    );
    expect(runs.total).toBe(store.listRuns({ limit: 500, offset: 0 }).total);
    expect(runs.runs.length).toBeGreaterThan(0);
    expect(runs.runs.every((r) => r.sandbox)).toBe(true);
    expect(textOf(await mcp.call('list_runs', {}))).toContain('synthetic (sandbox)');

    const monitors = dataOf<{ monitors: Array<{ name: string; prompts: string[] }> }>(
      await mcp.call('list_monitors'),
    );
    expect(monitors.monitors.map((m) => m.name).sort()).toEqual(
      store
        .listMonitors()
        .map((m) => m.name)
        .sort(),
    );
    expect(monitors.monitors.every((m) => m.name.startsWith('Demo · '))).toBe(true);

    const brands = dataOf<{ brands: Array<{ name: string; kind: string }> }>(await mcp.call('list_brands'));
    expect(brands.brands).toContainEqual(expect.objectContaining({ name: 'Veloxa', kind: 'brand' }));
  });

  it('searches answers in full text and reads one with its sources and brands', async () => {
    const found = await mcp.call('search_answers', { query: 'Veloxa', limit: 5 });
    const page = dataOf<{ total: number; hits: Array<{ resultId: string; snippet: string }> }>(found);
    expect(page.total).toBe(store.search({ query: 'Veloxa', limit: 5, offset: 0 }).total);
    expect(page.hits.length).toBeGreaterThan(0);
    // Highlights become Markdown bold, never the store's control characters.
    expect(page.hits[0]?.snippet).toContain('**');
    expect(textOf(found)).not.toContain('\u0002');

    const resultId = page.hits[0]?.resultId as string;
    const reply = await mcp.call('get_result', { resultId });
    const result = dataOf<{
      answer: string;
      sources: Array<{ url: string }>;
      brands: Array<{ brand: string; firstPosition: number | null }>;
      synthetic: boolean;
    }>(reply);
    const stored = store.getResult(resultId);
    expect(result.answer).toBe(stored?.normalized.text);
    expect(result.sources.map((s) => s.url)).toEqual(stored?.normalized.sources.map((s) => s.url));
    expect(result.brands.map((b) => b.brand)).toContain('Veloxa');
    expect(result.synthetic).toBe(true);
    const text = textOf(reply);
    expect(text).toContain('Sandbox · synthetic data');
    expect(text).toContain(stored?.normalized.sources[0]?.url ?? 'no source');

    const missing = await mcp.call('get_result', { resultId: 'no-such-result' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain('RESULT_NOT_FOUND');
  });

  it('compares one prompt across every location of its newest run', async () => {
    const [run] = store.listRuns({ limit: 1, offset: 0 }).runs;
    const detail = store.getRun(run?.id as string);
    const prompt = detail?.prompts[0] as string;
    const reply = await mcp.call('compare_locations', { prompt: prompt.toUpperCase() });
    const data = dataOf<{
      runId: string;
      groups: Array<{
        answers: Array<{ location: string; domains: string[] }>;
        sharedDomains: string[];
        overlap: Array<{ a: string; b: string; jaccard: number }>;
      }>;
    }>(reply);
    expect(data.runId).toBe(run?.id);
    const group = data.groups[0];
    const locations = [...(detail?.countries ?? []), ...(detail?.states ?? []).map((s) => `US-${s}`)].sort();
    expect(group?.answers.map((a) => a.location).sort()).toEqual(locations);
    // Every pair once, and the shared domains are in every location's list.
    expect(group?.overlap).toHaveLength((locations.length * (locations.length - 1)) / 2);
    for (const d of group?.sharedDomains ?? [])
      expect(group?.answers.every((a) => a.domains.includes(d))).toBe(true);
    expect(textOf(reply)).toContain('Cited-domain overlap');

    const unknown = await mcp.call('compare_locations', { prompt: 'a prompt nobody asked' });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain('PROMPT_NOT_FOUND');
    const neither = await mcp.call('compare_locations', {});
    expect(neither.isError).toBe(true);
    expect(textOf(neither)).toContain('Give a runId, a prompt, or both');
  });

  it('gives brand visibility with intervals, the same numbers as the Visibility view', async () => {
    const service = createVisibilityService({ store, now: Date.now });
    const query = { scope: { kind: 'all' as const }, period: { days: 7 } };
    const reply = await mcp.call('brand_visibility', query);
    const view = dataOf<VisibilityOverview>(reply);
    const expected = service.overview(query);
    expect(view.answers).toBe(expected.answers);
    expect(view.answers).toBeGreaterThan(0);
    expect(view.kpis?.mentionRate).toEqual(expected.kpis?.mentionRate);
    expect(view.leaderboard.map((m) => m.brandId)).toEqual(expected.leaderboard.map((m) => m.brandId));
    const text = textOf(reply);
    expect(text).toContain('Focus brand Veloxa');
    expect(text).toMatch(/Mention rate: \d+\.\d % \[95 % CI \d+\.\d %–\d+\.\d %\] \(\d+ of \d+\)/);
    expect(text).toContain('not significant');

    const byLocation = dataOf<{ rows: Array<{ bucket: { location?: string }; brandId: string }> }>(
      await mcp.call('visibility_breakdown', { ...query, by: ['location'], brandId: view.focusBrandId }),
    );
    expect(new Set(byLocation.rows.map((r) => r.brandId))).toEqual(new Set([view.focusBrandId]));
    expect(byLocation.rows.length).toBe(6);
  });

  it('gives cited sources and citation gaps as the service computes them', async () => {
    const service = createVisibilityService({ store, now: Date.now });
    const query = { scope: { kind: 'all' as const }, period: { days: 7 }, limit: 20 };
    const sources = dataOf<{ domains: Array<{ domain: string }> }>(await mcp.call('cited_sources', query));
    expect(sources.domains.map((d) => d.domain)).toEqual(service.sources(query).domains.map((d) => d.domain));
    const gapsReply = await mcp.call('citation_gaps', query);
    const gaps = dataOf<CitationGapsView>(gapsReply);
    expect(gaps.gaps.map((g) => g.domain)).toEqual(service.gaps(query).gaps.map((g) => g.domain));
    expect(textOf(gapsReply)).toContain('Citation gaps of Veloxa');
    const domain = sources.domains[0]?.domain as string;
    const pages = dataOf<{ urls: Array<{ url: string }> }>(
      await mcp.call('cited_pages', { ...query, domain }),
    );
    expect(pages.urls.length).toBeGreaterThan(0);
  });

  it('refuses input the IPC contract refuses, naming the field', async () => {
    const zero = await mcp.call('brand_visibility', { period: { days: 0 } });
    expect(zero.isError).toBe(true);
    expect(textOf(zero)).toContain('period');
    const extra = await mcp.call('search_answers', { query: 'x', sql: 'drop table' });
    expect(extra.isError).toBe(true);
    expect(textOf(extra)).toMatch(/sql/);
    const noBrand = await mcp.call('brand_visibility', { brandId: 'no-such-brand' });
    expect(noBrand.isError).toBe(true);
    expect(textOf(noBrand)).toContain('BRAND_NOT_FOUND');
  });

  it('lists change alerts once the monitor runs nobody compared are compared', async () => {
    // The server compares them from its start; list_alerts waits for that (up to 20 s), and
    // says how many remain if it is not over.
    let reply = await mcp.call('list_alerts', { limit: 50 });
    for (let i = 0; i < 600 && dataOf<{ comparing: number }>(reply).comparing > 0; i++) {
      expect(textOf(reply)).toMatch(/Still comparing \d+ monitor runs?/);
      await new Promise((resolve) => setTimeout(resolve, 100));
      reply = await mcp.call('list_alerts', { limit: 50 });
    }
    expect(dataOf<{ comparing: number }>(reply).comparing).toBe(0);
    const page = dataOf<{ total: number; alerts: Array<{ kind: string; before: { n: number } }> }>(reply);
    // The demo's second day is compared with its first: the sandbox's answers move.
    expect(page.total).toBe(store.listAlerts({ limit: 1, offset: 0 }).total);
    expect(page.total).toBeGreaterThan(0);
    expect(page.alerts.map((a) => a.kind)).toContain('answer-changed');
    const text = textOf(reply);
    expect(text).toMatch(
      /word similarity .*: Within a run \d\.\d+ \[\d\.\d+–\d\.\d+\] \(n \d+\) → between runs/,
    );

    const filtered = dataOf<{ total: number }>(
      await mcp.call('list_alerts', { kinds: ['brand-entered'], since: Date.now() + 86_400_000 }),
    );
    expect(filtered.total).toBe(0);
  });

  it('writes only protocol on stdout and its diagnostics on stderr', () => {
    expect(mcp.protocolErrors).toEqual([]);
    expect(mcp.stderr()).toContain('serving');
  });
});
