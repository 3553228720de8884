import type { HistoryStore } from '../../src/core/history';
import { normalizeResult } from '../../src/shared/api/normalize';
import { newRun } from '../integration/store/helpers';

// A small commerce history built through the store's ingest: chat answers whose shelf shows
// Veloxa's product or not, Fleetfoot's at a price, and ads by a retailer and (or not) Fleetfoot,
// on prompts naming Veloxa. What the commerce findings and alerts tests compare.

export interface CommerceSide {
  veloxa: boolean;
  fleetfootPrice: number;
  fleetfootAds: boolean;
}

/** One chat answer: a shelf of Veloxa (or not), Fleetfoot at a price, and ads. */
export function commerceAnswer(side: CommerceSide, wobble: number) {
  const products = [
    ...(side.veloxa
      ? [{ title: 'Veloxa Glide 3', position: 1, price: '$120.00', merchant: 'Runners Shop' }]
      : []),
    {
      title: 'Fleetfoot Dash',
      position: 2,
      price: `$${(side.fleetfootPrice + wobble).toFixed(2)}`,
      merchant: 'Big Store',
    },
    { title: 'Generic trainer', position: 3, price: '$60.00', merchant: 'Big Store' },
  ];
  const ad = (name: string, domain: string) => ({
    brand: { name, url: `https://${domain}` },
    cards: [{ title: `${name} sale`, body: 'Fast', url: `https://${domain}/sale` }],
    visibility: 'allowed',
    adsResponseIndex: 0,
    rendered: true,
  });
  return {
    text: 'Veloxa and Fleetfoot make good running shoes.',
    sources: [],
    shoppingCards: [{ tags: ['pick'], products }],
    ads: [
      ad('Shoemart', 'shoemart.example'),
      ...(side.fleetfootAds ? [ad('Fleetfoot', 'fleetfoot.com')] : []),
    ],
  };
}

/** One run of `answers` prompts naming Veloxa, every answer the same shelf and ads, fetched at `fetchedAt`. */
export function ingestCommerce(
  store: HistoryStore,
  side: CommerceSide,
  at: { fetchedAt: number; answers: number; wobble: number; monitorId?: string },
): string {
  const { run, jobs } = newRun(
    store,
    {
      prompts: Array.from({ length: at.answers }, (_, i) => `is veloxa any good for trail ${i}`),
      engines: ['assistant-a'],
      countries: ['US'],
    },
    {},
    at.monitorId,
  );
  store.ingestResults(
    jobs.map((job) => {
      const raw = { success: true, result: commerceAnswer(side, at.wobble) };
      return { jobId: job.id, raw, fetchedAt: at.fetchedAt, normalized: normalizeResult(job.engine, raw) };
    }),
  );
  return run.id;
}
