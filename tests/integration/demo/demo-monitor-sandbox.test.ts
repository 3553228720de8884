import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Core } from '../../../src/core/app';
import { openSettingsStore } from '../../../src/core/platform/settings';
import { ENGINES } from '../../../src/shared/api/engines';
import { demoHistoryCopy } from '../../support/demo-history';
import { createTestCore } from '../../support/test-core';

// The demo's monitors are runnable as they stand: a demo history is loaded in the app, then each
// "Demo · …" monitor is run in the app's Sandbox mode (the built-in sandbox over HTTP on
// 127.0.0.1, serving the engines as the spec lists them, as the paid service would). Every job
// must succeed: a demo monitor asking for an engine the spec has as coming soon (assistant-b
// answers 404 RESOURCE_NOT_FOUND there) failed half of its jobs.

describe('a demo monitor run in the app’s sandbox', () => {
  let dir = '';
  let core: Core;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parallax-demo-monitor-'));
    // The demo demo.load builds (its build has its own tests): a copy of the shared template.
    await demoHistoryCopy({ days: 2, alerts: 'checked', to: join(dir, 'parallax.db') });
    const settings = openSettingsStore({ userDataDir: dir });
    settings.update({ sandboxMode: true });
    core = await createTestCore(dir, settings, {
      sandboxOptions: { latencyMs: 1 },
    });
    expect(core.store.listMonitors().filter((m) => m.name.startsWith('Demo · '))).toHaveLength(3);
  }, 120_000);
  afterAll(async () => {
    await core?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('asks only for engines the spec lists as available', () => {
    const monitors = core.store.listMonitors().filter((m) => m.name.startsWith('Demo · '));
    expect(monitors).toHaveLength(3);
    for (const m of monitors) {
      for (const engine of m.spec.engines) expect(ENGINES[engine].specAvailability, engine).toBe('available');
    }
  });

  it('succeeds in every job of every demo monitor', async () => {
    const monitors = core.store.listMonitors().filter((m) => m.name.startsWith('Demo · '));
    for (const m of monitors) {
      const started = await core.router.invoke('monitors.runNow', { id: m.id });
      expect(started.ok, m.name).toBe(true);
      const runId = (started as { value: { runId: string } }).value.runId;
      await vi.waitFor(
        () => expect(['completed', 'failed', 'canceled']).toContain(core.store.getRun(runId)?.status),
        { timeout: 90_000, interval: 100 },
      );
      const run = core.store.getRun(runId);
      const jobs =
        m.spec.prompts.length *
        m.spec.engines.length *
        (m.spec.countries.length + m.spec.states.length) *
        m.spec.repeats;
      expect(jobs, m.name).toBeGreaterThan(0);
      expect(run?.status, m.name).toBe('completed');
      expect(run?.counts, m.name).toMatchObject({ succeeded: jobs, failed: 0 });
    }
  }, 300_000);
});
