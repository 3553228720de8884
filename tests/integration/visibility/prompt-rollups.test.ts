import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryStore, VisFilter } from '../../../src/core/history';
import { newRun, openTemp } from '../store/helpers';
import { migrationNamed } from '../../support/migration-named';
import { A_AT, buildVisibilityFixture, ingest, type VisibilityFixture } from './visibility-fixture';

// The per-day-and-prompt roll-ups (migration prompt-rollups: answers, brands, positioning
// statuses) against the answers' own rows: the
// same sums per prompt read both ways after ingest, after a brand change's re-analysis, after a
// run is deleted, and as the migration fills them from the per-result rows of an existing file.

const EVERYTHING = { fromDay: 0, toDay: 1e7 };
let dir = '';
let path = '';
let f: VisibilityFixture;
let extraRunId = '';

const sorted = <T>(rows: T[]): string[] => rows.map((r) => JSON.stringify(r)).sort();

/** Every run named: the read goes to the per-result rows instead of the roll-ups. */
function allRuns(store: HistoryStore): VisFilter {
  return { ...EVERYTHING, runIds: store.listRuns().runs.map((r) => r.id) };
}

function expectSameBothWays(store: HistoryStore): void {
  expect(sorted(store.visCells(EVERYTHING, ['prompt']))).toEqual(
    sorted(store.visCells(allRuns(store), ['prompt'])),
  );
  expect(sorted(store.visBrands(EVERYTHING, ['prompt', 'day']))).toEqual(
    sorted(store.visBrands(allRuns(store), ['prompt', 'day'])),
  );
  expect(sorted(store.posStatus(EVERYTHING, 'builtin', ['prompt', 'day']))).toEqual(
    sorted(store.posStatus(allRuns(store), 'builtin', ['prompt', 'day'])),
  );
}

function rollupRows(table: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
  } finally {
    db.close();
  }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-prompt-rollups-'));
  path = join(dir, 'history.db');
  f = buildVisibilityFixture(path);
  const extra = newRun(f.store, {
    prompts: ['best shoes', 'is Acme any good'],
    engines: ['assistant-a'],
    countries: ['US'],
    repeats: 2,
  });
  extraRunId = extra.run.id;
  ingest(
    f.store,
    {},
    extra.jobs,
    (j) => `x${j.promptIndex}${j.repeat}`,
    (k) => ({ text: k.startsWith('x0') ? 'Bolt, then Acme.' : 'Acme, Acme and BoltCo.', sources: [] }),
    () => A_AT,
  );
});
afterAll(() => {
  f.store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the per-prompt roll-ups', () => {
  it('sum what the answers hold, per prompt text (counted by hand)', () => {
    expect(rollupRows('vis_prompt_brand')).toBeGreaterThan(0);
    expect(rollupRows('pos_status_prompt')).toBeGreaterThan(0);
    expectSameBothWays(f.store);
    const brands = f.store.visBrands(EVERYTHING, ['prompt']).filter((r) => r.prompt === 'is Acme any good');
    const acme = brands.filter((r) => r.brandId === f.acme).reduce((s, r) => s + r.mentions, 0);
    const bolt = brands.filter((r) => r.brandId === f.bolt).reduce((s, r) => s + r.mentions, 0);
    expect([acme, bolt]).toEqual([4, 2]);
    const cells = f.store.visCells(EVERYTHING, ['prompt']);
    const answers = (text: string) =>
      cells.filter((c) => c.prompt === text).reduce((s, c) => s + c.answers, 0);
    // 20 earlier answers, 8 current, 2 of the extra run.
    expect(answers('best shoes')).toBe(30);
    expect(answers('is Acme any good')).toBe(2);
  });

  it('leave out branded prompts by text, as the per-result rows do', () => {
    const without = { ...EVERYTHING, withoutPromptTexts: ['is Acme any good'] };
    expect(sorted(f.store.visBrands(without, []))).toEqual(
      sorted(f.store.visBrands({ ...allRuns(f.store), withoutPromptTexts: ['is Acme any good'] }, [])),
    );
    expect(f.store.visCells(without, []).reduce((s, c) => s + c.answers, 0)).toBe(30);
  });

  it('follow a brand change and a deleted run', () => {
    f.store.saveBrand({ id: f.bolt, name: 'Bolt', kind: 'competitor', aliases: [], domains: ['bolt.io'] });
    while (f.store.visReanalyseStep(100)?.finished === false);
    expectSameBothWays(f.store);
    const bolt = f.store
      .visBrands(EVERYTHING, ['prompt'])
      .filter((r) => r.prompt === 'is Acme any good' && r.brandId === f.bolt);
    // "BoltCo" no longer counts as Bolt.
    expect(bolt).toEqual([]);

    f.store.deleteRun(extraRunId);
    expectSameBothWays(f.store);
    expect(f.store.visCells(EVERYTHING, ['prompt']).map((c) => c.prompt)).not.toContain('is Acme any good');
  });

  it('are filled by the migration from an existing file’s per-result rows', () => {
    const before = sorted(f.store.visBrands(EVERYTHING, ['prompt', 'day']));
    const judged = sorted(f.store.posStatus(EVERYTHING, 'builtin', ['prompt']));
    f.store.close();
    const db = new Database(path);
    db.exec('DROP TABLE vis_prompt_cell; DROP TABLE vis_prompt_brand; DROP TABLE pos_status_prompt;');
    db.exec(migrationNamed('prompt-rollups').sql);
    db.close();
    f.store = openTemp(path, { create: false });
    expect(sorted(f.store.visBrands(EVERYTHING, ['prompt', 'day']))).toEqual(before);
    expect(sorted(f.store.posStatus(EVERYTHING, 'builtin', ['prompt']))).toEqual(judged);
    expectSameBothWays(f.store);
  });
});
