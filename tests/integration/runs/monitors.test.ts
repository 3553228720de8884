import { afterEach, describe, expect, it } from 'vitest';
import { openHarness, spec, META, type Harness } from './harness';
import { createMonitorScheduler, MonitorInputError } from '../../../src/core/runs/engine';

// Monitors with an injected clock: due times from the cadence, one catch-up run however many
// slots were missed, nothing while monitors are paused globally.

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 9, 5, 9, 30); // Monday 5 October 2026, 09:30 UTC

describe('monitors', () => {
  it('is due by its cadence, catches up a missed monitor once, and honours the global pause', async () => {
    let now = T0;
    h = await openHarness({ engine: { now: () => now } });
    const sched = createMonitorScheduler({
      store: h.store,
      engine: h.engine,
      now: () => now,
      runMeta: () => META,
    });
    const s = spec({ prompts: ['best crm'], engines: ['assistant-a'], countries: ['US', 'DE'] });
    const daily = sched.add({ name: 'daily crm', spec: s, cadence: 'daily' });
    const cron = sched.add({ name: 'mondays 8:00', spec: s, cadence: '0 8 * * 1' });
    expect(daily.nextDueAt).toBe(T0 + DAY);
    expect(cron.nextDueAt).toBe(Date.UTC(2026, 9, 12, 8, 0));
    expect(() => sched.add({ name: 'bad', spec: s, cadence: 'every tuesday' })).toThrow(MonitorInputError);

    expect(sched.dueMonitors()).toEqual([]);
    now = T0 + DAY + 1;
    expect(sched.dueMonitors().map((m) => m.name)).toEqual(['daily crm']);

    // The app was closed for three weeks: each monitor runs once at start, not once per missed slot.
    now = T0 + 21 * DAY;
    h.store.setMonitorsPaused(true);
    expect(await sched.runDueMonitors()).toEqual([]);
    h.store.setMonitorsPaused(false);
    const outcomes = await sched.runDueMonitors();
    expect(outcomes.map((o) => o.name).sort()).toEqual(['daily crm', 'mondays 8:00']);
    for (const o of outcomes) {
      expect(o.error).toBeNull();
      const end = await h.engine.wait(o.runId as string);
      expect(end.counts.succeeded).toBe(2);
    }
    expect(await sched.runDueMonitors()).toEqual([]);
    const after = sched.list().find((m) => m.name === 'daily crm');
    expect(after?.nextDueAt).toBe(now + DAY);
    expect(after?.lastRunId).toBe(outcomes.find((o) => o.name === 'daily crm')?.runId);
    expect(h.store.getRun(after?.lastRunId as string)?.monitorId).toBe(after?.id);
  });
});
