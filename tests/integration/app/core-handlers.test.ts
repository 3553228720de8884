import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/core/app';
import { openSettingsStore, type SettingsStore } from '../../../src/core/platform/settings';
import type { IpcResult } from '../../../src/shared/ipc/define';
import { createTestCore } from '../../support/test-core';

// The app's IPC handlers over the real core: a real SQLite file, the real sandbox on
// loopback (Sandbox mode), real settings on disk.

describe('core IPC handlers', () => {
  let dir: string;
  let settings: SettingsStore;
  let core: Core;

  const invoke = (channel: string, payload: unknown): Promise<IpcResult<unknown>> =>
    core.router.invoke(channel, payload);
  const value = async <T>(channel: string, payload: unknown): Promise<T> => {
    const result = await invoke(channel, payload);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parallax-core-'));
    settings = openSettingsStore({ userDataDir: dir });
    settings.update({ sandboxMode: true });
    core = await createTestCore(dir, settings, {
      sandboxOptions: { latencyMs: 5 },
      pollIntervalMs: { min: 10, max: 30 },
    });
  });
  afterEach(async () => {
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs a sync run in sandbox mode and serves its matrix, results, raw JSON and stored HTML', async () => {
    const spec = {
      prompts: ['best espresso machine'],
      engines: ['assistant-a'],
      countries: ['US', 'FR'],
      engineOptions: { 'assistant-a': { include: { html: true, markdown: true } } },
    };
    const estimate = await value<{ jobs: number; maxCredits: number; blockers: string[] }>(
      'runs.estimate',
      spec,
    );
    expect(estimate).toMatchObject({ jobs: 2, maxCredits: 10, blockers: [] });
    const { runId } = await value<{ runId: string }>('runs.start', spec);
    await (await core.runs.engine()).wait(runId);
    const run = await value<{ sandbox: boolean; keyLabel: string; counts: Record<string, number> }>(
      'runs.get',
      { runId },
    );
    expect(run).toMatchObject({ sandbox: true, keyLabel: 'sandbox', counts: { succeeded: 2 } });
    const cells = await value<Array<{ resultId: string; country: string }>>('runs.matrix', { runId });
    expect(cells.map((c) => c.country).sort()).toEqual(['FR', 'US']);
    const [result] = await value<
      Array<{ normalized: { markdown: string; htmlUrls: string[] }; sandbox: boolean }>
    >('results.get', { resultIds: [cells[0]?.resultId] });
    expect(result?.sandbox).toBe(true);
    expect(result?.normalized.markdown.length).toBeGreaterThan(20);
    const raw = await value<{ json: string }>('results.raw', { resultId: cells[0]?.resultId });
    expect(JSON.parse(raw.json)).toHaveProperty('result');
    // The page is archived in the background after ingest; the tab reads the archived copy.
    await core.archive.idle();
    const html = await value<{ html: string | null; reason: string | null }>('results.html', {
      resultId: cells[0]?.resultId,
    });
    expect(html.reason).toBeNull();
    expect(html.html).toMatch(/<html/i);
  });

  it('refuses a run past the budget, naming both numbers', async () => {
    const result = await invoke('runs.start', {
      prompts: ['a', 'b'],
      engines: ['assistant-a'],
      countries: ['US', 'DE', 'FR'],
      budget: 20,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('RUN_REFUSED');
    expect(result.error.message).toMatch(/30/);
    expect(result.error.message).toMatch(/20/);
  });

  it('answers unknown runs and bad settings with specific errors', async () => {
    await expect(invoke('runs.get', { runId: 'nope' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'RUN_NOT_FOUND' },
    });
    const bad = await invoke('settings.update', { plan: 'Platinum', maxRetries: 99 });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.error.code).toBe('VALIDATION_ERROR');
    expect(bad.error.fields?.map((f) => f.field).sort()).toEqual(['maxRetries', 'plan']);
  });

  it('caches the country list for offline use, and falls back to the built-in list', async () => {
    const first = await value<{ source: string; codes: string[] }>('countries.list', {
      engine: 'assistant-a',
    });
    expect(first.source).toBe('service');
    expect(first.codes).toContain('DE');
    const second = await value<{ source: string }>('countries.list', { engine: 'assistant-a' });
    expect(second.source).toBe('cache');
    // Off the sandbox with no service configured: nothing to ask, the built-in list answers.
    await value('settings.update', { sandboxMode: false });
    const offline = await value<{ source: string; codes: string[] }>('countries.list', { engine: 'search' });
    expect(offline.source).toBe('built-in');
    expect(offline.codes.length).toBeGreaterThan(240);
  });

  it('reports engine availability learned from the service, starting from the spec', async () => {
    const engines = await value<Array<{ name: string; availability: string }>>('engines.list', {});
    const byName = Object.fromEntries(engines.map((e) => [e.name, e.availability]));
    expect(byName['assistant-a']).toBe('available');
    expect(byName['search']).toBe('coming-soon');
  });

  it('asks for a service URL before a key can be verified, and never stores a key it could not verify', async () => {
    await value('settings.update', { sandboxMode: false });
    const result = await invoke('key.set', { key: `sk_${'a'.repeat(40)}` });
    expect(result.ok).toBe(false);
    const status = await value<{ configured: boolean }>('key.status', {});
    expect(status.configured).toBe(false);
    const runs = await invoke('runs.estimate', {
      prompts: ['x'],
      engines: ['assistant-a'],
      countries: ['US'],
    });
    expect(runs).toMatchObject({ ok: false, error: { code: 'SERVICE_NOT_CONFIGURED' } });
  });
});
