import { afterEach, describe, expect, it } from 'vitest';
import { openHarness, spec, META, type Harness } from './harness';
import { CLEAR_QUEUE_NOTICE, idempotencyKeyFor } from '../../../src/core/runs/engine';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

describe('async runs against the sandbox', () => {
  it('submits in batches of at most 500 with keys from run and job ids, polls, stores each result once', async () => {
    h = await openHarness({ sandbox: { plan: 'Starter', latencyMs: 5 } });
    const prompts = Array.from({ length: 130 }, (_, i) => `prompt number ${i}`);
    const s = spec({
      prompts,
      engines: ['assistant-a'],
      countries: ['US', 'DE', 'FR', 'GB'],
      mode: 'async',
      priority: 7,
    });
    const { runId } = await h.engine.start(s, META);
    const end = await h.engine.wait(runId);
    expect(end.status).toBe('completed');
    expect(end.counts.succeeded).toBe(520);
    const stats = h.sandbox.stats();
    // 520 tasks → two batches (500 + 20), no single-task creation, no twin.
    expect(stats.requests['POST /v1/async/task/batch']).toBe(2);
    expect(stats.tasksCreated).toBe(520);
    expect(stats.concurrencyRejections).toBe(0);
    const jobs = h.store.listJobs(runId);
    for (const j of jobs) {
      expect(j.idempotencyKey).toBe(idempotencyKeyFor(runId, j.id));
      expect(j.taskId).toBeTruthy();
    }
    const cells = h.store.getRunMatrix(runId);
    expect(new Set(cells.map((c) => c.resultId)).size).toBe(520);
    const charged = Object.values(stats.creditsCharged).reduce((a, b) => a + b, 0);
    expect(end.creditsSpent).toBe(charged);
  });

  it('resubmitting the same jobs creates no duplicate task', async () => {
    h = await openHarness({ sandbox: { latencyMs: 5 } });
    const s = spec({ prompts: ['x', 'y'], engines: ['assistant-a'], countries: ['US'], mode: 'async' });
    const { runId } = await h.engine.start(s, META);
    await h.engine.wait(runId);
    const before = h.sandbox.stats().tasksCreated;
    const jobs = h.store.listJobs(runId);
    const again = await h.client.createTasks(
      jobs.map((j) => ({
        engine: j.engine,
        payload: j.request as never,
        idempotencyKey: j.idempotencyKey as string,
      })),
    );
    expect(again.data.results.every((r) => !r.success && r.error?.code === 'RESOURCE_ALREADY_EXISTS')).toBe(
      true,
    );
    expect(h.sandbox.stats().tasksCreated).toBe(before);
  });

  it('cancel with clearQueue warns that the whole organization queue is cleared', async () => {
    h = await openHarness({ sandbox: { plan: 'Free', latencyMs: 200 }, plan: 'Free' });
    const s = spec({
      prompts: ['a', 'b', 'c', 'd', 'e', 'f'],
      engines: ['assistant-a'],
      countries: ['US'],
      mode: 'async',
    });
    const { runId } = await h.engine.start(s, META);
    // Wait until the batch has been created (tasks have ids) and the first one is processing.
    while (!h.store.listJobs(runId).every((j) => j.taskId !== null))
      await new Promise((r) => setTimeout(r, 10));
    const p = await h.engine.cancel(runId, { clearQueue: true });
    expect(p.notices).toContain(CLEAR_QUEUE_NOTICE);
    const end = await h.engine.wait(runId);
    expect(end.status).toBe('canceled');
    expect(end.counts.canceled, JSON.stringify(end)).toBeGreaterThan(0);
    expect(end.counts.succeeded + end.counts.canceled + end.counts.failed).toBe(6);
    expect(h.sandbox.stats().requests['DELETE /v1/async/queue']).toBe(1);
  });
});
