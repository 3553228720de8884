import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryStore } from '../../../src/core/history';
import { registerStoreFunctions } from '../../../src/core/history/codec';
import { MIGRATIONS } from '../../../src/core/history/schema';
import { createVisibilityService, type VisibilityService } from '../../../src/core/analysis/visibility';
import { toVersion } from '../../support/old-history';
import { newRun, openTemp, source, tempFolder } from '../store/helpers';
import { A_AT, all, buildVisibilityFixture, ingest, NOW, period } from './visibility-fixture';

// What changes the stored answers do to the Visibility roll-ups, on the hand-made history of
// visibility-fixture.ts: deleting a run, re-analysis after a brand edit, and migration 002.

const tmp = tempFolder();
let store: HistoryStore;
let svc: VisibilityService;
let path: string;
let bolt: string;
let resultIds: Record<string, string>;

beforeAll(() => {
  path = tmp.file('visibility.db');
  ({ store, bolt, resultIds } = buildVisibilityFixture(path));
  svc = createVisibilityService({ store, now: () => NOW });
});
afterAll(() => {
  store.close();
  tmp.cleanup();
});

describe('deleting a run', () => {
  it('takes its answers out of every level, and a deletion that skips that is refused', () => {
    const views = () => ({
      overview: svc.overview({ scope: all, period }),
      location: svc.buckets({ scope: all, period, by: ['location', 'engine'] }),
      sources: svc.sources({ scope: all, period, limit: 10 }),
      filtered: svc.sources({ scope: all, period, limit: 10, engines: ['assistant-a'] }),
      gaps: svc.gaps({ scope: all, period, limit: 10 }),
      queries: svc.queries({ scope: all, period, limit: 10 }),
      urls: svc.urls({ scope: all, period, domain: 'review.com', limit: 10 }),
    });
    const before = views();
    const extra = newRun(store, {
      prompts: ['more shoes'],
      engines: ['assistant-a'],
      countries: ['US'],
      repeats: 2,
    });
    ingest(
      store,
      resultIds,
      extra.jobs,
      (j) => `x${j.repeat}`,
      () => ({
        text: 'Bolt wins.',
        sources: [source(1, 'review.com', 'R'), source(2, 'new.org', 'N')],
        queries: ['new query'],
      }),
      () => A_AT,
    );
    expect(svc.overview({ scope: all, period }).answers).toBe(10);
    expect(svc.sources({ scope: all, period, limit: 10 }).domains.map((d) => d.domain)).toContain('new.org');

    // Straight SQL, without the store: the roll-ups would keep the run's answers, so it fails.
    const raw = new Database(path);
    // The search index's delete trigger reads the answer's texts through them.
    registerStoreFunctions(raw);
    raw.pragma('foreign_keys = ON');
    expect(() => raw.prepare('DELETE FROM runs WHERE id = ?').run(extra.run.id)).toThrow(/unindex/);
    raw.close();

    expect(store.deleteRun(extra.run.id)).toBe(true);
    expect(views()).toEqual(before);
    const check = new Database(path, { readonly: true });
    try {
      for (const table of [
        'vis_cell',
        'vis_cell_d',
        'vis_domain_d',
        'vis_domain_el',
        'vis_url_day',
        'vis_query_d',
      ]) {
        const zero = check.prepare(`SELECT count(*) FROM ${table} WHERE answers <= 0`).pluck().get();
        expect(zero, table).toBe(0);
      }
    } finally {
      check.close();
    }
  });
});

describe('re-analysis and migration', () => {
  it("editing a brand's aliases re-analyses stored answers without re-ingesting", () => {
    store.saveBrand({ id: bolt, name: 'Bolt', kind: 'competitor', aliases: [], domains: ['bolt.io'] });
    const o = svc.overview({ scope: all, period });
    // aDE1 ("BoltCo und Acme.") no longer names Bolt: Bolt 4/8, Acme first there (ranks 2,1,1,2).
    expect(o.leaderboard.find((m) => m.brandId === bolt)?.mentionRate).toMatchObject({ k: 4, n: 8 });
    expect(o.kpis?.avgPosition.value).toBe(1.5);
    expect(o.kpis?.shareOfVoice).toMatchObject({ k: 4, n: 8 });
    store.saveBrand({
      id: bolt,
      name: 'Bolt',
      kind: 'competitor',
      aliases: ['BoltCo'],
      domains: ['bolt.io'],
    });
    expect(svc.overview({ scope: all, period }).kpis?.avgPosition.value).toBe(1.75);
  });

  it('migration 002 fills the tables of a version-1 file with results', () => {
    const before = svc.overview({ scope: all, period });
    const gapsBefore = svc.gaps({ scope: all, period, limit: 10 });
    store.close();
    // Back to version 1: every table a later migration made is gone, as in a file written
    // before version 2; opening it runs migration 2 and the ones after it.
    toVersion(path, 1);
    const raw = new Database(path);
    raw.exec("DELETE FROM meta WHERE key = 'brands_version'");
    raw.close();
    store = openTemp(path);
    expect(store.migrated).toEqual({ from: 1, to: MIGRATIONS.length });
    svc = createVisibilityService({ store, now: () => NOW });
    expect(svc.overview({ scope: all, period })).toEqual(before);
    expect(svc.gaps({ scope: all, period, limit: 10 })).toEqual(gapsBefore);
  });
});
