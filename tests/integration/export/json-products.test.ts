import { NEUTRAL_PROFILE } from '../../../src/shared/profile';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRunToFile } from '../../../src/core/outputs/export';
import type { HistoryStore } from '../../../src/core/history';
import type { NormalizedOffer, NormalizedProduct } from '../../../src/shared/domain/result';
import type { RunDetailView } from '../../../src/shared/ipc/channels/runs';
import { newRun, normalized, openTemp, tempFolder } from '../store/helpers';

// The JSON export builds a result's products in SQL from its list of product tuples, each with
// the offers of its own tuple (export-sql.ts). Products whose positions are not their order in
// the list, several offers each (available true, false and unknown), a product without offers
// and the same product tuple in two answers must read back exactly as the result view has them.

const tmp = tempFolder();
let store: HistoryStore;
let run: RunDetailView;

const offer = (merchant: string, available: boolean | null, priceValue: number | null): NormalizedOffer => ({
  merchant,
  title: `${merchant} offer`,
  url: `https://${merchant}.example/p`,
  price: priceValue === null ? null : `$${priceValue}`,
  priceValue,
  currency: priceValue === null ? null : 'USD',
  available,
});

const product = (position: number, title: string, offers: NormalizedOffer[]): NormalizedProduct => ({
  position,
  origin: 'shopping-card',
  title,
  url: `https://shop.example/${position}`,
  brand: 'Acme',
  merchant: 'Shop',
  price: '$10',
  priceValue: 10.5,
  currency: 'USD',
  rating: 4.5,
  reviews: 120,
  offers,
});

const trailShoe = (): NormalizedProduct =>
  product(3, 'Trail shoe', [
    offer('alpha', true, 99.5),
    offer('beta', false, null),
    offer('gamma', null, 80),
  ]);

const PRODUCTS: NormalizedProduct[][] = [
  [trailShoe(), product(1, 'Road shoe', []), product(2, 'Track spike', [offer('delta', true, 120)])],
  // The same tuple again (stored once), listed second here.
  [product(1, 'Sandal', [offer('eta', false, 15)]), trailShoe()],
];

beforeAll(() => {
  store = openTemp(tmp.file('products.db'));
  const { run: record, jobs } = newRun(store, { prompts: ['p'], countries: ['US', 'DE'] });
  store.ingestResults(
    jobs.map((job, i) => ({
      jobId: job.id,
      fetchedAt: Date.UTC(2026, 0, 1 + i),
      raw: {},
      normalized: normalized('assistant-a', `answer ${i}`, { products: PRODUCTS[i] ?? [] }),
    })),
  );
  run = store.getRun(record.id) as RunDetailView;
});
afterAll(() => {
  store.close();
  tmp.cleanup();
});

describe('JSON export of shopping products', () => {
  it('gives each product its own offers, in the result view’s order', async () => {
    const path = tmp.file('products.json');
    await exportRunToFile(
      { historyPath: store.path, run, profile: NEUTRAL_PROFILE },
      { format: 'json', path },
    );
    const doc = JSON.parse(readFileSync(path, 'utf8')) as {
      jobs: Array<{ resultId: string; result: { normalized: { products: NormalizedProduct[] } } }>;
    };
    expect(doc.jobs).toHaveLength(2);
    for (const job of doc.jobs) {
      const stored = store.getResult(job.resultId);
      expect(job.result.normalized.products).toEqual(stored?.normalized.products);
    }
    const byTitle = new Map(doc.jobs.flatMap((j) => j.result.normalized.products).map((p) => [p.title, p]));
    expect(byTitle.get('Trail shoe')?.offers.map((o) => [o.merchant, o.available, o.priceValue])).toEqual([
      ['alpha', true, 99.5],
      ['beta', false, null],
      ['gamma', null, 80],
    ]);
    expect(byTitle.get('Road shoe')?.offers).toEqual([]);
    expect(byTitle.get('Track spike')?.offers.map((o) => o.merchant)).toEqual(['delta']);
    const positions = doc.jobs.map((j) => j.result.normalized.products.map((p) => p.position).join(','));
    expect(positions.sort()).toEqual(['1,2,3', '1,3']);
  });
});
