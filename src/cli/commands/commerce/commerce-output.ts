import type { AdList, CommerceBrandRow, CommerceSummary, ProductList } from '../../../shared/commerce';
import { writeLine, type CliContext } from '../../context';
import { formatTable } from '../../core';
import { formatRateWithN } from '../../format-stats';

// The commerce commands' text tables: a rate as "42 % [38–46] n=200", "few answers" where n
// is under 30, "–" with no data.

const DASH = '\u2013';

const num = (v: number | null, digits = 2): string => (v === null ? DASH : v.toFixed(digits));
const periodLine = (p: CommerceSummary['period']): string => `${p.from} to ${p.to} (${p.days} days)`;

export const COMMERCE_LEGEND =
  'Presences over answers (Wilson 95 % interval); shares of slots by a ratio estimator with answers ' +
  'as clusters (95 % interval); "few answers" under 30: not enough to act on; \u2013 = no data.';

function brandTable(rows: readonly CommerceBrandRow[]): string {
  return formatTable(
    [
      'Brand',
      'Kind',
      'Shelf presence',
      'Share of shelf',
      'Best rank',
      'Price index',
      'Ad presence',
      'Share of ads',
    ],
    rows.map((b) => [
      b.brand,
      b.kind,
      formatRateWithN(b.shelfPresence),
      formatRateWithN(b.shelfShare),
      num(b.bestRank, 1),
      b.priceIndex === null ? DASH : `${num(b.priceIndex)} (${b.priceCurrency ?? ''})`,
      formatRateWithN(b.adPresence),
      formatRateWithN(b.adShare),
    ]),
  );
}

/** Each engine's surfaces within the filter: what the totals above are made of. */
function engineTable(rows: CommerceSummary['engines']): string {
  return formatTable(
    ['Engine', 'Answers', 'Shopping rate', 'With ads', 'Product slots', 'Ad slots'],
    rows.map((e) => [
      e.engine,
      e.answers,
      formatRateWithN(e.shoppingRate),
      e.withAds,
      e.productSlots,
      e.adSlots,
    ]),
  );
}

export function printSummary(ctx: CliContext, view: CommerceSummary): void {
  const s = view.surfaces;
  writeLine(ctx.stdout, `Commerce ${periodLine(view.period)}`);
  writeLine(
    ctx.stdout,
    `Answers asked with shopping or ads: ${s.answers}; with a shopping surface: ${s.withShopping} ` +
      `(${formatRateWithN(s.shoppingRate)}); with ads: ${s.withAds}; product slots: ${s.productSlots}; ad slots: ${s.adSlots}`,
  );
  if (view.empty) return writeLine(ctx.stdout, `${view.empty}.`);
  writeLine(ctx.stdout, `\nPer engine\n${engineTable(view.engines)}`);
  writeLine(ctx.stdout, `\n${brandTable(view.brands)}`);
  for (const bucket of view.buckets) {
    writeLine(ctx.stdout, `\n${view.by}: ${bucket.bucket}`);
    writeLine(ctx.stdout, brandTable(bucket.brands));
  }
  if (view.paidVsOrganic.length > 0) {
    writeLine(ctx.stdout, '\nPaid vs organic (answers asked with shopping or ads)');
    writeLine(
      ctx.stdout,
      formatTable(
        ['Brand', 'Engine', 'Answers', 'Mentioned', 'Shelf presence', 'Ad presence'],
        view.paidVsOrganic.map((r) => [
          r.brand,
          r.engine,
          r.answers,
          formatRateWithN(r.mentionRate),
          formatRateWithN(r.shelfPresence),
          formatRateWithN(r.adPresence),
        ]),
      ),
    );
  }
  writeLine(ctx.stdout, `\n${COMMERCE_LEGEND}`);
}

export function printProducts(ctx: CliContext, view: ProductList): void {
  writeLine(ctx.stdout, `Products ${periodLine(view.period)}`);
  if (view.products.length === 0) return writeLine(ctx.stdout, 'No products in this period.');
  const rows = view.products.flatMap((p) =>
    p.prices.map((price, i) => [
      i === 0 ? p.title : '',
      i === 0 ? (p.brand ?? DASH) : '',
      i === 0 ? p.slots : '',
      i === 0 ? num(p.avgPosition, 1) : '',
      price.location,
      price.merchant ?? DASH,
      price.mean === null ? DASH : `${num(price.mean)} ${price.currency}`,
      price.change === null ? DASH : `${price.change > 0 ? '+' : ''}${(price.change * 100).toFixed(1)} %`,
    ]),
  );
  writeLine(
    ctx.stdout,
    formatTable(
      ['Product', 'Brand', 'Slots', 'Avg position', 'Location', 'Merchant', 'Mean price', 'Change'],
      rows,
    ),
  );
}

export function printAds(ctx: CliContext, view: AdList): void {
  writeLine(ctx.stdout, `Ads ${periodLine(view.period)}`);
  writeLine(ctx.stdout, `Answers: ${view.answers}; with ads: ${view.withAds}; ad slots: ${view.adSlots}`);
  if (view.advertisers.length === 0) return writeLine(ctx.stdout, 'No ads in this period.');
  writeLine(
    ctx.stdout,
    formatTable(
      ['Advertiser', 'Tracked', 'Answers', 'Slots', 'Presence'],
      view.advertisers.map((a) => [
        a.advertiser,
        a.kind ?? 'no',
        a.answers,
        a.slots,
        formatRateWithN(a.presence),
      ]),
    ),
  );
  if (view.conquest.length === 0)
    return writeLine(ctx.stdout, '\nNo conquesting: no competitor ads on prompts naming your brands.');
  writeLine(ctx.stdout, '\nConquesting (a competitor’s ad on a prompt naming your brand)');
  writeLine(
    ctx.stdout,
    formatTable(
      ['Your brand', 'Advertiser', 'Engine', 'Answers', 'Slots'],
      view.conquest.map((c) => [c.brand, c.advertiser, c.engine, c.answers, c.slots]),
    ),
  );
}
