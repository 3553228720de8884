import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentByName, createCrawlersService } from '../../../src/core/crawlers';
import { openHistory } from '../../../src/core/history';
import { MIGRATIONS } from '../../../src/core/history/schema';
import { runCliAt } from '../../support/cli-in-process';
import { writeCombinedLog } from '../../support/crawler-logs';

// The crawler roll-ups (migrations 039 and 042) against the day rows they sum: after an import,
// after a second file over the same days, after the same file again (nothing added), after a
// file of older days (every later running sum moves), and as the migrations fill them for a
// history imported before them. Then the figures read from them over
// periods whose first days fall mid-week: each equal to the day rows counted directly.

const START = Date.UTC(2026, 9, 1); // a Thursday
const DAYS = 45;
const NOW = START + (DAYS - 1) * 86_400_000;

let dir: string;
let db: string;

const cli = (args: string[]) => runCliAt(args, join(dir, 'data'));

async function importLog(name: string, seed: number, start = START, days = DAYS): Promise<void> {
  const file = join(dir, name);
  await writeCombinedLog(file, 400_000, { seed, start, days, pages: 40 });
  const out = await cli(['--json', 'logs', 'import', file, '--site', 'example.com', '--db', db]);
  expect(out.code, out.stderr).toBe(0);
}

/** Each roll-up table and the same sums made from the day rows, both ordered alike. */
const PAIRS: Array<[string, string]> = [
  [
    'SELECT agent, url, week, site, hits FROM crawl_verified_weeks ORDER BY 1, 2, 3, 4',
    `SELECT agent, url, date(day, '-6 days', 'weekday 1') AS week, site, sum(hits) AS hits
     FROM crawl_hits WHERE verified = 1 GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
  ],
  [
    'SELECT agent, week, site, hits FROM crawl_verified_agent_weeks ORDER BY 1, 2, 3',
    `SELECT agent, date(day, '-6 days', 'weekday 1') AS week, site, sum(hits) AS hits
     FROM crawl_hits WHERE verified = 1 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  ],
  [
    'SELECT site, url, agent, day, hits FROM crawl_refused_days ORDER BY 1, 2, 3, 4',
    `SELECT site, url, agent, day, sum(hits) AS hits FROM crawl_hits WHERE status = 403
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
  ],
  [
    'SELECT agent, url, week, site, running FROM crawl_verified_weeks ORDER BY 1, 2, 3, 4',
    `SELECT agent, url, week, site, sum(hits) OVER (PARTITION BY agent, url, site ORDER BY week) AS running
     FROM (SELECT agent, url, date(day, '-6 days', 'weekday 1') AS week, site, sum(hits) AS hits
           FROM crawl_hits WHERE verified = 1 GROUP BY 1, 2, 3, 4)
     ORDER BY 1, 2, 3, 4`,
  ],
  [
    'SELECT agent, url, site, hits, last_day FROM crawl_verified_pages ORDER BY 1, 2, 3',
    `SELECT agent, url, site, sum(hits) AS hits, max(day) AS last_day FROM crawl_hits
     WHERE verified = 1 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  ],
  [
    'SELECT site, url, agent, day FROM crawl_served_last ORDER BY 1, 2, 3',
    `SELECT site, url, agent, max(day) AS day FROM crawl_hits WHERE status BETWEEN 200 AND 299
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  ],
];

function expectRollupsEqualDayRows(): number {
  const raw = new Database(db, { readonly: true });
  try {
    let rows = 0;
    for (const [rollup, direct] of PAIRS) {
      const kept = raw.prepare(rollup).all();
      expect(kept.length).toBeGreaterThan(0);
      expect(kept).toEqual(raw.prepare(direct).all());
      rows += kept.length;
    }
    return rows;
  } finally {
    raw.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-crawl-rollups-'));
  db = join(dir, 'history.db');
  await importLog('one.log', 7);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the crawler roll-ups', () => {
  it('equal the day rows summed after an import, a second file over the same days, and the first again', async () => {
    const first = expectRollupsEqualDayRows();
    await importLog('two.log', 8);
    const second = expectRollupsEqualDayRows();
    expect(second).toBeGreaterThanOrEqual(first);
    await importLog('one.log', 7);
    expect(expectRollupsEqualDayRows()).toBe(second);
  });

  it('keep every later week’s running sum right when a file of older days comes after', async () => {
    const before = expectRollupsEqualDayRows();
    // Ten days ending inside the first file's second week: earlier weeks are new, that one grows.
    await importLog('older.log', 9, START - 5 * 86_400_000, 10);
    expect(expectRollupsEqualDayRows()).toBeGreaterThan(before);
  });

  it('are filled by the migration from a history imported before it', () => {
    const raw = new Database(db);
    try {
      for (const table of [
        'crawl_verified_weeks',
        'crawl_verified_agent_weeks',
        'crawl_refused_days',
        'crawl_served_last',
        'crawl_verified_pages',
      ])
        raw.exec(`DELETE FROM ${table}`);
      for (const name of ['crawl-rollups', 'crawl-running-totals']) {
        const migration = MIGRATIONS.find((m) => m.name === name);
        raw.exec(migration?.sql ?? '');
        migration?.up?.(raw);
      }
    } finally {
      raw.close();
    }
    expectRollupsEqualDayRows();
  });
});

/** Verified hits per engine and page, and per week and engine, counted from the day rows. */
function crawledByHand(raw: Database.Database, since: string) {
  const rows = raw
    .prepare(
      `SELECT day, date(day, '-6 days', 'weekday 1') AS week, agent, url, hits FROM crawl_hits
       WHERE verified = 1 AND day >= ?`,
    )
    .all(since) as Array<{ day: string; week: string; agent: string; url: string; hits: number }>;
  const pages = new Map<string, number>();
  const weeks = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, hits: number) =>
    map.set(key, (map.get(key) ?? 0) + hits);
  for (const r of rows)
    for (const engine of agentByName(r.agent)?.engines ?? []) {
      add(pages, `${engine} ${r.url}`, r.hits);
      add(weeks, `${r.week} ${engine}`, r.hits);
    }
  return { pages, weeks };
}

/** Pages answered 403 to an agent and never 2xx since `since`, with browsers served 2xx. */
function blockedByHand(raw: Database.Database, since: string): string[] {
  const pairs = raw
    .prepare(
      `SELECT url, agent, sum(CASE WHEN status = 403 THEN hits ELSE 0 END) AS refused,
              sum(CASE WHEN status BETWEEN 200 AND 299 THEN hits ELSE 0 END) AS served
       FROM crawl_hits WHERE day >= ? GROUP BY url, agent`,
    )
    .all(since) as Array<{ url: string; agent: string; refused: number; served: number }>;
  const browsed = new Set(
    (
      raw
        .prepare('SELECT DISTINCT url FROM crawl_browser_hits WHERE day >= ? AND status BETWEEN 200 AND 299')
        .all(since) as Array<{ url: string }>
    ).map((r) => r.url),
  );
  return pairs
    .filter((p) => p.refused > 0 && p.served === 0 && browsed.has(p.url))
    .map((p) => `${p.url} ${p.agent}`)
    .sort();
}

describe('figures over a period, read from the roll-ups and the first days', () => {
  it('equal the day rows counted directly, whatever weekday the period starts on', () => {
    const store = openHistory({ path: db, now: () => NOW, integrityCheck: 'none' });
    const raw = new Database(db, { readonly: true });
    try {
      const crawlers = createCrawlersService({ store, now: () => NOW });
      let blockedSeen = 0;
      const since30 = new Date(NOW - 29 * 86_400_000).toISOString().slice(0, 10);
      const fetched30 = [...crawledByHand(raw, since30).pages.keys()].sort();
      for (const days of [
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 36, 37,
        38, 44, 45, 60,
      ]) {
        const since = new Date(NOW - (days - 1) * 86_400_000).toISOString().slice(0, 10);
        const hand = crawledByHand(raw, since);
        const read = crawlers.crawledPeriod({ days });
        expect(new Map(read.pages.map((p) => [`${p.engine} ${p.url}`, p.hits]))).toEqual(hand.pages);
        expect(new Map(read.weeks.map((w) => [`${w.week} ${w.engine}`, w.hits]))).toEqual(hand.weeks);
        // The pages fetched in the last 30 days, read in the same pass whatever the period.
        expect(read.recent.map((p) => `${p.engine} ${p.url}`).sort()).toEqual(fetched30);
        const blocked = crawlers.blocked({ days }).map((b) => `${new URL(b.url).pathname} ${b.agent}`);
        expect(blocked.sort()).toEqual(blockedByHand(raw, since));
        blockedSeen += blocked.length;
      }
      expect(blockedSeen).toBeGreaterThan(0);
    } finally {
      raw.close();
      store.close();
    }
  });
});
