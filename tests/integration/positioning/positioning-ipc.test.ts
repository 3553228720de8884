import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/core/app';
import { openSettingsStore, type SettingsStore } from '../../../src/core/platform/settings';
import type { EventPayload } from '../../../src/shared/ipc/contract';
import type { IpcResult } from '../../../src/shared/ipc/define';
import type {
  AttributeGapsView,
  PositioningBuckets,
  PositioningSummary,
  RescoreStatus,
  ResultPositioning,
} from '../../../src/shared/positioning/view-types';
import { createTestCore } from '../../support/test-core';
import { newRun } from '../store/helpers';
import { BRANDS, storeAnswers } from './fixtures';

// The positioning.* channels over the real core (a real SQLite file, the sandbox on loopback):
// answers a sandbox run stores are judged as they are stored, the queries answer with the
// channel's shapes, bad input gets field errors, and a re-score started over IPC reports its
// progress as events and its summary.

let dir = '';
let settings: SettingsStore;
let core: Core;
let resultIds: string[] = [];

const invoke = (channel: string, payload: unknown): Promise<IpcResult<unknown>> =>
  core.router.invoke(channel, payload);
async function value<T>(channel: string, payload: unknown): Promise<T> {
  const result = await invoke(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-pos-ipc-'));
  settings = openSettingsStore({ userDataDir: dir });
  settings.update({ sandboxMode: true });
  core = await createTestCore(dir, settings, {
    sandboxOptions: { latencyMs: 5 },
    pollIntervalMs: { min: 10, max: 30 },
  });
  for (const b of BRANDS) core.store.saveBrand(b);
  const { runId } = await value<{ runId: string }>('runs.start', {
    prompts: ['best running shoes for beginners'],
    engines: ['assistant-a'],
    countries: ['US', 'DE'],
  });
  await (await core.runs.engine()).wait(runId);
  resultIds = core.store.getRunMatrix(runId).flatMap((c) => (c.resultId ? [c.resultId] : []));
  const fixture = newRun(core.store, {
    prompts: ['p1', 'p2'],
    engines: ['assistant-a', 'assistant-b'],
    countries: ['US', 'DE'],
  });
  storeAnswers(core.store, fixture.jobs, Date.now() - 86_400_000);
}, 60_000);

afterAll(async () => {
  await core.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('positioning over IPC', () => {
  it("judges the sandbox run's answers as they are stored", async () => {
    expect(resultIds).toHaveLength(2);
    const list = await value<ResultPositioning[]>('positioning.results', { resultIds });
    for (const r of list) expect(r.judge).toEqual({ id: 'builtin', version: '14' });
    const missing = await invoke('positioning.results', { resultIds: ['nope'] });
    expect(missing).toMatchObject({ ok: false, error: { code: 'RESULT_NOT_FOUND' } });
  });

  it('answers summary, buckets and attribute gaps with the channel shapes', async () => {
    const summary = await value<PositioningSummary>('positioning.summary', { period: { days: 7 } });
    expect(summary.judge).toEqual({ id: 'builtin' });
    expect(summary.kpis?.brandId).toBe(summary.focusBrandId);
    expect(summary.kpis?.n).toBeGreaterThan(0);
    expect(summary.kpis?.change.recommendationRate).toHaveProperty('significant');
    expect(summary.empty).toBeNull();
    const buckets = await value<PositioningBuckets>('positioning.buckets', {
      period: { days: 7 },
      by: ['location', 'engine'],
    });
    expect(buckets.rows.length).toBeGreaterThan(0);
    expect(Object.keys(buckets.rows[0]?.bucket ?? {}).sort()).toEqual(['engine', 'location']);
    const gaps = await value<AttributeGapsView>('positioning.attributeGaps', {
      period: { days: 7 },
      minShare: 0,
    });
    expect(gaps.focusBrandId).toBe(summary.focusBrandId);
    for (const g of gaps.gaps) {
      expect(g.polarity).toBe('positive');
      expect((g.competitors[0]?.share.value ?? 0) > 2 * (g.focus.value ?? 0)).toBe(true);
    }
  });

  it('gives field errors for bad input', async () => {
    const bad = await invoke('positioning.summary', { period: { days: 0 }, attributeLimit: 99 });
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.error.fields?.map((f) => f.field).sort()).toEqual(['attributeLimit', 'period.days']);
    const by = await invoke('positioning.buckets', { by: ['month'] });
    expect(by.ok).toBe(false);
    const start = await invoke('positioning.rescore.start', { judge: 'gpt' });
    expect(start.ok).toBe(false);
  });

  it('re-scores over IPC with progress events and a summary of what moved', async () => {
    const events: Array<EventPayload<'positioning.rescore'>> = [];
    const done = new Promise<void>((resolve) =>
      core.events.subscribe((event, payload) => {
        if (event !== 'positioning.rescore') return;
        events.push(payload as EventPayload<'positioning.rescore'>);
        if ((payload as { phase: string }).phase === 'done') resolve();
      }),
    );
    const started = await value<RescoreStatus>('positioning.rescore.start', { days: 3 });
    expect(started.job?.reason).toBe('request');
    await done;
    const status = await value<RescoreStatus>('positioning.rescore.status', {});
    expect(status.job).toBeNull();
    expect(status.last?.answers).toBe(events.at(-1)?.total);
    expect(status.last?.lines).toEqual([
      `Nothing moved: ${status.last?.answers} answers judged the same as before`,
    ]);
    const canceled = await value<RescoreStatus>('positioning.rescore.cancel', {});
    expect(canceled.running).toBe(false);
  });
});
