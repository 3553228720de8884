import type {
  CommerceBrandRow,
  CommerceBucket,
  CommerceRate,
  CommerceService,
} from '../../../shared/commerce';
import type { RunDetailView } from '../../../shared/ipc/channels/runs';

// The commerce numbers as a spreadsheet table, for the run export's XLSX and the client
// report's: per brand (the focus brand first) a row over every engine, then one per engine:
// shelf presence and share of shelf, ad presence and share of ads with their 95 % interval and
// n, best product rank, price index (in the currency named) and the few-answers note.

type Cell = string | number | null;

/** Every brand's row over the scope, and each engine's bucket of rows. */
export interface CommerceTable {
  brands: readonly CommerceBrandRow[];
  byEngine: readonly CommerceBucket[];
}

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

export function commerceSheet(
  table: CommerceTable,
  focusId: string | null,
  engineName: (engine: string) => string,
): CommerceSheet {
  const kindOf = (b: CommerceBrandRow): string => (b.brandId === focusId ? 'your brand' : b.kind);
  const focusFirst = [...table.brands].sort(
    (a, b) => Number(b.brandId === focusId) - Number(a.brandId === focusId),
  );
  const rows = focusFirst.flatMap((brand) => [
    row(brand, ALL_ENGINES, kindOf(brand)),
    ...table.byEngine.flatMap((bucket) => {
      const own = bucket.brands.find((b) => b.brandId === brand.brandId);
      return own ? [row(own, engineName(bucket.bucket), kindOf(own))] : [];
    }),
  ]);
  return { head: HEAD, rows, percent: PERCENT };
}

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * A run's commerce numbers, from its first day to today (answers stored before commerce rows
 * existed are read into rows first, as the commands do); null when no answer showed products
 * or ads.
 */
export function runCommerce(service: CommerceService, run: RunDetailView, now: number): CommerceTable | null {
  let step = service.fill();
  while (step.left > 0 && step.done > 0) step = service.fill();
  const query = {
    scope: { kind: 'run' as const, id: run.id },
    period: { from: isoDay(Math.min(run.createdAt, now)), to: isoDay(now) },
  };
  const summary = service.summary(query, 'engine');
  if (summary.surfaces.withShopping + summary.surfaces.withAds === 0) return null;
  return { brands: summary.brands, byEngine: summary.buckets };
}
