import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareUncheckedRuns } from '../../../src/core/alerts';
import { positioningRule } from '../../../src/core/alerts/positioning-rule';
import { buildDemoHistory, demoEventsBetween, type DemoEvent } from '../../../src/core/demo';
import { openHistory, type HistoryStore } from '../../../src/core/history';
import { parseAlertRules } from '../../../src/shared/alerts/rules';
import type { AlertView } from '../../../src/shared/alerts/types';

// recommendation-lost and sentiment-shifted on demo histories built through the real run engine
// against the sandbox into real SQLite files, around the sandbox's scheduled drift events (the
// demo's seed and dates are fixed, so the events are too; found from the schedule): a brand's
// tone sours in one country (both rules fire for it there, on the event's first day), and a
// competitor is the top pick on one engine for a few days (its recommendation rate falls back
// the day after). The checks run as every reader runs them (compareUncheckedRuns), with the
// built-in judge that scored the answers at ingest.

const DAY = 86_400_000;
const FIRST = Date.UTC(2026, 0, 1) / DAY;
const POSITIONING = new Set(['recommendation-lost', 'sentiment-shifted']);

const dirs: string[] = [];
const stores: HistoryStore[] = [];

/** A two-day demo history ending on `day` (noon), its runs compared. */
async function historyEndingOn(day: number): Promise<HistoryStore> {
  const dir = mkdtempSync(join(tmpdir(), 'parallax-pos-alerts-'));
  dirs.push(dir);
  const path = join(dir, 'demo.db');
  await buildDemoHistory({
    openStore: (clock) => openHistory({ path, now: clock }),
    days: 2,
    now: () => day * DAY + 12 * 3_600_000,
  });
  const store = openHistory({ path });
  stores.push(store);
  await compareUncheckedRuns({ store, now: Date.now });
  return store;
}

const positioningAlerts = (store: HistoryStore): AlertView[] =>
  store.listAlerts({ limit: 5000 }).alerts.filter((a) => POSITIONING.has(a.kind));

let sour: DemoEvent;
let topPick: DemoEvent;
let soured: AlertView[];
let afterTopPick: AlertView[];
let sourStore: HistoryStore;

beforeAll(async () => {
  const events = demoEventsBetween(FIRST, FIRST + 120);
  sour = events.find((e) => e.kind === 'sour')!;
  topPick = events.find((e) => e.kind === 'top-pick' && e.engine === 'assistant-a')!;
  expect(sour).toBeDefined();
  expect(topPick).toBeDefined();
  sourStore = await historyEndingOn(sour.fromDay);
  soured = positioningAlerts(sourStore);
  afterTopPick = positioningAlerts(await historyEndingOn(topPick.toDay + 1));
}, 240_000);

afterAll(() => {
  for (const s of stores) s.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('positioning alerts on the demo’s drift events', () => {
  it('a brand whose tone sours in one country: recommended less and a soured tone, there', () => {
    const there = soured.filter((a) => a.brandName === sour.brand && a.loc === sour.country);
    const lost = there.find((a) => a.kind === 'recommendation-lost');
    const tone = there.find((a) => a.kind === 'sentiment-shifted');
    expect(lost, JSON.stringify(soured.map((a) => a.summary))).toBeDefined();
    expect(tone).toBeDefined();
    expect(lost!.after.value).toBeLessThan(lost!.before.value);
    expect(tone!.after.value).toBeLessThan(0);
    expect(tone!.after.value).toBeLessThan(tone!.before.value);
    // A competitor's change is 'medium', the focus brand's 'high', either 'low' on fewer than 30
    // answers a side (then its sentence says so); the sentence names the place in a client's words.
    const kind = sourStore.listBrands().find((b) => b.name === sour.brand)!.kind;
    const few = Math.min(lost!.before.n, lost!.after.n) < 30;
    expect(lost!.severity).toBe(few ? 'low' : kind === 'brand' ? 'high' : 'medium');
    expect(lost!.title).toMatch(
      new RegExp(
        `^${sour.brand} is (no longer recommended in any answer that names it|recommended in \\d+ % of answers that name it), down from \\d+ % \\(.+, Assistant A\\)${few ? ', on few answers \\(\\d+ before, \\d+ after\\)' : ''}\\.$`,
      ),
    );
    expect(tone!.title).toMatch(new RegExp(`^The tone about ${sour.brand} soured: net sentiment −`));
    expect(tone!.details).toMatch(/Holm-adjusted over \d+ tests p [<=]/);
    // Nothing else soured anywhere: every loss and every souring of the day is about the event's
    // brand (another brand's tone may warm with the day's drift).
    const worse = soured.filter((a) => a.kind === 'recommendation-lost' || a.after.value < a.before.value);
    expect(
      worse.every((a) => a.brandName === sour.brand),
      JSON.stringify(worse.map((a) => a.title)),
    ).toBe(true);
  });

  it('a competitor that was the top pick on one engine: recommended less once the event ends', () => {
    const lost = afterTopPick.filter(
      (a) => a.kind === 'recommendation-lost' && a.brandName === topPick.brand,
    );
    expect(lost.length, JSON.stringify(afterTopPick.map((a) => a.summary))).toBeGreaterThan(0);
    for (const a of lost) {
      expect(a.severity).toBe('medium');
      expect(a.after.value).toBeLessThan(a.before.value);
      expect(a.after.high).toBeLessThan(a.before.low);
    }
  });

  it('reads the active judge’s rows: a judge that scored nothing raises nothing', async () => {
    const run = sourStore.listAlerts({ limit: 5000 }).alerts.find((a) => POSITIONING.has(a.kind))!;
    const monitorId = run.monitorId!;
    const ctx = {
      runId: run.runId,
      prevRunId: run.prevRunId,
      monitorId,
      rules: parseAlertRules({}),
      brands: sourStore.listBrands().map((b) => ({ id: b.id, name: b.name, kind: b.kind })),
      store: sourStore,
      found: [],
    };
    const builtin = await positioningRule.detect({ ...ctx, judge: 'builtin' });
    expect(builtin.map((a) => a.summary).sort()).toEqual(
      soured
        .filter((a) => a.runId === run.runId)
        .map((a) => a.summary)
        .sort(),
    );
    expect(await positioningRule.detect({ ...ctx, judge: 'model:none' })).toEqual([]);
  });
});
