import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type {
  AdList,
  CommerceBrandRow,
  CommerceRate,
  CommerceSummary,
  ProductList,
} from '../../../src/shared/commerce/types';
import type { ResultView } from '../../../src/shared/ipc/channels/runs';
import { CommerceView } from '../../../src/renderer/src/views/commerce/CommerceView';
import { CompareView } from '../../../src/renderer/src/views/compare/CompareView';
import { useNavStore } from '../../../src/renderer/src/stores/nav-store';
import { installFakeParallax, normalized, sampleResults, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';

// The Commerce view: your brand first, every rate with its interval and n, "few answers" below
// 30, the engines' product titles and advertisers drawn as text, and every number opening its
// answers in Compare with the products or ads it counts marked (and ads with block and position).

const HOSTILE = '<img src=x onerror="window.pwned=1"> Veloxa Glide';
const rate = (value: number, n: number): CommerceRate => ({
  value,
  lower: Math.max(0, value - 0.1),
  upper: Math.min(1, value + 0.1),
  n,
});
const PERIOD = { from: '2026-10-30', to: '2026-11-28', days: 30 };

function brand(
  brandId: string,
  name: string,
  kind: 'brand' | 'competitor',
  shelf: number,
  n: number,
): CommerceBrandRow {
  return {
    brand: name,
    brandId,
    kind,
    shelfPresence: rate(shelf, n),
    shelfShare: rate(shelf / 2, n * 3),
    bestRank: 1.5,
    priceIndex: 1.12,
    priceCurrency: 'USD',
    adPresence: rate(0.2, n),
    adShare: rate(0.25, n),
    merchants: [{ merchant: 'Runners Shop', slots: 12 }],
    note: n < 30 ? 'few answers' : null,
  };
}

const SUMMARY: CommerceSummary = {
  period: PERIOD,
  surfaces: {
    answers: 240,
    withShopping: 120,
    withAds: 60,
    productSlots: 600,
    adSlots: 90,
    shoppingRate: rate(0.5, 240),
  },
  engines: [
    {
      engine: 'assistant-a',
      answers: 200,
      withShopping: 110,
      withAds: 50,
      productSlots: 550,
      adSlots: 80,
      shoppingRate: rate(0.55, 200),
    },
    {
      engine: 'search',
      answers: 40,
      withShopping: 10,
      withAds: 10,
      productSlots: 50,
      adSlots: 10,
      shoppingRate: rate(0.25, 40),
    },
  ],
  brands: [
    brand('b-veloxa', 'Veloxa', 'brand', 0.4, 120),
    brand('b-fleet', 'Fleetfoot', 'competitor', 0.6, 12),
  ],
  paidVsOrganic: [
    {
      brand: 'Veloxa',
      brandId: 'b-veloxa',
      engine: 'assistant-a',
      answers: 120,
      mentionRate: rate(0.7, 120),
      shelfPresence: rate(0.4, 120),
      adPresence: rate(0.1, 120),
    },
  ],
  by: null,
  buckets: [],
  empty: null,
};

const PRODUCTS: ProductList = {
  period: PERIOD,
  products: [
    {
      title: HOSTILE,
      brand: 'Veloxa',
      brandId: 'b-veloxa',
      slots: 40,
      avgPosition: 1.2,
      prices: [
        {
          location: 'US',
          currency: 'USD',
          merchant: 'Runners Shop',
          slots: 40,
          mean: 108,
          first: { day: '2026-11-01', mean: 120 },
          last: { day: '2026-11-28', mean: 96 },
          change: -0.2,
        },
      ],
    },
  ],
};

const ADS: AdList = {
  period: PERIOD,
  answers: 240,
  withAds: 60,
  adSlots: 90,
  advertisers: [
    {
      advertiser: 'Fleetfoot',
      brandId: 'b-fleet',
      kind: 'competitor',
      answers: 30,
      slots: 40,
      presence: rate(0.5, 60),
    },
    {
      advertiser: '<script>x</script>shoemart.example',
      brandId: null,
      kind: null,
      answers: 10,
      slots: 10,
      presence: rate(0.17, 60),
    },
  ],
  untracked: [],
  conquest: [
    {
      brand: 'Veloxa',
      brandId: 'b-veloxa',
      advertiser: 'Fleetfoot',
      advertiserId: 'b-fleet',
      engine: 'assistant-a',
      answers: 8,
      slots: 8,
    },
  ],
};

let fake: FakeParallax;

beforeEach(() => {
  resetStores();
  fake = installFakeParallax({
    'commerce.summary': (input) => ({ ...SUMMARY, by: input.by ?? null }),
    'commerce.products': () => PRODUCTS,
    'commerce.ads': () => ADS,
    'commerce.answers': () => ({ resultIds: ['r1'], total: 1 }),
  });
});

describe('Commerce view', () => {
  it('leads with your brand, says n and "few answers", and keeps engine text inert', async () => {
    const { container } = render(<CommerceView />);
    const shelf = await screen.findByRole('table', { name: 'Shelf and ads per brand' });
    const rows = within(shelf).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(/^Veloxa your brand/);
    expect(rows[0]).toHaveTextContent('40 % (30–50 %) n = 120');
    expect(rows[1]).toHaveTextContent('Fleetfoot');
    expect(rows[1]).toHaveTextContent('few answers');
    expect(screen.getByText(HOSTILE)).toBeInTheDocument();
    expect(screen.getByText('<script>x</script>shoemart.example')).toBeInTheDocument();
    expect(container.querySelector('img, script')).toBeNull();
    expect((window as { pwned?: number }).pwned).toBeUndefined();
    expect(screen.getByText(/Fleetfoot/, { selector: 'strong' })).toBeInTheDocument();
  });

  it('opens the answers behind a number in Compare, marking what it counts', async () => {
    render(<CommerceView />);
    fireEvent.click(await screen.findByRole('button', { name: /Veloxa: on the shelf\. Open the answers$/ }));
    await waitFor(() => expect(useNavStore.getState().resultSet).not.toBeNull());
    expect(fake.callsTo('commerce.answers').at(-1)?.drill).toEqual({
      what: { kind: 'shelf', brandId: 'b-veloxa' },
    });
    expect(useNavStore.getState().resultSet).toMatchObject({
      title: 'Answers with Veloxa on the shelf',
      resultIds: ['r1'],
      highlight: { kind: 'product', brand: 'Veloxa' },
    });
    fireEvent.click(
      screen.getByRole('button', {
        name: /Fleetfoot advertises on prompts naming Veloxa, .+\. Open the answers$/,
      }),
    );
    await waitFor(() =>
      expect(fake.callsTo('commerce.answers').at(-1)?.drill).toEqual({
        what: { kind: 'conquest', brandId: 'b-veloxa', advertiserId: 'b-fleet' },
        engine: 'assistant-a',
      }),
    );
  });

  it('gives each engine its surfaces, whose shopping rate opens that engine’s answers', async () => {
    render(<CommerceView />);
    const table = await screen.findByRole('table', { name: 'Shopping and ads per engine' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('55 % (45–65 %) n = 200');
    expect(rows[1]).toHaveTextContent('25 % (15–35 %) n = 40');
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: /answers showing products/ }));
    await waitFor(() =>
      expect(fake.callsTo('commerce.answers').at(-1)?.drill).toEqual({
        what: { kind: 'shopping' },
        engine: 'search',
      }),
    );
  });

  it('breaks the shelf down by country on request', async () => {
    render(<CommerceView />);
    fireEvent.click(await screen.findByRole('button', { name: 'By country' }));
    await waitFor(() => expect(fake.callsTo('commerce.summary').some((c) => c.by === 'country')).toBe(true));
  });
});

describe('Compare, from a Commerce number', () => {
  it('marks the products and ads the number counts, and shows each ad’s block and position', async () => {
    const base = sampleResults()[0] as ResultView;
    const result: ResultView = {
      ...base,
      resultId: 'r1',
      normalized: normalized('Veloxa is a fine pick.', [], {
        products: [
          {
            position: 1,
            origin: 'shopping-card',
            title: 'Veloxa Glide',
            url: null,
            brand: 'Veloxa',
            merchant: 'Runners Shop',
            price: '$120.00',
            priceValue: 120,
            currency: 'USD',
            rating: null,
            reviews: null,
            offers: [],
          },
          {
            position: 2,
            origin: 'shopping-card',
            title: 'Fleetfoot Dash',
            url: null,
            brand: null,
            merchant: 'Big Store',
            price: '$80.00',
            priceValue: 80,
            currency: 'USD',
            rating: null,
            reviews: null,
            offers: [],
          },
        ],
        ads: [
          {
            position: 1,
            title: 'Fleetfoot sale',
            body: null,
            url: null,
            domain: 'fleetfoot.com',
            advertiser: 'Fleetfoot',
            placement: 'top',
          },
        ],
      }),
    };
    fake.handle('results.get', () => [result]);
    useNavStore.getState().openResultSet({
      title: 'Answers with Veloxa on the shelf',
      resultIds: ['r1'],
      total: 1,
      highlight: { kind: 'product', brand: 'Veloxa' },
    });
    render(<CompareView />);
    const marked = await screen.findByText('Veloxa Glide');
    expect(marked.closest('li')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('Fleetfoot Dash').closest('li')).not.toHaveAttribute('aria-current');
    expect(screen.getByText('Ad 1 · top block')).toBeInTheDocument();
  });
});
