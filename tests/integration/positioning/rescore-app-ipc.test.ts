import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/core/app';
import { openSettingsStore } from '../../../src/core/platform/settings';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index';
import type { EventPayload } from '../../../src/shared/ipc/contract';
import type { IpcResult } from '../../../src/shared/ipc/define';
import type { RescoreEstimateView } from '../../../src/shared/positioning/rescore-app';
import type { RescoreStatus } from '../../../src/shared/positioning/view-types';
import { createMemorySecretStore } from '../../support/memory-secret-store';
import { createTestCore } from '../../support/test-core';
import { newRun } from '../store/helpers';
import { BRANDS, storeAnswers } from './fixtures';

// The app's "Re-score history…" over IPC (positioning.rescore.estimate|start|cancel|discard|status)
// against the real core (a real SQLite file) with the sandbox playing the model over HTTP
// (/v1/chat/completions): the estimate first and nothing sent; a budget below the estimate
// refused before any call; progress events with tokens spent and answers not scored per reason;
// Stop after the batch under way, then Resume where it stopped with nothing paid twice; the
// built-in judge through the same channels; and the judge's key in no reply or event.

const CHAT = 'POST /v1/chat/completions';
type RescoreEvent = EventPayload<'positioning.rescore'>;

let dir = '';
let core: Core;
let sandbox: RunningSandbox;
const events: RescoreEvent[] = [];
const wire: string[] = [];

const calls = (): number => sandbox.stats().requests[CHAT] ?? 0;

async function invoke(channel: string, payload: unknown): Promise<IpcResult<unknown>> {
  const result = await core.router.invoke(channel, payload);
  wire.push(JSON.stringify(result));
  return result;
}
async function value<T>(channel: string, payload: unknown): Promise<T> {
  const result = await invoke(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

/** The next event whose phase is not 'running' (after those already seen). */
function ended(from = events.length): Promise<RescoreEvent> {
  return new Promise((resolve) => {
    const off = core.events.subscribe((event, payload) => {
      if (event !== 'positioning.rescore' || events.length <= from) return;
      if ((payload as RescoreEvent).phase === 'running') return;
      off();
      resolve(payload as RescoreEvent);
    });
  });
}

async function setJudge(budget: number | null): Promise<void> {
  await value('judge.set', {
    config: {
      provider: 'openai-compatible',
      model: 'sandbox-judge',
      baseUrl: `${sandbox.baseUrl}/v1`,
      apiVersion: null,
      priceIn: 0.5,
      priceOut: 1.5,
      budget,
      concurrency: 1,
    },
    key: sandbox.apiKey,
  });
}

beforeAll(async () => {
  // Each call takes ~40 ms, so Stop lands while batches are still to come.
  sandbox = await startSandbox({ latencyMs: 40, rateLimit: 10_000 });
  dir = mkdtempSync(join(tmpdir(), 'parallax-rescore-app-'));
  const settings = openSettingsStore({ userDataDir: dir });
  core = await createTestCore(dir, settings, {
    judgeKeys: createMemorySecretStore(),
    modelRescore: { batchSize: 2, retry: { sleep: async () => undefined, baseMs: 1 } },
  });
  core.events.subscribe((event, payload) => {
    if (event !== 'positioning.rescore') return;
    events.push(payload as RescoreEvent);
    wire.push(JSON.stringify(payload));
  });
  for (const b of BRANDS) core.store.saveBrand(b);
  const fixture = newRun(core.store, {
    prompts: ['p1', 'p2', 'p3'],
    engines: ['assistant-a', 'assistant-b'],
    countries: ['US', 'DE'],
  });
  storeAnswers(core.store, fixture.jobs, Date.now() - 86_400_000);
}, 60_000);

afterAll(async () => {
  await core?.close();
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the app re-scores with the model judge over IPC', () => {
  it('refuses the model judge before one is set, and bad input per field', async () => {
    const none = await invoke('positioning.rescore.estimate', { judge: 'model' });
    expect(none).toMatchObject({ ok: false, error: { code: 'JUDGE_NOT_SET' } });
    const bad = await invoke('positioning.rescore.estimate', { judge: 'gpt', days: 0 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.fields?.map((f) => f.field).sort()).toEqual(['days', 'judge']);
  });

  it('refuses an estimate above the budget before any call, and leaves no job', async () => {
    await setJudge(0.000001);
    const before = calls();
    const estimate = await value<RescoreEstimateView>('positioning.rescore.estimate', { judge: 'model' });
    expect(estimate).toMatchObject({ kind: 'model', answers: 12, resuming: false, budget: 0.000001 });
    expect(estimate.inputTokens).toBeGreaterThan(0);
    expect(estimate.overBudget).toMatch(/above the budget of \$0\.00: nothing was sent/);
    const start = await invoke('positioning.rescore.start', { judge: 'model' });
    expect(start).toMatchObject({ ok: false, error: { code: 'RESCORE_OVER_BUDGET' } });
    expect(calls()).toBe(before);
    expect((await value<RescoreStatus>('positioning.rescore.status', {})).job).toBeNull();
  });

  it('estimates, starts, reports progress with tokens and reasons, and stops after the batch', async () => {
    await setJudge(null);
    const estimate = await value<RescoreEstimateView>('positioning.rescore.estimate', { judge: 'model' });
    expect(estimate).toMatchObject({ answers: 12, total: 12, done: 0, overBudget: null, cached: 0 });
    expect(estimate.usd).toBeCloseTo(
      (estimate.inputTokens * 0.5 + estimate.outputTokens * 1.5) / 1_000_000,
      10,
    );
    // Estimating sent nothing and left the job waiting for Confirm.
    expect(calls()).toBe(0);
    const waiting = await value<RescoreStatus>('positioning.rescore.status', {});
    expect(waiting).toMatchObject({ running: false, job: { paused: true, total: 12 } });

    // The model refuses the first answer on every try: it is not scored, with the reason.
    sandbox.scriptFault({ path: '/v1/chat/completions', fault: 'refusal', times: 4 });
    const firstBatch = new Promise<void>((resolve) => {
      const off = core.events.subscribe((event, payload) => {
        const p = payload as RescoreEvent;
        if (event === 'positioning.rescore' && p.phase === 'running' && p.done > 0) {
          off();
          resolve();
        }
      });
    });
    const stopped = ended();
    const started = await value<RescoreStatus>('positioning.rescore.start', { judge: 'model' });
    expect(started.running).toBe(true);
    await firstBatch;
    const canceled = await value<RescoreStatus>('positioning.rescore.cancel', {});
    const last = await stopped;
    expect(last.phase).toBe('paused');
    expect(last.done).toBeGreaterThan(0);
    expect(last.done).toBeLessThan(12);
    expect(canceled).toMatchObject({ running: false, job: { paused: true, done: last.done } });
    const progress = events.filter((e) => e.phase === 'running' && e.done > 0);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)?.judge).toBe('model:openai-compatible:sandbox-judge');
    expect(last.usage?.inputTokens).toBeGreaterThan(0);
    expect(last.usage?.calls).toBe(calls());
    expect(last.notScored).toEqual({ refusal: 1 });
    expect(canceled.model?.notScored).toEqual({ refusal: 1 });
  });

  it('offers the stopped re-score for Resume and finishes it without paying twice', async () => {
    const paused = (await value<RescoreStatus>('positioning.rescore.status', {})).job;
    const before = calls();
    const estimate = await value<RescoreEstimateView>('positioning.rescore.estimate', { judge: 'model' });
    expect(estimate).toMatchObject({ resuming: true, done: paused?.done, total: 12 });
    // What is left: answers to send, and those already paid for (cached: free).
    expect(estimate.answers + estimate.cached).toBe(12 - (paused?.done ?? 0));
    const finished = ended();
    await value('positioning.rescore.start', { judge: 'model' });
    const last = await finished;
    expect(last).toMatchObject({ phase: 'done', done: 12, total: 12 });
    // Only the answers left were sent (the fixture repeats texts: the cache answers some).
    expect(calls() - before).toBeLessThanOrEqual(estimate.answers);
    const status = await value<RescoreStatus>('positioning.rescore.status', {});
    expect(status.job).toBeNull();
    expect(status.last).toMatchObject({ judge: { id: 'model:openai-compatible:sandbox-judge' } });
  });

  it('runs the built-in judge through the same dialog channels, and discards an unwanted estimate', async () => {
    const before = calls();
    const estimate = await value<RescoreEstimateView>('positioning.rescore.estimate', {
      judge: 'builtin',
      days: 7,
    });
    expect(estimate).toMatchObject({ kind: 'builtin', answers: 12, usd: 0, resuming: false });
    // A model estimate while the built-in one waits is refused, saying which is pending.
    const other = await invoke('positioning.rescore.estimate', { judge: 'model' });
    expect(other).toMatchObject({ ok: false, error: { code: 'RESCORE_REFUSED' } });
    const dropped = await value<RescoreStatus>('positioning.rescore.discard', {});
    expect(dropped.job).toBeNull();

    await value('positioning.rescore.estimate', { judge: 'builtin' });
    const finished = ended();
    await value('positioning.rescore.start', { judge: 'builtin' });
    expect(await finished).toMatchObject({ phase: 'done', total: 12 });
    expect(calls()).toBe(before);
  });

  it('never sends the judge key to the renderer', () => {
    expect(wire.length).toBeGreaterThan(10);
    for (const text of wire) expect(text).not.toContain(sandbox.apiKey);
  });
});
