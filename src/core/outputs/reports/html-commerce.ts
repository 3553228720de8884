import { MIN_ANSWERS_A_SIDE } from '../../../shared/analytics/evidence';
import type {
  AdvertiserRow,
  CommerceBrandRow,
  CommerceRate,
  ConquestRow,
  PaidOrganicRow,
} from '../../../shared/commerce';
import { plural } from '../../../shared/narrative/words';
import { engineName, rateIntervalText, rateText } from './format';
import { section, t, table, type Column } from './html-parts';
import type { ClientReport, ReportCommerce, ReportMerchant } from './types';

// The report's "Products and ads": which brands the engines put on the shelf beside their answers
// and who pays to be shown. Presences are shares of answers, shares of shelf and of ads shares of
// slots; each carries its likely range and what it rests on, and a figure on fewer than 30
// answers says "few answers". The section is left out when no answer shows a product or an ad.

const few = (n: number, what = 'answers'): string => (n < MIN_ANSWERS_A_SIDE ? `, few ${what}` : '');

/** "42.1 %" with "38.0–46.3 % · 120 answers with products" below it. */
function rateCell(rate: CommerceRate, over: string, what?: string): string {
  const range = rateIntervalText(rate);
  return `${t(rateText(rate))}<span class="sub">${t(`${range ? `${range} · ` : ''}${over}${few(rate.n, what)}`)}</span>`;
}

/** A share of slots: its range, the slots it is over and the answers they come from. */
function shareCell(rate: CommerceRate, answers: number, slots: string): string {
  const range = rateIntervalText(rate);
  return `${t(rateText(rate))}<span class="sub">${t(`${range ? `${range} · ` : ''}${plural(rate.n, slots)} in ${plural(answers, 'answer')}${few(answers)}`)}</span>`;
}

/** "12 % above the shelf" / "8 % below the shelf" / "at the shelf's middle", with its currency. */
export function priceIndexWords(index: number | null, currency: string | null): string {
  if (index === null) return '–';
  const pct = Math.round((index - 1) * 100);
  const where = pct > 0 ? `${pct} % above` : pct < 0 ? `${-pct} % below` : 'at';
  return `${where} the shelf’s middle price${currency ? ` (${currency})` : ''}`;
}

function brandName(row: { brand: string; brandId: string }, focusId: string | null): string {
  return `${t(row.brand)}${row.brandId === focusId ? ' <span class="tag">your brand</span>' : ''}`;
}

function brandColumns(c: ReportCommerce, focusId: string | null): Column<CommerceBrandRow>[] {
  const s = c.summary.surfaces;
  return [
    { head: 'Brand', cell: (b) => brandName(b, focusId), width: 14 },
    {
      head: 'On the shelf',
      cell: (b) => rateCell(b.shelfPresence, `${plural(b.shelfPresence.n, 'answer')} with products`),
      className: 'num',
      width: 16,
    },
    {
      head: 'Share of shelf',
      cell: (b) => shareCell(b.shelfShare, s.withShopping, 'product slot'),
      className: 'num',
      width: 16,
    },
    {
      head: 'Best place',
      cell: (b) => t(b.bestRank === null ? '–' : b.bestRank.toFixed(1)),
      className: 'num',
      width: 8,
    },
    { head: 'Price', cell: (b) => t(priceIndexWords(b.priceIndex, b.priceCurrency)), width: 14 },
    {
      head: 'Ads shown',
      cell: (b) => rateCell(b.adPresence, `${plural(b.adPresence.n, 'answer')} with ads`),
      className: 'num',
      width: 16,
    },
    {
      head: 'Share of ads',
      cell: (b) => shareCell(b.adShare, s.withAds, 'ad slot'),
      className: 'num',
      width: 16,
    },
  ];
}

/** Whether two presences over the same answers clearly differ: their likely ranges do not overlap. */
function clearlyApart(a: CommerceRate, b: CommerceRate): boolean {
  if (a.lower === null || a.upper === null || b.lower === null || b.upper === null) return false;
  return a.lower > b.upper || b.lower > a.upper;
}

/** The focus brand's shelf in a sentence, against the competitor most often on the shelf. */
function leadSentence(c: ReportCommerce, focus: CommerceBrandRow | undefined): string {
  const s = c.summary.surfaces;
  const shown = `Of the ${plural(s.answers, 'answer')} asked with shopping and ads, ${plural(s.withShopping, 'answer')} showed products (${plural(s.productSlots, 'product slot')}) and ${plural(s.withAds, 'answer')} showed ads (${plural(s.adSlots, 'ad slot')}).`;
  if (!focus || focus.shelfPresence.value === null) return shown;
  const rival = c.summary.brands
    .filter((b) => b.kind === 'competitor' && b.shelfPresence.value !== null)
    .sort((a, b) => (b.shelfPresence.value ?? 0) - (a.shelfPresence.value ?? 0))[0];
  const own = `${focus.brand} was among the products in ${rateText(focus.shelfPresence)} of them (likely ${rateIntervalText(focus.shelfPresence) || 'no range'}).`;
  if (!rival) return `${shown} ${own}`;
  const n = focus.shelfPresence.n;
  const verdict =
    n < MIN_ANSWERS_A_SIDE
      ? `too few answers (${n}) to tell it from ${rival.brand}’s ${rateText(rival.shelfPresence)}`
      : clearlyApart(focus.shelfPresence, rival.shelfPresence)
        ? `clearly ${(focus.shelfPresence.value ?? 0) > (rival.shelfPresence.value ?? 0) ? 'ahead of' : 'behind'} ${rival.brand}’s ${rateText(rival.shelfPresence)}`
        : `no clear difference from ${rival.brand}’s ${rateText(rival.shelfPresence)}`;
  return `${shown} ${own.slice(0, -1)}: ${verdict}.`;
}

function paidOrganicTable(r: ClientReport, rows: readonly PaidOrganicRow[], focus: string): string {
  const cols: Column<PaidOrganicRow>[] = [
    { head: 'AI engine', cell: (p) => t(engineName(p.engine, r.labels)), width: 22 },
    {
      head: 'Named in the answer',
      cell: (p) => rateCell(p.mentionRate, plural(p.mentionRate.n, 'answer')),
      className: 'num',
      width: 26,
    },
    {
      head: 'On the shelf',
      cell: (p) => rateCell(p.shelfPresence, `${plural(p.shelfPresence.n, 'answer')} with products`),
      className: 'num',
      width: 26,
    },
    {
      head: 'Ads shown',
      cell: (p) => rateCell(p.adPresence, `${plural(p.adPresence.n, 'answer')} with ads`),
      className: 'num',
      width: 26,
    },
  ];
  return [
    `<h3>${t(`${focus} in the answers, on the shelf and in the ads, by AI engine`)}</h3>`,
    table(`${focus} paid and organic by engine`, cols, rows, `No answer asked with shopping and ads.`),
  ].join('');
}

function merchantsTable(merchants: readonly ReportMerchant[], focus: string | null): string {
  const cols: Column<ReportMerchant>[] = [
    { head: 'Retailer', cell: (m) => t(m.merchant), width: 40 },
    { head: 'Product slots', cell: (m) => t(m.slots.toLocaleString('en')), className: 'num', width: 20 },
    ...(focus === null
      ? []
      : [
          {
            head: `${focus}’s share of them`,
            cell: (m: ReportMerchant) =>
              m.focusShare ? rateCell(m.focusShare, plural(m.focusShare.n, 'slot'), 'slots') : '–',
            className: 'num',
            width: 40,
          },
        ]),
  ];
  return [
    '<h3>Retailers selling on the shelf</h3>',
    table('Retailers with the most product slots', cols, merchants, 'No product names its retailer.'),
  ].join('');
}

function conquestTable(r: ClientReport, rows: readonly ConquestRow[]): string {
  const cols: Column<ConquestRow>[] = [
    { head: 'The question names', cell: (q) => t(q.brand), width: 24 },
    { head: 'Advertiser', cell: (q) => t(q.advertiser), width: 24 },
    { head: 'AI engine', cell: (q) => t(engineName(q.engine, r.labels)), width: 22 },
    { head: 'Answers', cell: (q) => t(q.answers.toLocaleString('en')), className: 'num', width: 15 },
    { head: 'Ad slots', cell: (q) => t(q.slots.toLocaleString('en')), className: 'num', width: 15 },
  ];
  return [
    '<h3>Competitors’ ads on questions that name your brand</h3>',
    table('Competitors advertising on your questions', cols, rows, 'No competitor advertised on them.'),
  ].join('');
}

function advertisersTable(rows: readonly AdvertiserRow[]): string {
  if (rows.length === 0) return '';
  const cols: Column<AdvertiserRow>[] = [
    { head: 'Advertiser', cell: (a) => t(a.advertiser), width: 40 },
    {
      head: 'Ads shown',
      cell: (a) => rateCell(a.presence, `${plural(a.presence.n, 'answer')} with ads`),
      className: 'num',
      width: 40,
    },
    { head: 'Ad slots', cell: (a) => t(a.slots.toLocaleString('en')), className: 'num', width: 20 },
  ];
  return [
    '<h3>Other advertisers (not tracked brands)</h3>',
    table('Advertisers that are not tracked brands', cols, rows, ''),
  ].join('');
}

export function commerceSection(r: ClientReport): string {
  const c = r.commerce;
  if (!c) return '';
  const focusId = r.focus?.id ?? null;
  const focusRow = c.summary.brands.find((b) => b.brandId === focusId);
  const focusName = r.focus?.name ?? null;
  const body = [
    `<p class="lead">${t(leadSentence(c, focusRow))}</p>`,
    table(
      'Shelf and ads of each brand',
      brandColumns(c, focusId),
      c.summary.brands,
      'No brands are tracked.',
    ),
    focusName === null
      ? ''
      : paidOrganicTable(
          r,
          c.summary.paidVsOrganic.filter((p) => p.brandId === focusId),
          focusName,
        ),
    merchantsTable(c.merchants, focusName),
    focusName === null ? '' : conquestTable(r, c.ads.conquest),
    advertisersTable(c.ads.untracked),
  ].join('');
  return section(
    'commerce',
    'Products and ads',
    body,
    `The products and ads shown beside the answers asked with shopping and ads over the period. A share of slots counts the products (or ads) shown, each answer’s together. “Few answers”: under ${MIN_ANSWERS_A_SIDE}, read with care.`,
  );
}
