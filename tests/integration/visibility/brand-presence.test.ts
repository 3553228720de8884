import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, type HistoryStore, type JobRecord, type VisFilter } from '../../../src/core/history';
import { registerStoreFunctions } from '../../../src/core/history/codec';
import { createVisibilityReadApi } from '../../../src/core/history/visibility';
import { migrationNamed } from '../../support/migration-named';
import { newRun, normalized, openTemp, source, tempFolder } from '../store/helpers';

// A brand alone in a drill-down (the answers naming it OR citing its domains) reads its total
// from the brand roll-ups' `present` column (migration 'brand-presence'), like `mentioned` and
// `cited`: on a real file the column equals a recount of the answers' own rows after the
// upgrade, ingest, a deleted run and a brand change (re-analysis); every drill's total equals
// the row count, for the brand alone, named, cited and not, by engine, location and days; and
// the brand-alone total's query reads a roll-up, never the answers' brand rows.

type VisDrillFilter = Parameters<HistoryStore['visDrill']>[1];

const tmp = tempFolder();
const DAY = 86_400_000;
const AT = Date.UTC(2026, 2, 2, 10);
const ACME = { name: 'Acme', kind: 'brand' as const, domains: ['acme.com'] };
const BOLT = { name: 'Bolt', kind: 'competitor' as const, domains: ['bolt.io'] };
const BOLT_CO = { ...BOLT, aliases: ['BoltCo'] };

/** Named only, cited only, both, neither, for each brand, over engines, countries and days. */
function answer(i: number) {
  const texts = [
    'Acme leads, then BoltCo.',
    'Acme alone.',
    'Bolt and nothing else.',
    'Nothing named.',
    'BoltCo.',
  ];
  const sources = [
    [source(1, 'review.com', 'R'), source(2, 'acme.com', 'A')],
    [source(1, 'blog.net', 'B')],
    [source(1, 'bolt.io', 'Bolt'), source(2, 'review.com', 'R')],
    [],
  ];
  return {
    text: texts[i % texts.length] as string,
    sources: sources[i % sources.length] as ReturnType<typeof source>[],
  };
}

function ingest(store: HistoryStore, jobs: readonly JobRecord[], offset = 0): void {
  store.ingestResults(
    jobs.map((j, k) => {
      const a = answer(offset + k);
      return {
        jobId: j.id,
        raw: {},
        fetchedAt: AT + (k % 4) * DAY,
        normalized: normalized(j.engine, a.text, { sources: a.sources }),
      };
    }),
  );
}

const newJobs = (store: HistoryStore, prompts: string[]) =>
  newRun(store, {
    prompts,
    engines: ['assistant-a', 'assistant-b'],
    countries: ['US', 'DE', 'FR'],
    repeats: 2,
  });

const PRESENCE: ReadonlyArray<readonly [table: string, key: string]> = [
  ['vis_brand_day', 'f.day, f.run, f.engine, f.loc, b.brand'],
  ['vis_brand_el', 'f.day, f.engine, f.loc, b.brand'],
  ['vis_brand_d', 'f.day, b.brand'],
];

/** Each brand roll-up's `present` per row, and the same counted from vis_result_brand. */
function presence(path: string): Array<{ table: string; rows: unknown[]; recount: unknown[] }> {
  const db = new Database(path, { readonly: true });
  try {
    return PRESENCE.map(([table, key]) => {
      const cols = key.replaceAll('f.', '').replaceAll('b.', '');
      return {
        table,
        rows: db.prepare(`SELECT ${cols}, present FROM ${table} WHERE present > 0 ORDER BY ${cols}`).all(),
        recount: db
          .prepare(
            `SELECT ${key}, count(*) AS present FROM vis_result_brand b JOIN vis_result f ON f.seq = b.seq
             GROUP BY ${key} ORDER BY ${key}`,
          )
          .all(),
      };
    });
  } finally {
    db.close();
  }
}

function expectPresenceCounted(path: string): void {
  for (const t of presence(path)) {
    expect(t.rows.length, t.table).toBeGreaterThan(0);
    expect(t.rows, t.table).toEqual(t.recount);
  }
}

afterAll(() => tmp.cleanup());

describe("the brand roll-ups' presence (named or cited)", () => {
  it('is filled on upgrade and kept by ingest, a deleted run and a brand change', () => {
    const path = tmp.file('before-presence.db');
    let store = openTemp(path);
    store.saveBrand(ACME);
    store.saveBrand(BOLT);
    ingest(store, newJobs(store, ['p1', 'p2', 'p3']).jobs);
    store.close();
    const version = migrationNamed('brand-presence').version;
    const raw = new Database(path);
    for (const [table] of PRESENCE) raw.exec(`ALTER TABLE ${table} DROP COLUMN present`);
    raw.pragma(`user_version = ${version - 1}`);
    raw.close();

    store = openTemp(path);
    expect(store.migrated).toEqual({ from: version - 1, to: MIGRATIONS.length });
    expectPresenceCounted(path);

    const more = newJobs(store, ['p4', 'p5']);
    ingest(store, more.jobs, 3);
    expectPresenceCounted(path);
    expect(store.deleteRun(more.run.id)).toBe(true);
    expectPresenceCounted(path);
    // BoltCo now names Bolt: every brand row is re-analysed.
    const bolt = store.listBrands().find((b) => b.name === 'Bolt');
    store.saveBrand({ ...BOLT_CO, id: bolt?.id });
    expect(store.visReanalysis()).toBeNull();
    expectPresenceCounted(path);
    store.close();
  });
});

describe('a drill-down on a brand alone', () => {
  let path = '';
  let store: HistoryStore;
  let db: Database.Database;
  const executed: string[] = [];

  beforeAll(() => {
    path = tmp.file('drill.db');
    store = openTemp(path);
    store.saveBrand(ACME);
    store.saveBrand(BOLT_CO);
    ingest(store, newJobs(store, ['p1', 'p2', 'p3', 'p4']).jobs);
    db = new Database(path, { readonly: true, verbose: (sql) => executed.push(String(sql)) });
    registerStoreFunctions(db);
  });

  afterAll(() => {
    db.close();
    store.close();
  });

  /** The store's Visibility reads on the logging connection (every statement it runs seen). */
  const reads = () =>
    createVisibilityReadApi({ db, path, now: Date.now, newId: () => 'unused', guard: (fn) => fn() });

  /** The drill's answers counted one by one (what its total must equal). */
  function counted(filter: VisFilter, drill: VisDrillFilter): number {
    const where = ['f.day BETWEEN @fromDay AND @toDay'];
    const params: Record<string, unknown> = { fromDay: filter.fromDay, toDay: filter.toDay };
    const one = (column: string, name: string, value: string | undefined) => {
      if (value === undefined) return;
      where.push(`${column} = @${name}`);
      params[name] = value;
    };
    one('f.engine', 'engine', filter.engines?.[0]);
    one('f.engine', 'drillEngine', drill.engine);
    one('f.loc', 'loc', filter.locations?.[0]);
    one('f.loc', 'drillLoc', drill.location);
    if (drill.day !== undefined) {
      where.push('f.day = @day');
      params.day = drill.day;
    }
    const row = (cond: string) =>
      `f.seq IN (SELECT b.seq FROM vis_result_brand b JOIN vis_brands vb ON vb.id = b.brand WHERE vb.brand_id = @brand AND ${cond})`;
    params.brand = drill.brandId;
    if (drill.mentioned !== undefined)
      where.push(`${drill.mentioned ? '' : 'NOT '}${row('b.mentioned = 1')}`);
    if (drill.cited !== undefined) where.push(`${drill.cited ? '' : 'NOT '}${row('b.cited = 1')}`);
    if (drill.mentioned === undefined && drill.cited === undefined) where.push(row('1'));
    return db
      .prepare(`SELECT count(*) FROM vis_result f WHERE ${where.join(' AND ')}`)
      .pluck()
      .get(params) as number;
  }

  it('has the total of the answers counted one by one, from the roll-ups', () => {
    const range = store.visDayRange() as { first: number; last: number };
    const full: VisFilter = { fromDay: range.first, toDay: range.last };
    const filters: VisFilter[] = [
      full,
      { ...full, fromDay: range.last - 1 },
      { ...full, engines: ['assistant-b'] },
      { ...full, locations: ['DE'] },
    ];
    const brands = store.listBrands().map((b) => b.id);
    const drills: VisDrillFilter[] = brands.flatMap((brandId) => [
      { brandId },
      { brandId, mentioned: true },
      { brandId, mentioned: false },
      { brandId, cited: true },
      { brandId, cited: false },
      { brandId, engine: 'assistant-a' },
      { brandId, location: 'FR' },
      { brandId, day: range.last },
    ]);
    let alone = 0;
    for (const filter of filters)
      for (const drill of drills) {
        const expected = counted(filter, drill);
        executed.length = 0;
        const { total, resultIds } = reads().visDrill(filter, drill, 1);
        expect(total, JSON.stringify({ filter, drill })).toBe(expected);
        expect(resultIds.length).toBe(Math.min(1, expected));
        // With a full page (1), the total is not the page: it comes from a roll-up, never a count.
        if (expected > 1)
          expect(executed.filter((s) => /count\(\*\) FROM vis_result f/u.test(s))).toEqual([]);
        if (expected > 1 && drill.mentioned === undefined && drill.cited === undefined) {
          expect(executed.some((s) => /total\(present\)/u.test(s))).toBe(true);
          alone++;
        }
      }
    expect(alone).toBeGreaterThan(10);
  });

  it("reads the brand-alone total from a roll-up, not the answers' brand rows", () => {
    const range = store.visDayRange() as { first: number; last: number };
    const brandId = store.listBrands()[0]?.id as string;
    const filters: VisFilter[] = [
      { fromDay: range.first, toDay: range.last },
      { fromDay: range.first, toDay: range.last, engines: ['assistant-a'], locations: ['US'] },
    ];
    for (const filter of filters) {
      executed.length = 0;
      reads().visDrill(filter, { brandId }, 1);
      // The total's one statement (the day list before it reads the roll-up by day: GROUP BY day).
      const totals = executed.filter((s) => /^SELECT total\(present\)/u.test(s));
      expect(totals.length).toBe(1);
      const sql = totals[0] as string;
      // verbose() gives the statement with its parameters bound: EXPLAIN it as executed.
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map(
        (r) => r.detail,
      );
      expect(plan.join('\n')).toMatch(/vis_brand_(day|el|d)\b/u);
      expect(plan.join('\n')).not.toMatch(/vis_result_brand|vis_result\b/u);
    }
  });
});
