import type { CommerceBrandRow, CommerceRate } from '../../../shared/commerce';
import { engineName } from './format';
import type { ClientReport } from './types';

// The report's products and ads as a sheet: per brand (the focus brand first) a row over every
// engine, then one per engine: shelf presence and share of shelf, ad presence and share of ads
// with their 95 % interval and n, best product rank, price index (in the currency named), and
// whether the answers behind the shelf are few (under 30, read with care). Left out when the
// report has no commerce section.

type Cell = string | number | null;

export interface CommerceSheet {
  head: string[];
  rows: Cell[][];
  /** 1-based columns holding fractions shown as percentages. */
  percent: number[];
}

const ALL_ENGINES = 'All engines';
const rateHead = (name: string): string[] => [name, `${name} lower`, `${name} upper`, `${name} n`];
const rateCells = (r: CommerceRate): Cell[] => [r.value, r.lower, r.upper, r.n];

const HEAD = [
  'Brand',
  'Kind',
  'Engine',
  ...rateHead('Shelf presence'),
  ...rateHead('Share of shelf'),
  'Best rank',
  'Price index',
  'Price currency',
  ...rateHead('Ad presence'),
  ...rateHead('Share of ads'),
  'Note',
];
/** Shelf presence, share of shelf, ad presence and share of ads: value, lower and upper. */
const PERCENT = [4, 8, 15, 19].flatMap((first) => [first, first + 1, first + 2]);

function row(b: CommerceBrandRow, engine: string, kind: string): Cell[] {
  return [
    b.brand,
    kind,
    engine,
    ...rateCells(b.shelfPresence),
    ...rateCells(b.shelfShare),
    b.bestRank,
    b.priceIndex,
    b.priceCurrency,
    ...rateCells(b.adPresence),
    ...rateCells(b.adShare),
    b.note,
  ];
}

export function commerceSheet(r: Pick<ClientReport, 'commerce' | 'focus' | 'labels'>): CommerceSheet | null {
  if (!r.commerce) return null;
  const { summary, byEngine } = r.commerce;
  const kindOf = (b: CommerceBrandRow): string => (b.brandId === r.focus?.id ? 'your brand' : b.kind);
  const focusFirst = [...summary.brands].sort(
    (a, b) => Number(b.brandId === r.focus?.id) - Number(a.brandId === r.focus?.id),
  );
  const rows = focusFirst.flatMap((brand) => [
    row(brand, ALL_ENGINES, kindOf(brand)),
    ...byEngine.flatMap((bucket) => {
      const own = bucket.brands.find((b) => b.brandId === brand.brandId);
      return own ? [row(own, engineName(bucket.bucket, r.labels), kindOf(own))] : [];
    }),
  ]);
  return { head: HEAD, rows, percent: PERCENT };
}
