import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type HistoryStore,
  type OutcomeBatch,
  openHistory,
  type TrafficRow,
} from '../../../src/core/history';
import { TRAFFIC_FROM, TRAFFIC_IS_DAY, TRAFFIC_TO } from '../../../src/core/history/schema';

// The weekly sums of AI-referred traffic (migration 043) against the day rows they sum: after
// imports of two sites, a re-import with other numbers, an export range that supersedes day rows
// mid-week, and as the migration fills them for a history imported before it. Every period
// starting on each weekday, over both sites and each one, reads what the day rows alone give:
// a site's key events (decimals) to the last digit, both sites' to nine decimals.

const FIRST_DAY = 20_362; // 2025-10-02, a Thursday
const DAYS = 45;
const REFERRERS: Array<[string, string | null]> = [
  ['chatgpt', 'assistant-a'],
  ['perplexity', 'assistant-b'],
  ['claude', null],
];

/** Day rows of a site: two sources per referrer, five pages, decimals in the key events. */
function dayRows(seed: number, from = FIRST_DAY, days = DAYS): TrafficRow[] {
  const rows: TrafficRow[] = [];
  for (let d = 0; d < days; d++)
    for (const [i, [referrer, engine]] of REFERRERS.entries())
      for (const medium of ['referral', '(not set)'])
        for (let p = 0; p < 5; p++) {
          const n = (seed * 31 + d * 7 + i * 5 + p * 3 + medium.length) % 23;
          if (n % 4 === 0) continue;
          rows.push({
            fromDay: from + d,
            toDay: from + d,
            sourceMedium: `${referrer}.com / ${medium}`,
            landingPage: `/page-${p}`,
            referrer,
            engine,
            sessions: n,
            keyEvents: n / 10 + (p % 3) * 0.7,
          });
        }
  return rows;
}

/** What the traffic read gave before the weekly sums: the day rows grouped directly. */
const DIRECT = `SELECT ${TRAFFIC_FROM} AS fromDay, CASE WHEN ${TRAFFIC_IS_DAY} THEN ${TRAFFIC_FROM} + 6 ELSE to_day END
    AS toDay, ${TRAFFIC_IS_DAY} AS week, referrer, engine, landing_page AS landingPage,
    sum(sessions) AS sessions, sum(key_events) AS keyEvents
  FROM outcome_traffic WHERE to_day >= @fromDay AND (@site IS NULL OR site = @site)
  GROUP BY ${TRAFFIC_FROM}, ${TRAFFIC_IS_DAY}, ${TRAFFIC_TO}, referrer, engine, landing_page
  ORDER BY fromDay, referrer, landingPage`;

/** A row with its key events to nine decimals (sums of decimals added in another order). */
const nearKeyEvents = <R extends { keyEvents: number }>(row: R): R => ({
  ...row,
  keyEvents: Number(row.keyEvents.toFixed(9)),
});

let dir: string;
let path: string;
let store: HistoryStore;

function write(batch: OutcomeBatch): void {
  store.writeOutcomes(batch);
}

/** Every period from each of the first fourteen days (all weekdays) and the whole history, per site. */
function expectPeriodsEqualDayRows(): number {
  const raw = new Database(path, { readonly: true });
  try {
    let compared = 0;
    const starts = [0, ...Array.from({ length: 14 }, (_, i) => FIRST_DAY + i), FIRST_DAY + 40];
    for (const fromDay of starts)
      for (const site of [null, 'a.com', 'b.com']) {
        const read = store.outcomeTraffic({ fromDay, ...(site !== null ? { site } : {}) });
        const direct = raw.prepare(DIRECT).all({ fromDay, site }) as typeof read;
        if (site !== 'b.com' || fromDay < FIRST_DAY + 33) expect(read.length).toBeGreaterThan(0);
        // One site: summed in the same order, equal to the last digit. Both: each site's weekly
        // sum is added, so decimals may differ in their last binary digit, never more.
        expect(site === null ? read.map(nearKeyEvents) : read).toEqual(
          site === null ? direct.map(nearKeyEvents) : direct,
        );
        compared++;
      }
    return compared;
  } finally {
    raw.close();
  }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-traffic-weekly-'));
  path = join(dir, 'history.db');
  store = openHistory({ path, integrityCheck: 'none' });
});

afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('AI-referred traffic per week (weekly sums beside the day rows)', () => {
  it('reads every period as the day rows do, over two sites and each one', () => {
    write({ origin: 'ga4', site: 'a.com', traffic: dayRows(1) });
    write({ origin: 'ga4', site: 'b.com', traffic: dayRows(2, FIRST_DAY + 3, 30) });
    expect(expectPeriodsEqualDayRows()).toBe(48);
  });

  it('stays equal after a re-import of some days with other numbers', () => {
    write({ origin: 'ga4', site: 'a.com', traffic: dayRows(5, FIRST_DAY + 9, 6) });
    expectPeriodsEqualDayRows();
  });

  it('stays equal when an export range supersedes day rows from mid-week', () => {
    const range = { fromDay: FIRST_DAY + 13, toDay: FIRST_DAY + 24 }; // a Wednesday to a Sunday
    const before = store.outcomeTraffic({ site: 'a.com' }).filter((r) => r.week === 0);
    expect(before).toEqual([]);
    const counts = store.writeOutcomes({
      origin: 'ga4',
      site: 'a.com',
      traffic: [
        {
          ...range,
          sourceMedium: 'chatgpt.com / referral',
          landingPage: '/page-1',
          referrer: 'chatgpt',
          engine: 'assistant-a',
          sessions: 41,
          keyEvents: 2.3,
        },
      ],
    });
    expect(counts.superseded).toBeGreaterThan(0);
    expect(store.outcomeTraffic({ site: 'a.com' }).filter((r) => r.week === 0)).toHaveLength(1);
    expectPeriodsEqualDayRows();
  });

  it('is filled by the migration for traffic imported before it', () => {
    store.close();
    const raw = new Database(path);
    try {
      raw.exec('DROP TABLE outcome_traffic_weekly');
      raw.pragma('user_version = 42');
    } finally {
      raw.close();
    }
    store = openHistory({ path, integrityCheck: 'none' });
    expectPeriodsEqualDayRows();
  });
});

describe('the order of the traffic read', () => {
  it('orders landing pages as SQLite does (code points), characters beyond U+FFFF included', () => {
    const pages = ['/a\u{1F600}', '/a\uFF5E', '/a~', '/a\uE000', '/a\u00E9', '/a'];
    write({
      origin: 'ga4',
      site: 'c.com',
      traffic: pages.map((landingPage, i) => ({
        fromDay: FIRST_DAY,
        toDay: FIRST_DAY,
        sourceMedium: 'chatgpt.com / referral',
        landingPage,
        referrer: 'chatgpt',
        engine: 'assistant-a',
        sessions: i + 1,
        keyEvents: 0,
      })),
    });
    const raw = new Database(path, { readonly: true });
    try {
      const read = store.outcomeTraffic({ site: 'c.com' });
      expect(read.map((r) => r.landingPage)).toEqual([
        '/a',
        '/a~',
        '/a\u00E9',
        '/a\uE000',
        '/a\uFF5E',
        '/a\u{1F600}',
      ]);
      expect(read).toEqual(raw.prepare(DIRECT).all({ fromDay: 0, site: 'c.com' }));
    } finally {
      raw.close();
    }
  });
});
