import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../../src/core/platform/events/event-bus';
import {
  createReanalysisDriver,
  type ReanalysisStore,
} from '../../../src/core/analysis/visibility/reanalysis';

// The driver's own rules, over a job that counts batches (the store's side is covered by
// tests/integration/visibility/reanalysis.test.ts): retries after a failed batch, gives up
// after three, stops on close, and does nothing without a pending job.

function job(total: number, failAt: number[] = []): ReanalysisStore & { steps: number } {
  let done = 0;
  const state = {
    steps: 0,
    visReanalysis: () => (done < total ? { done, total } : null),
    visReanalyseStep(max: number) {
      state.steps += 1;
      if (failAt.includes(state.steps)) throw new Error('database is locked');
      if (done >= total) return null;
      done = Math.min(total, done + max);
      return { done, total, finished: done >= total };
    },
  };
  return state;
}

function recorder() {
  const events = createEventBus();
  const seen: string[] = [];
  events.subscribe((event, payload) =>
    seen.push(
      event === 'visibility.reanalysis'
        ? `${(payload as { phase: string }).phase} ${(payload as { done: number }).done}`
        : event,
    ),
  );
  return { events, seen };
}

const settled = (driver: { running: boolean }) =>
  new Promise<void>((resolve) => {
    const poll = () => (driver.running ? setTimeout(poll, 1) : resolve());
    poll();
  });

describe('re-analysis driver', () => {
  it('runs batches to the end, then says the views changed', async () => {
    const store = job(25);
    const { events, seen } = recorder();
    const driver = createReanalysisDriver({ store, events, batch: 10 });
    driver.kick();
    driver.kick(); // already running: no second loop
    await settled(driver);
    expect(seen).toEqual(['running 0', 'running 10', 'running 20', 'done 25', 'visibility.changed']);
    expect(store.steps).toBe(3);
    await driver.close();
  });

  it('retries a failed batch, and gives up after three failures in a row', async () => {
    const errors: string[] = [];
    const flaky = job(20, [2]);
    const a = recorder();
    const driver = createReanalysisDriver({
      store: flaky,
      events: a.events,
      batch: 10,
      retryMs: 1,
      logError: (m) => errors.push(m),
    });
    driver.kick();
    await settled(driver);
    expect(a.seen.at(-1)).toBe('visibility.changed');
    expect(errors).toEqual(['brand re-analysis: database is locked (retrying)']);
    await driver.close();

    const broken = job(20, [1, 2, 3, 4, 5]);
    const b = recorder();
    const stuck = createReanalysisDriver({
      store: broken,
      events: b.events,
      retryMs: 1,
      logError: (m) => errors.push(m),
    });
    stuck.kick();
    await settled(stuck);
    expect(broken.steps).toBe(4);
    expect(errors.at(-1)).toMatch(/stopped; it resumes at the next start/);
    expect(b.seen).not.toContain('visibility.changed');
    await stuck.close();
  });

  it('stops at close, leaving the job for the next start, and ignores a history without one', async () => {
    const store = job(100);
    const { events } = recorder();
    const driver = createReanalysisDriver({ store, events, batch: 10 });
    driver.kick();
    await driver.close();
    expect(store.steps).toBe(0);
    expect(store.visReanalysis()).toEqual({ done: 0, total: 100 });
    driver.kick();
    expect(driver.running).toBe(false);

    const none = job(0);
    const idle = createReanalysisDriver({ store: none, events: recorder().events });
    idle.kick();
    expect(idle.running).toBe(false);
    expect(none.steps).toBe(0);
    await idle.close();
  });

  it("starts when a brand save, a demo build or a demo deletion says 'visibility.changed'", async () => {
    const store = job(5);
    const { events, seen } = recorder();
    const driver = createReanalysisDriver({ store, events });
    events.emit('visibility.changed', { reason: 'ingest' });
    expect(driver.running).toBe(false);
    events.emit('visibility.changed', { reason: 'brands' });
    expect(driver.running).toBe(true);
    await settled(driver);
    expect(seen.slice(-2)).toEqual(['done 5', 'visibility.changed']);
    await driver.close();
  });
});
