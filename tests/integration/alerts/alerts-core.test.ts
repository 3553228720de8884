import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AfterRunStep } from '../../../src/core/alerts';
import type { Core } from '../../../src/core/app';
import { openSettingsStore } from '../../../src/core/platform/settings';
import type { AlertPage } from '../../../src/shared/alerts/types';
import type { EventChannelName, EventPayload } from '../../../src/shared/ipc/contract';
import type { IpcResult } from '../../../src/shared/ipc/define';
import { createTestCore } from '../../support/test-core';

// The app's wiring: a monitor run that completes in the core (sandbox mode, the sandbox's clock
// on chosen days) is compared with the monitor's previous run without anyone asking; the
// alerts arrive over IPC, 'alerts.raised' is emitted, and the extra steps run. Options are
// validated field by field at the IPC boundary.

const DAY = 86_400_000;
const DAY0 = Math.floor(Date.UTC(2026, 9, 5) / DAY);

describe('alerts in the core', () => {
  let dir: string;
  let core: Core;
  let now = (DAY0 + 1) * DAY + 9 * 3_600_000;
  const events: Array<{ event: EventChannelName; payload: unknown }> = [];
  const stepRuns: string[] = [];

  const value = async <T>(channel: string, payload: unknown): Promise<T> => {
    const result = await core.router.invoke(channel, payload);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parallax-alerts-core-'));
    const settings = openSettingsStore({ userDataDir: dir });
    settings.update({ sandboxMode: true });
    const probe: AfterRunStep = { name: 'probe', run: (ctx) => void stepRuns.push(ctx.runId) };
    core = await createTestCore(dir, settings, {
      now: () => now,
      chooseFolder: async () => '/tmp/chosen',
      afterRunSteps: [probe],
      sandboxOptions: {
        latencyMs: 2,
        clock: () => now,
        driftEvents: [
          { kind: 'vanish', brand: 'Veloxa', engine: 'assistant-a', fromDay: DAY0 + 2, toDay: DAY0 + 5 },
        ],
      },
      pollIntervalMs: { min: 10, max: 30 },
    });
    core.events.subscribe(<E extends EventChannelName>(event: E, payload: EventPayload<E>) =>
      events.push({ event, payload }),
    );
  });
  afterEach(async () => {
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('compares each completed monitor run with the previous one, emits alerts.raised and runs the steps', async () => {
    await value('brands.save', { name: 'Veloxa', kind: 'brand', aliases: [], domains: [] });
    const monitor = await value<{ id: string; spec: unknown }>('monitors.save', {
      name: 'Core shoes',
      cadence: 'daily',
      enabled: false,
      spec: {
        prompts: ['best running shoes'],
        engines: ['assistant-a'],
        countries: ['US', 'DE', 'GB', 'FR'],
      },
    });
    const runOnce = async (): Promise<string> => {
      const { runId } = await value<{ runId: string }>('monitors.runNow', { id: monitor.id });
      await (await core.runs.engine()).wait(runId);
      await core.alerts.idle();
      return runId;
    };
    const first = await runOnce();
    now += DAY; // Veloxa vanishes from assistant-a on this day.
    const second = await runOnce();

    const page = await value<AlertPage>('alerts.list', {});
    expect(page.total).toBeGreaterThan(0);
    expect(page.alerts.every((a) => a.runId === second && a.prevRunId === first)).toBe(true);
    expect(page.alerts.some((a) => a.kind === 'brand-dropped' && a.brandName === 'Veloxa')).toBe(true);
    expect(page.unread).toBe(page.total);
    const raised = events.filter((e) => e.event === 'alerts.raised');
    expect(raised).toEqual([
      {
        event: 'alerts.raised',
        payload: expect.objectContaining({
          monitorId: monitor.id,
          monitorName: 'Core shoes',
          runId: second,
          count: page.total,
          headline: `${page.total} change${page.total === 1 ? '' : 's'} in Core shoes`,
        }),
      },
    ]);
    expect(stepRuns).toEqual([first, second]);

    const facets = await value<{ monitors: unknown[]; locs: string[] }>('alerts.facets', {});
    expect(facets.monitors).toEqual([{ id: monitor.id, name: 'Core shoes' }]);
    const marked = await value<{ changed: number; unread: number }>('alerts.markRead', { all: true });
    expect(marked).toEqual({ changed: page.total, unread: 0 });
    expect(events.at(-1)).toEqual({ event: 'alerts.changed', payload: { unread: 0 } });
  });

  it('validates a monitor’s options field by field and keeps the defaults until saved', async () => {
    const monitor = await value<{ id: string }>('monitors.save', {
      name: 'Options',
      cadence: 'daily',
      enabled: false,
      spec: { prompts: ['x'], engines: ['assistant-a'], countries: ['US'] },
    });
    const defaults = await value<{
      rules: { positionDelta: number };
      updatedAt: number | null;
      lastDelivery: null;
    }>('alerts.options', { monitorId: monitor.id });
    expect(defaults).toMatchObject({ rules: { positionDelta: 2 }, updatedAt: null, lastDelivery: null });

    const bad = (await core.router.invoke('alerts.saveOptions', {
      monitorId: monitor.id,
      rules: { positionDelta: 0, jaccardBelow: 2 },
      webhookUrl: 'javascript:alert(1)',
      reportDir: null,
      reportDays: 0,
    })) as IpcResult<unknown>;
    expect(bad.ok).toBe(false);
    const fields = bad.ok ? [] : (bad.error.fields ?? []).map((f) => f.field).sort();
    expect(fields).toEqual(['reportDays', 'rules.jaccardBelow', 'rules.positionDelta', 'webhookUrl']);

    // A report folder the user did not pick in main's folder chooser is refused.
    const typed = (await core.router.invoke('alerts.saveOptions', {
      monitorId: monitor.id,
      rules: {},
      webhookUrl: null,
      reportDir: '/tmp/reports',
      reportDays: 7,
    })) as IpcResult<unknown>;
    expect(typed.ok).toBe(false);
    expect(typed.ok ? [] : (typed.error.fields ?? []).map((f) => f.field)).toEqual(['reportDir']);

    expect(await value('alerts.chooseFolder', {})).toEqual({ path: '/tmp/chosen' });
    const save = (reportDir: string | null) =>
      value<{ rules: { positionDelta: number }; webhookUrl: string; reportDir: string | null }>(
        'alerts.saveOptions',
        {
          monitorId: monitor.id,
          rules: { positionDelta: 3 },
          webhookUrl: 'https://hooks.example.com/services/a',
          reportDir,
          reportDays: 7,
        },
      );
    expect(await save('/tmp/chosen')).toMatchObject({
      rules: { positionDelta: 3 },
      webhookUrl: 'https://hooks.example.com/services/a',
      reportDir: '/tmp/chosen',
    });
    // Saving again with the folder already set, or with none, needs no new choice.
    expect((await save('/tmp/chosen')).reportDir).toBe('/tmp/chosen');
    expect((await save(null)).reportDir).toBeNull();
    const missing = await core.router.invoke('alerts.options', { monitorId: 'nope' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'MONITOR_NOT_FOUND' } });
  });
});
