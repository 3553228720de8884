import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visBrandsQuery, type HistoryStore, type VisFilter } from '../../../src/core/history';
import { registerStoreFunctions } from '../../../src/core/history/codec';
import { createVisibilityService, type VisibilityService } from '../../../src/core/analysis/visibility';
import { dayOf } from '../../../src/core/analysis/visibility/period';
import { engineBoard } from '../../../src/shared/visibility/engine-board';
import { tempFolder } from '../store/helpers';
import { all, buildVisibilityFixture, NOW, period } from './visibility-fixture';

// The leaderboard by engine (the Visibility view's "By engine", `parallax visibility --by engine
// --wide`) on the hand-made history of visibility-fixture.ts, in a real file: each cell's counts
// equal the per-result rows counted directly, and the read goes through the day × engine ×
// location roll-up (vis_brand_el) by its key, never the per-result rows, so it stays a few
// hundred rows a day at a million answers.

const tmp = tempFolder();
let path = '';
let store: HistoryStore;
let svc: VisibilityService;
let acme = '';
let bolt = '';
let db: Database.Database;

/** The current period of the fixture (2026-03-09 … 03-10) as the service's filter. */
const current: VisFilter = { fromDay: dayOf('2026-03-09'), toDay: dayOf('2026-03-10') };

beforeAll(() => {
  path = tmp.file('by-engine.db');
  ({ store, acme, bolt } = buildVisibilityFixture(path));
  svc = createVisibilityService({ store, now: () => NOW });
  db = new Database(path, { readonly: true });
  registerStoreFunctions(db);
});
afterAll(() => {
  db.close();
  store.close();
  tmp.cleanup();
});

/** Answers of an engine in the period, and those naming a brand: counted row by row. */
function counted(engine: string, brandId: string): { answers: number; mentioned: number; mentions: number } {
  const answers = db
    .prepare('SELECT count(*) AS n FROM vis_result WHERE engine = ? AND day BETWEEN ? AND ?')
    .get(engine, current.fromDay, current.toDay) as { n: number };
  const named = db
    .prepare(
      `SELECT count(*) AS n, total(b.count) AS mentions FROM vis_result f
       JOIN vis_result_brand b ON b.seq = f.seq JOIN vis_brands vb ON vb.id = b.brand
       WHERE f.engine = ? AND vb.brand_id = ? AND b.mentioned = 1 AND f.day BETWEEN ? AND ?`,
    )
    .get(engine, brandId, current.fromDay, current.toDay) as { n: number; mentions: number };
  return { answers: answers.n, mentioned: named.n, mentions: named.mentions };
}

function plan(filter: VisFilter, by: Parameters<typeof visBrandsQuery>[1]): string[] {
  const q = visBrandsQuery(filter, by);
  return (db.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(q.params) as Array<{ detail: string }>).map(
    (r) => r.detail,
  );
}

describe('the leaderboard by engine', () => {
  it('gives each brand per engine the counts of its rows, in the catalog order, focus first', () => {
    const view = svc.buckets({ scope: all, period, by: ['engine'] });
    const board = engineBoard(view, acme);
    expect(board.engines).toEqual(['assistant-a', 'assistant-b']);
    expect(board.rows.map((r) => r.brandId)).toEqual([acme, bolt]);
    for (const row of board.rows)
      for (const engine of board.engines) {
        const cell = row.cells[engine];
        const c = counted(engine, row.brandId);
        expect(cell?.mentionRate).toMatchObject({ k: c.mentioned, n: c.answers });
      }
    // By hand: Acme is named in aUS1, aDE1 (2 of 4) and bUS1, bUS2 (2 of 4); Bolt in aUS1,
    // aUS2, aDE1 as BoltCo (3 of 4) and bUS2, bDE1 (2 of 4).
    const [a, b] = board.rows;
    expect(a?.cells['assistant-a']?.mentionRate).toMatchObject({ k: 2, n: 4 });
    expect(a?.cells['assistant-b']?.mentionRate).toMatchObject({ k: 2, n: 4 });
    expect(b?.cells['assistant-a']?.mentionRate).toMatchObject({ k: 3, n: 4 });
    expect(b?.cells['assistant-b']?.mentionRate).toMatchObject({ k: 2, n: 4 });
    // Share of voice per engine: a brand's mentions over every brand's, on that engine.
    const sovA = a?.cells['assistant-a']?.shareOfVoice;
    const mentionsA = counted('assistant-a', acme).mentions + counted('assistant-a', bolt).mentions;
    expect(sovA).toMatchObject({ k: counted('assistant-a', acme).mentions, n: mentionsA });
    // Acme is second in aUS1 ("Bolt first, then Acme") and aDE1 ("BoltCo und Acme"); first in
    // bUS1 ("Acme tops."), second in bUS2 ("Bolt and Acme.").
    expect(a?.cells['assistant-a']?.avgPosition).toMatchObject({ value: 2, n: 2 });
    expect(a?.cells['assistant-b']?.avgPosition.value).toBeCloseTo(1.5, 10);
  });

  it('reads the brand roll-up at its engine level by its key, not the per-result rows', () => {
    const steps = plan(current, ['engine']);
    expect(steps.some((d) => /vis_brand_el USING PRIMARY KEY \(day>\? AND day<\?\)/u.test(d))).toBe(true);
    // No per-result rows (vis_result's indexes, vis_result_brand by seq), no finer level, no scan.
    expect(steps.join('\n')).not.toMatch(/vis_result|\(seq=\?\)|vis_brand_day|SCAN vis_brand_el(?! USING)/u);
    // With an engine filter too (the view's engine picker): still the engine level.
    expect(plan({ ...current, engines: ['assistant-a'] }, ['engine']).join('\n')).toMatch(/vis_brand_el/u);
    // The check can fail: a prompt scope reads the per-result rows.
    const perResult = plan({ ...current, promptIds: ['p'] }, ['engine']).join('\n');
    expect(perResult).toMatch(/vis_result_by_prompt[^]*\(seq=\?\)/u);
    expect(perResult).not.toMatch(/vis_brand_el/u);
  });
});
