import { afterEach, describe, expect, it } from 'vitest';
import { openHarness, spec, META, type Harness } from './harness';
import { RunRefusedError } from '../../../src/core/runs/engine';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

describe('sync runs against the sandbox', () => {
  it('runs prompts × countries × repeats, stores every result once, never exceeds the plan slots', async () => {
    h = await openHarness({ sandbox: { plan: 'Lite', latencyMs: 30 }, plan: 'Lite' });
    const s = spec({
      prompts: ['best running shoes', 'best laptop for coding', 'quiet dishwasher'],
      engines: ['assistant-a'],
      countries: ['US', 'DE', 'FR'],
      states: ['CA'],
      repeats: 3,
    });
    const { runId } = await h.engine.start(s, META);
    const end = await h.engine.wait(runId);
    expect(end.status).toBe('completed');
    expect(end.total).toBe(3 * 4 * 3);
    expect(end.counts.succeeded).toBe(36);
    const stats = h.sandbox.stats();
    expect(stats.requests['POST /v1/monitor/assistant-a']).toBe(36);
    expect(Math.max(...Object.values(stats.peakConcurrency))).toBeLessThanOrEqual(10);
    expect(stats.concurrencyRejections).toBe(0);
    const cells = h.store.getRunMatrix(runId);
    expect(cells).toHaveLength(36);
    expect(new Set(cells.map((c) => c.resultId)).size).toBe(36);
    const state = cells.find((c) => c.state === 'CA');
    expect(state?.country).toBe('US');
    const credits = Object.values(stats.creditsCharged).reduce((a, b) => a + b, 0);
    expect(end.creditsSpent).toBe(credits);
  });

  it('refuses past the budget and past the balance, naming both numbers, and sends nothing', async () => {
    h = await openHarness({ sandbox: { credits: 40 } });
    const s = spec({ prompts: ['a', 'b'], engines: ['assistant-a'], countries: ['US', 'DE'], repeats: 2 });
    const est = await h.engine.estimate(s);
    expect(est.jobs).toBe(8);
    expect(est.maxCredits).toBe(40);
    expect(est.balance).toBe(40);
    expect(est.blockers).toEqual([]);

    const over = spec({ ...s, repeats: 3 });
    const refused = await h.engine.start(over, META).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RunRefusedError);
    expect((refused as Error).message).toContain('60 credits');
    expect((refused as Error).message).toContain('balance is 40 credits');

    const budget = await h.engine.start(spec({ ...s, budget: 30 }), META).catch((e: unknown) => e);
    expect((budget as Error).message).toContain('up to 40 credits, above its budget of 30 credits');
    expect(h.sandbox.stats().monitorCalls).toBe(0);
    expect(h.store.listRuns().total).toBe(0);
  });
});
