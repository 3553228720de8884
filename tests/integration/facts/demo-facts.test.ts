import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DEMO_ENGINES } from '../../../src/core/demo';
import { createFactsService } from '../../../src/core/analysis';
import { openHistory, type HistoryStore } from '../../../src/core/history';
import { wrongYearEngine } from '../../../src/sandbox';
import { demoHistoryCopy } from '../../support/demo-history';

// The demo's facts, end to end: `parallax demo` sets each brand's sheet from the sandbox's truth,
// the answers to its branded prompt ("are Veloxa running shoes good for knee pain") state facts
// about Veloxa, some wrong in the sandbox's scripted ways, and the built-in checker, at ingest,
// finds them: the founding year is contradicted exactly on the engines the sandbox scripts to
// state it wrong, and supported on the others. Checked at ingest, the demo is not checked again:
// its sheets are set before its first answer, so no re-check is left due.

let store: HistoryStore;
let path = '';

beforeAll(async () => {
  path = await demoHistoryCopy({ days: 7, alerts: 'unchecked', variant: 'preview' });
  store = openHistory({ path, now: () => Date.now() });
}, 600_000);

afterAll(() => {
  store?.close();
  if (path) rmSync(dirname(path), { recursive: true, force: true });
});

describe('facts on the demo', () => {
  it('gives every demo brand its sheet, and checks Veloxa’s founding year as the sandbox scripts it', () => {
    const facts = createFactsService({ store });
    const veloxa = facts.sheet('Veloxa');
    expect(veloxa.facts.map((f) => f.key).sort()).toEqual(
      expect.arrayContaining(['founded', 'headquarters']),
    );
    const byEngine = facts
      .figures({ sinceMs: null, by: 'engine' })
      .brands.filter((b) => b.brand === 'Veloxa');
    expect(byEngine.length).toBeGreaterThan(0);
    for (const row of byEngine) {
      const founded = row.facts.find((f) => f.key === 'founded');
      expect(founded, row.engine).toBeDefined();
      if (!founded) continue;
      const wrong = wrongYearEngine('Veloxa', row.engine ?? '');
      // Every answer naming Veloxa's founding year on a scripted engine states it wrong; on the others, right.
      if (wrong) expect([founded.contradicted > 0, founded.supported], row.engine).toEqual([true, 0]);
      else expect([founded.supported > 0, founded.contradicted], row.engine).toEqual([true, 0]);
    }
    expect(byEngine.map((r) => r.engine).sort()).toEqual(
      expect.arrayContaining([...DEMO_ENGINES].slice(0, 1)),
    );
  });

  it('leaves no re-check due: each demo answer was checked once, at its ingest', () => {
    expect(store.factsRecheckPending()).toBe(false);
  });

  it('re-checks a history with answers after a sheet changes, and not one that has none yet', () => {
    const veloxa = store.listBrands().find((b) => b.name === 'Veloxa');
    if (!veloxa) throw new Error('the demo has no Veloxa');
    store.setBrandFacts(veloxa.id, store.brandFacts(veloxa.id));
    expect(store.factsRecheckPending()).toBe(true);

    const dir = mkdtempSync(join(tmpdir(), 'parallax-facts-empty-'));
    const empty = openHistory({ path: join(dir, 'parallax.db') });
    try {
      const brand = empty.saveBrand({ name: 'Veloxa', kind: 'brand', aliases: [], domains: [] });
      empty.setBrandFacts(brand.id, store.brandFacts(veloxa.id));
      expect(empty.brandFacts(brand.id).length).toBeGreaterThan(0);
      expect(empty.factsRecheckPending()).toBe(false);
    } finally {
      empty.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
