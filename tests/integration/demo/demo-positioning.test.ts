import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoHistory, DEMO_COUNTRIES, demoEventsBetween, type DemoEvent } from '../../../src/core/demo';
import { openHistory, type HistoryStore } from '../../../src/core/history';
import { recoverSandboxPositioning } from '../../../src/sandbox/index';

// The demo history shows positioning and its events: a 3-day demo built through the real run
// engine into a real SQLite file, around a scheduled sour event of a demo brand in a demo
// country (found from the schedule, so the test holds on any date): the stored answers carry
// the positioning the sandbox wrote (read back from their Markdown), and the brand is
// cautioned in every answer naming it there on the event's days, not the day before.

const DAY = 86_400_000;
const FIRST = Date.UTC(2026, 0, 1) / DAY;

let dir = '';
let store: HistoryStore;
let resultIds: string[] = [];
let event: DemoEvent;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-demo-positioning-'));
  const path = join(dir, 'demo.db');
  // A sour event with no other sour event of its brand and country the day before it.
  const sours = demoEventsBetween(FIRST, FIRST + 365).filter((e) => e.kind === 'sour');
  event = sours.find(
    (e) =>
      !sours.some(
        (o) =>
          o !== e &&
          o.brand === e.brand &&
          o.country === e.country &&
          o.toDay >= e.fromDay - 1 &&
          o.fromDay <= e.fromDay + 1,
      ),
  )!;
  const now = (event.fromDay + 1) * DAY + 12 * 3_600_000;
  const built = await buildDemoHistory({
    openStore: (clock) => openHistory({ path, now: clock }),
    days: 3,
    now: () => now,
  });
  expect(built.results).toBe(3 * 240);
  const raw = new Database(path, { readonly: true });
  resultIds = raw.prepare('SELECT id FROM results ORDER BY seq').pluck().all() as string[];
  raw.close();
  store = openHistory({ path });
}, 120_000);
afterAll(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('positioning in the demo history', () => {
  it('is in every stored answer, and a scheduled sour event shows on its days in its country only', () => {
    const brands = store.listBrands();
    const brand = brands.find((b) => b.name === event.brand)!;
    expect(brand).toBeDefined();
    const statuses = new Set<string>();
    const there = new Map<number, { named: number; cautioned: number }>();
    const elsewhere = { named: 0, cautioned: 0 };
    for (const r of store.getResults(resultIds)) {
      const found = recoverSandboxPositioning(r.normalized.markdown ?? '', brands);
      expect(found).not.toBeNull();
      // The stored plain text says the same (its offsets are its own).
      const plain = recoverSandboxPositioning(r.normalized.text, brands);
      expect(plain?.map((p) => [p.brandId, p.status, p.sentiment])).toEqual(
        found?.map((p) => [p.brandId, p.status, p.sentiment]),
      );
      for (const p of found ?? []) statuses.add(p.status);
      const p = found?.find((x) => x.brandId === brand.id);
      if (!p) continue;
      const day = Math.floor(r.fetchedAt / DAY);
      const tally = r.country === event.country ? (there.get(day) ?? { named: 0, cautioned: 0 }) : elsewhere;
      tally.named++;
      if (p.status === 'cautioned') tally.cautioned++;
      if (r.country === event.country) there.set(day, tally);
    }
    expect([...statuses].sort()).toEqual(['cautioned', 'mentioned', 'recommended', 'top']);
    expect(DEMO_COUNTRIES).toContain(event.country);
    for (const day of [event.fromDay, event.fromDay + 1]) {
      const t = there.get(day)!;
      expect(t.named, `day ${day}`).toBeGreaterThan(0);
      expect(t.cautioned).toBe(t.named);
    }
    const before = there.get(event.fromDay - 1);
    expect(before).toBeDefined();
    expect(before!.cautioned).toBeLessThan(before!.named);
    expect(elsewhere.cautioned).toBeLessThan(elsewhere.named / 2);
  });
});
