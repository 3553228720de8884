import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/core/app';
import { openSettingsStore } from '../../../src/core/platform/settings';
import type { IpcResult } from '../../../src/shared/ipc/define';
import { createTestCore } from '../../support/test-core';

// demo.* through the app's IPC router over the real core: the build goes into the core's own
// history file (through a second connection with the demo clock) while the core keeps it open.

describe('demo IPC handlers', () => {
  let dir: string;
  let core: Core;
  const events: Array<{ event: string; payload: unknown }> = [];

  const invoke = (channel: string, payload: unknown): Promise<IpcResult<unknown>> =>
    core.router.invoke(channel, payload);
  const value = async <T>(channel: string, payload: unknown): Promise<T> => {
    const result = await invoke(channel, payload);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parallax-demo-ipc-'));
    const settings = openSettingsStore({ userDataDir: dir });
    settings.update({ sandboxMode: true });
    core = await createTestCore(dir, settings, {
      sandboxOptions: { latencyMs: 5 },
    });
    core.events.subscribe((event, payload) => events.push({ event, payload }));
  });
  afterAll(async () => {
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('status, load (one at a time, progress events), refuse a second, delete', async () => {
    expect(await value('demo.status', {})).toMatchObject({ present: false, building: false });
    expect(await invoke('demo.load', { days: 0 })).toMatchObject({ ok: false });

    const loading = invoke('demo.load', { days: 2 });
    // While it builds: status says so, a second build and a delete are refused.
    expect(await value('demo.status', {})).toMatchObject({ building: true });
    expect(await invoke('demo.load', { days: 2 })).toMatchObject({ ok: false, error: { code: 'DEMO_BUSY' } });
    expect(await invoke('demo.delete', {})).toMatchObject({ ok: false, error: { code: 'DEMO_BUSY' } });
    const built = await loading;
    expect(built).toMatchObject({
      ok: true,
      value: { days: 2, monitors: 3, runs: 6, results: 480, brands: 6, canceled: false },
    });

    const progress = events.filter((e) => e.event === 'demo.progress').map((e) => e.payload);
    expect(progress).toContainEqual(expect.objectContaining({ phase: 'building', day: 2, days: 2, runs: 6 }));
    expect(progress.at(-1)).toMatchObject({ phase: 'done' });
    expect(events).toContainEqual({ event: 'visibility.changed', payload: { reason: 'demo' } });

    // The core's own connection sees the demo: runs, monitors and brands.
    expect(await value('demo.status', {})).toMatchObject({
      present: true,
      building: false,
      runs: 6,
      results: 480,
    });
    const runs = core.store.listRuns().runs;
    expect(runs).toHaveLength(6);
    expect(runs.every((r) => core.store.getRun(r.id)?.tags.includes('demo') && r.sandbox)).toBe(true);
    expect(await invoke('demo.load', { days: 1 })).toMatchObject({
      ok: false,
      error: { code: 'DEMO_REFUSED' },
    });
    expect(await value('demo.cancel', {})).toEqual({ canceled: false });

    expect(await value('demo.delete', {})).toEqual({ runs: 6, monitors: 3, brands: 6 });
    expect(events).toContainEqual({ event: 'visibility.changed', payload: { reason: 'delete' } });
    expect(await value('demo.status', {})).toMatchObject({ present: false });
    expect(core.store.listRuns().total).toBe(0);
    expect(core.store.listMonitors()).toEqual([]);
    expect(core.store.listBrands()).toEqual([]);
    expect(await invoke('demo.delete', {})).toMatchObject({ ok: false, error: { code: 'DEMO_NOT_FOUND' } });
  });

  it('demo.cancel stops a build part-way; what was built stays and is deletable', async () => {
    const loading = invoke('demo.load', { days: 30 });
    // Cancel once the first day is in (or the build ended early: then the asserts below say why).
    await new Promise<void>((resolve) => {
      void loading.then(() => resolve());
      const stop = core.events.subscribe((event, payload) => {
        if (event === 'demo.progress' && (payload as { day: number }).day >= 1) {
          stop();
          resolve();
        }
      });
    });
    expect(await value('demo.cancel', {})).toEqual({ canceled: true });
    const built = (await loading) as IpcResult<{ canceled: boolean; days: number; runs: number }>;
    expect(built.ok && built.value.canceled).toBe(true);
    const days = built.ok ? built.value.days : 0;
    expect(days).toBeGreaterThanOrEqual(1);
    expect(days).toBeLessThan(30);
    const status = await value<{ present: boolean; runs: number }>('demo.status', {});
    expect(status.present).toBe(true);
    expect(status.runs).toBeGreaterThanOrEqual(3);
    const deleted = await value<{ runs: number }>('demo.delete', {});
    expect(deleted.runs).toBe(status.runs);
  });
});
