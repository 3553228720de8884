import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFindingsService } from '../../../src/core/analysis/findings';
import { openHistory, type HistoryStore, type VisFilter } from '../../../src/core/history';
import { demoHistoryCopy } from '../../support/demo-history';

// The drill-down reads only the days the roll-ups say hold its newest matches
// (store/visibility/visibility-read-drill-days.ts). On a 7-day demo history (real run engine,
// sandbox answers, every index and roll-up as ingest writes them) it must list exactly the
// answers the plain per-answer query lists (every answer of the scope checked newest-first, as
// the drill did before), with the same total, for brands named or not, cited or not, domains,
// engine, country, day, monitor and limit, and the findings (`parallax changes`) built on it
// must be identical to the findings built on the plain query.

type VisDrillFilter = Parameters<HistoryStore['visDrill']>[1];

let path = '';
let store: HistoryStore;
let raw: Database.Database;
const DAY = 86_400_000;

beforeAll(async () => {
  // A copy of the shared template (a call the run's background build finds: demo-needs.ts), the
  // 7-day preview search-count, catch-up-first and the e2e alerts file open too (every engine, so
  // the drills by engine pick among several): a template of its own was a build of its own.
  path = await demoHistoryCopy({ days: 7, alerts: 'unchecked', variant: 'preview' });
  store = openHistory({ path, readonly: true });
  raw = new Database(path, { readonly: true, fileMustExist: true });
}, 240_000);

afterAll(() => {
  store?.close();
  raw?.close();
  if (path) rmSync(dirname(path), { recursive: true, force: true });
});

/** The drill as one plain query over every answer of the filter (no roll-up, no day list). */
function plainDrill(filter: VisFilter, drill: VisDrillFilter, limit: number) {
  const where = ['f.day BETWEEN @fromDay AND @toDay'];
  const params: Record<string, unknown> = { fromDay: filter.fromDay, toDay: filter.toDay };
  const inList = (column: string, name: string, values: readonly string[] | undefined) => {
    if (!values?.length) return;
    where.push(`${column} IN (SELECT value FROM json_each(@${name}))`);
    params[name] = JSON.stringify(values);
  };
  if (filter.runIds) {
    where.push('f.run IN (SELECT id FROM vis_runs WHERE run_id IN (SELECT value FROM json_each(@runs)))');
    params.runs = JSON.stringify(filter.runIds);
  }
  inList('f.engine', 'engines', filter.engines);
  inList('f.loc', 'locations', filter.locations);
  if (drill.engine !== undefined) inList('f.engine', 'engine', [drill.engine]);
  if (drill.location !== undefined) inList('f.loc', 'location', [drill.location]);
  if (drill.day !== undefined) {
    where.push('f.day = @day');
    params.day = drill.day;
  }
  const row = (cond: string) =>
    `f.seq IN (SELECT b.seq FROM vis_result_brand b JOIN vis_brands vb ON vb.id = b.brand WHERE vb.brand_id = @brand AND ${cond})`;
  if (drill.brandId !== undefined) {
    params.brand = drill.brandId;
    if (drill.mentioned !== undefined)
      where.push(`${drill.mentioned ? '' : 'NOT '}${row('b.mentioned = 1')}`);
    if (drill.cited !== undefined) where.push(`${drill.cited ? '' : 'NOT '}${row('b.cited = 1')}`);
    if (drill.mentioned === undefined && drill.cited === undefined)
      where.push(row('(b.mentioned = 1 OR b.cited = 1)'));
  }
  if (drill.domain !== undefined) {
    where.push(
      'f.seq IN (SELECT rd.seq FROM vis_result_domain rd JOIN vis_domains d ON d.id = rd.domain WHERE d.domain = @domain)',
    );
    params.domain = drill.domain;
  }
  const all = raw
    .prepare(
      `SELECT r.id FROM vis_result f JOIN results r ON r.seq = f.seq WHERE ${where.join(' AND ')} ORDER BY f.day DESC, f.seq DESC`,
    )
    .pluck()
    .all(params) as string[];
  return { resultIds: all.slice(0, limit), total: all.length };
}

describe('drill-down by the days holding its matches', () => {
  it('lists the same answers and total as the plain query', () => {
    const range = store.visDayRange()!;
    const full: VisFilter = { fromDay: range.first, toDay: range.last };
    const monitor = store.listMonitors()[0]!;
    const runIds = store.visMonitorRuns(monitor.id)!;
    const { engine, loc } = raw
      .prepare('SELECT engine, loc FROM vis_result ORDER BY seq DESC LIMIT 1')
      .get() as {
      engine: string;
      loc: string;
    };
    const filters: VisFilter[] = [
      full,
      { ...full, fromDay: range.last - 4 },
      { ...full, engines: [engine] },
      { ...full, locations: [loc] },
      { ...full, runIds },
      { ...full, runIds, locations: [loc], engines: [engine] },
    ];
    const brands = store.listBrands().map((b) => b.id);
    const domains = store.visDomains(full, { limit: 3 }).map((d) => d.domain);
    const drills: VisDrillFilter[] = [
      ...brands.flatMap((brandId) => [
        { brandId, mentioned: true },
        { brandId, mentioned: false },
        { brandId, cited: true },
        { brandId, cited: false },
        { brandId },
        { brandId, mentioned: true, engine, location: loc },
        { brandId, mentioned: false, day: range.last - 1 },
      ]),
      ...domains.flatMap((domain) => [{ domain }, { domain, engine }, { domain, location: loc }]),
      { brandId: 'no-such-brand', mentioned: false },
      { brandId: 'no-such-brand', mentioned: true },
      { domain: 'no-such-domain.example' },
    ];
    let compared = 0;
    let found = 0;
    for (const filter of filters)
      for (const drill of drills)
        for (const limit of [1, 7, 50]) {
          const expected = plainDrill(filter, drill, limit);
          expect(store.visDrill(filter, drill, limit), JSON.stringify({ filter, drill, limit })).toEqual(
            expected,
          );
          compared++;
          if (expected.total > 0 && expected.total < 50) found++;
        }
    expect(compared).toBeGreaterThan(900);
    // Rare matches (fewer than a page) are the case the day list exists for: the demo has them.
    expect(found).toBeGreaterThan(20);
  });

  it('gives the findings the plain query gives', () => {
    const plain: HistoryStore = { ...store, visDrill: plainDrill };
    const last = store.visDayRange()!.last;
    const iso = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
    // Three days against the three before them: both periods inside the demo's seven.
    const input = { period: { from: iso(last - 2), to: iso(last) }, limit: 7, resultLimit: 50 } as const;
    const monitor = store.listMonitors()[0]!.id;
    const inputs = [
      { ...input, scope: { kind: 'all' as const } },
      { ...input, scope: { kind: 'monitor' as const, id: monitor } },
      { ...input, scope: { kind: 'all' as const }, resultLimit: 3 },
    ];
    let findings = 0;
    for (const i of inputs) {
      const deps = { now: () => (last + 1) * DAY, activeJudge: () => 'builtin' };
      const fast = createFindingsService({ ...deps, store }).list(i);
      expect(fast).toEqual(createFindingsService({ ...deps, store: plain }).list(i));
      findings += fast.findings.filter((f) => f.resultIds.length > 0).length;
    }
    expect(findings).toBeGreaterThan(0);
  });
});
