import { afterAll, describe, expect, it } from 'vitest';
import { createFindingsService } from '../../../src/core/analysis/findings';
import type { HistoryStore } from '../../../src/core/history';
import type { Finding } from '../../../src/shared/analytics/findings/types';
import { ingestCommerce } from '../../support/commerce-history';
import { openTemp, tempFolder } from '../store/helpers';

// What changed on commerce, through a real history: answers with known shelves, prices and ads
// in two periods, ingested by the store, and the findings service's commerce findings on them:
// the focus brand's shelf presence, its product leaving the shelf, a competitor's price cut, a
// new advertiser and conquesting, each with the answers behind it; the same on thin data is
// said as few answers and never significant.

const folder = tempFolder();
afterAll(() => folder.cleanup());
const DAY = 86_400_000;
const NOW = Date.parse('2026-11-28T12:00:00Z');

function history(perDay: number): HistoryStore {
  const store = openTemp(folder.file(`h-${perDay}.db`));
  store.saveBrand({ name: 'Veloxa', kind: 'brand', aliases: [], domains: ['veloxa.com'] });
  store.saveBrand({ name: 'Fleetfoot', kind: 'competitor', aliases: [], domains: ['fleetfoot.com'] });
  for (let d = 0; d < 4; d++)
    ingestCommerce(
      store,
      { veloxa: true, fleetfootPrice: 80, fleetfootAds: false },
      {
        fetchedAt: NOW - (12 - d) * DAY,
        answers: perDay,
        wobble: d - 1.5,
      },
    );
  for (let d = 0; d < 4; d++)
    ingestCommerce(
      store,
      { veloxa: false, fleetfootPrice: 60, fleetfootAds: true },
      {
        fetchedAt: NOW - (5 - d) * DAY,
        answers: perDay,
        wobble: d - 1.5,
      },
    );
  return store;
}

function findings(store: HistoryStore): Finding[] {
  const service = createFindingsService({ store, now: () => NOW, activeJudge: () => 'builtin' });
  const view = service.list({ scope: { kind: 'all' }, period: { days: 7 }, limit: 7, resultLimit: 500 });
  expect(view.empty).toBeNull();
  return view.findings;
}

const byKind = (list: Finding[], kind: Finding['kind']) => list.find((f) => f.kind === kind);

describe('What changed on commerce', () => {
  it('finds the shelf, product, price, advertiser and conquest changes with the answers behind them', () => {
    const store = history(10);
    try {
      const list = findings(store);
      const kinds = list.map((f) => f.kind);
      // The focus brand's significant changes first, then the others.
      expect(kinds.slice(0, 3).sort()).toEqual(['conquest', 'product-shelf', 'shelf-presence']);
      expect(kinds.slice(3).sort()).toEqual(['advertiser', 'price']);

      const shelf = byKind(list, 'shelf-presence') as Finding;
      expect(shelf.text).toBe(
        "Veloxa's shelf presence fell 100 points (100 % → 0 % of the answers with a shopping surface).",
      );
      expect(shelf).toMatchObject({ significant: true, fewAnswers: false });
      expect([shelf.before.n, shelf.after.n]).toEqual([40, 40]);
      // A fall opens the period's answers with a shelf (none of them shows Veloxa now).
      expect(shelf.resultIds).toHaveLength(40);

      const left = byKind(list, 'product-shelf') as Finding;
      expect(left.text).toBe(
        `Veloxa's product "Veloxa Glide 3" left the shelf (in 100 % → 0 % of the answers with a shopping surface).`,
      );
      // Where it was: the previous period's 40 answers.
      expect(left.resultIds).toHaveLength(40);

      const price = byKind(list, 'price') as Finding;
      expect(price.text).toBe(
        `The price of Fleetfoot's "Fleetfoot Dash" in the United States fell 25 % ($80.00 → $60.00 on average).`,
      );
      expect(price.effect).toBeCloseTo(-0.25, 6);
      expect([price.before.n, price.after.n]).toEqual([40, 40]);
      expect(price.significant).toBe(true);
      expect(price.resultIds).toHaveLength(40);

      const advertiser = byKind(list, 'advertiser') as Finding;
      expect(advertiser.text).toBe(
        'A new advertiser on your prompts: Fleetfoot (its ads in 100 % of the answers with ads, none before).',
      );
      expect(advertiser.resultIds).toHaveLength(40);

      const conquest = byKind(list, 'conquest') as Finding;
      expect(conquest.text).toBe(
        'Fleetfoot began advertising on prompts naming Veloxa (in 100 % of the answers with ads, none before).',
      );
      expect(conquest).toMatchObject({ brandId: shelf.brandId, significant: true });
      expect(conquest.resultIds).toHaveLength(40);
    } finally {
      store.close();
    }
  });

  it('says few answers and never calls a change significant below 30 answers a side', () => {
    const store = history(5);
    try {
      const list = findings(store).filter((f) => f.kind !== 'mention-rate');
      expect(list.map((f) => f.kind).sort()).toEqual(
        ['advertiser', 'conquest', 'price', 'product-shelf', 'shelf-presence'].sort(),
      );
      for (const f of list) {
        expect(f.significant).toBe(false);
        expect(f.fewAnswers).toBe(true);
        expect(f.text).toContain('few answers (20 before, 20 after): not significant');
      }
    } finally {
      store.close();
    }
  });
});
