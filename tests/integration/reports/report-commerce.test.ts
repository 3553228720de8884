import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHistory } from '../../../src/core/history';
import type { AdList, CommerceRate, CommerceSummary } from '../../../src/shared/commerce';
import { engineLabel } from '../../../src/shared/narrative/places';
import { COMMERCE_GLOSSARY, internalTermsIn } from '../../../src/shared/narrative/terms';
import { runCliAt } from '../../support/cli-in-process';
import { parseReportHtml, type ReportDocument, type ReportElement } from '../../support/report-html';

// The client report's "Products and ads" over a real history: two monitors asking the sandbox
// the same running-shoe questions (two naming Veloxa) in three countries, one with "track shopping and ads" on, run
// with `parallax monitors run --sandbox`; then `parallax report` for each. The commerce monitor's
// report shows every brand's shelf and ads with the same figures and answer counts as
// `parallax commerce --json`, the retailers of `commerce --by merchant`, the conquests of
// `parallax ads --json`; the other monitor's report has no such section, nor its glossary terms.

const PROMPTS = [
  'best running shoes for a marathon',
  'is veloxa good for running shoes',
  'veloxa or fleetfoot running shoes',
  'cheap running shoes for beginners',
  'trail running shoes for wet ground',
];
const BRANDS: Array<[string, 'brand' | 'competitor']> = [
  ['Veloxa', 'brand'],
  ['Fleetfoot', 'competitor'],
  ['Pacer & Co', 'competitor'],
  ['Stridewell', 'competitor'],
];

let dir = '';
let db = '';
let summary: CommerceSummary;
let byMerchant: CommerceSummary;
let byEngine: CommerceSummary;
let ads: AdList;
let shop: ReportDocument;
let plain: ReportDocument;

async function cli(args: string[]): Promise<string> {
  const out = await runCliAt([...args, '--db', db], dir);
  expect(out.code, out.stderr).toBe(0);
  return out.stdout;
}

async function addMonitor(name: string, commerce: boolean): Promise<void> {
  const prompts = PROMPTS.flatMap((p) => ['--prompt', p]);
  await cli([
    'monitors',
    'add',
    '--name',
    name,
    '--cadence',
    'daily',
    ...prompts,
    '--engine',
    'assistant-a',
    '--countries',
    'US,DE,GB',
    '--repeat',
    '3',
    ...(commerce ? ['--commerce'] : []),
  ]);
}

async function report(monitor: string): Promise<ReportDocument> {
  const out = join(dir, `${monitor}.html`);
  await cli(['report', '--monitor', monitor, '--since', '7d', '--out', out]);
  return parseReportHtml(readFileSync(out, 'utf8'));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-report-commerce-'));
  db = join(dir, 'history.db');
  for (const [name, kind] of BRANDS) await cli(['brands', 'add', name, '--kind', kind]);
  await addMonitor('Shoes', true);
  await addMonitor('Plain', false);
  // The client report after the run too, written by the after-run step.
  await cli(['monitors', 'options', 'Shoes', '--report-dir', join(dir, 'after-run'), '--report-days', '7']);
  const store = openHistory({ path: db });
  for (const m of store.listMonitors()) store.setMonitorNextDue(m.id, Date.now() - 60_000);
  store.close();
  await cli(['monitors', 'run', '--sandbox', '--webhook-wait', '0']);
  const json = async (args: string[]) =>
    JSON.parse(await cli([...args, '--monitor', 'Shoes', '--since', '7d', '--json']));
  summary = await json(['commerce']);
  byMerchant = await json(['commerce', '--by', 'merchant']);
  byEngine = await json(['commerce', '--by', 'engine']);
  ads = await json(['ads']);
  shop = await report('Shoes');
  plain = await report('Plain');
}, 180_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = (el: ReportElement | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ');
const pct = (r: CommerceRate): string => (r.value === null ? '–' : `${(r.value * 100).toFixed(1)} %`);
const range = (r: CommerceRate): string =>
  r.lower === null || r.upper === null ? '' : `${(r.lower * 100).toFixed(1)}–${(r.upper * 100).toFixed(1)} %`;

const few = (n: number, what = 'answers'): string => (n < 30 ? `, few ${what}` : '');
/** A rate's cell as the report writes it: the figure, then its range and what it rests on. */
const rateCell = (r: CommerceRate, over: string, what?: string): string =>
  `${pct(r)}${range(r) ? `${range(r)} · ` : ''}${over}${few(r.n, what)}`;

function tableRows(doc: ReportDocument, label: string): ReportElement[][] {
  const table = doc.querySelector(`#commerce table[aria-label="${label}"]`);
  expect(table, label).not.toBeNull();
  return Array.from(table?.querySelectorAll('tbody tr') ?? []).map((tr) =>
    Array.from(tr.querySelectorAll('td')),
  );
}

describe('the client report’s products and ads', () => {
  it('is there when the monitor’s answers show products and ads, and says how many', () => {
    expect(summary.surfaces.withShopping).toBeGreaterThan(0);
    expect(summary.surfaces.withAds).toBeGreaterThan(0);
    const section = shop.querySelector('section#commerce');
    expect(text(section?.querySelector('h2'))).toBe('Products and ads');
    const s = summary.surfaces;
    expect(text(section?.querySelector('.lead'))).toContain(
      `Of the ${s.answers} answers asked with shopping and ads, ${s.withShopping} answers showed products (${s.productSlots} product slots) and ${s.withAds} answers showed ads (${s.adSlots} ad slots).`,
    );
    expect(internalTermsIn(text(section))).toEqual([]);
  });

  it('shows every brand’s shelf and ads with the figures, ranges and counts of `parallax commerce`', () => {
    const rows = tableRows(shop, 'Shelf and ads of each brand');
    expect(rows.map((cells) => text(cells[0]).replace(' your brand', ''))).toEqual(
      summary.brands.map((b) => b.brand),
    );
    expect(text(rows[0]?.[0])).toContain('your brand');
    summary.brands.forEach((b, i) => {
      const cells = (rows[i] ?? []).map(text);
      const s = summary.surfaces;
      const shelf = `${b.shelfPresence.n} answers with products`;
      expect(cells[1], `${b.brand} shelf`).toBe(rateCell(b.shelfPresence, shelf));
      const slots = `${b.shelfShare.n} product slots in ${s.withShopping} answers`;
      expect(cells[2], `${b.brand} share`).toBe(
        `${rateCell(b.shelfShare, slots).replace(few(b.shelfShare.n), '')}${few(s.withShopping)}`,
      );
      expect(cells[3]).toBe(b.bestRank === null ? '–' : b.bestRank.toFixed(1));
      expect(cells[5], `${b.brand} ads`).toBe(rateCell(b.adPresence, `${b.adPresence.n} answers with ads`));
      expect(cells[6]).toContain(`${b.adShare.n} ad slots in ${s.withAds} answers`);
      expect(cells[6]).toContain(`${pct(b.adShare)}${range(b.adShare)}`);
      if (b.priceIndex !== null) {
        const p = Math.round((b.priceIndex - 1) * 100);
        expect(cells[4]).toContain(p > 0 ? `${p} % above` : p < 0 ? `${-p} % below` : 'at the shelf');
        expect(cells[4]).toContain(`(${b.priceCurrency})`);
      } else expect(cells[4]).toBe('–');
    });
    // Some brand is on the shelf with a price, so the columns are not all empty.
    expect(summary.brands.some((b) => b.shelfPresence.value && b.priceIndex !== null)).toBe(true);
  });

  it('puts the focus brand’s mention rate beside its shelf and ads per engine', () => {
    const rows = tableRows(shop, 'Veloxa paid and organic by engine');
    const own = summary.paidVsOrganic.filter((p) => p.brand === 'Veloxa');
    expect(rows).toHaveLength(own.length);
    own.forEach((p, i) => {
      const cells = (rows[i] ?? []).map(text);
      expect(cells[0]).toBe(engineLabel(p.engine));
      expect(cells[1]).toBe(rateCell(p.mentionRate, `${p.mentionRate.n} answers`));
      expect(cells[2]).toBe(rateCell(p.shelfPresence, `${p.shelfPresence.n} answers with products`));
      expect(cells[3]).toBe(rateCell(p.adPresence, `${p.adPresence.n} answers with ads`));
    });
  });

  it('lists the retailers with the most product slots and the focus brand’s share of them', () => {
    const rows = tableRows(shop, 'Retailers with the most product slots');
    const top = [...byMerchant.buckets]
      .sort((a, b) => b.surfaces.productSlots - a.surfaces.productSlots || a.bucket.localeCompare(b.bucket))
      .slice(0, 8);
    expect(rows.map((cells) => text(cells[0]))).toEqual(top.map((m) => m.bucket));
    top.forEach((m, i) => {
      expect(text(rows[i]?.[1])).toBe(m.surfaces.productSlots.toLocaleString('en'));
      const share = m.brands.find((b) => b.brand === 'Veloxa')?.shelfShare as CommerceRate;
      expect(text(rows[i]?.[2])).toBe(rateCell(share, `${share.n} slots`, 'slots'));
    });
  });

  it('lists competitors’ ads on questions naming the brand, and the untracked advertisers', () => {
    const section = shop.querySelector('section#commerce');
    if (ads.conquest.length === 0) expect(text(section)).toContain('No competitor advertised on them.');
    else {
      const rows = tableRows(shop, 'Competitors advertising on your questions');
      expect(rows.length).toBe(Math.min(10, ads.conquest.length));
      const listed = rows.map((cells) => cells.map(text));
      for (const c of ads.conquest.slice(0, rows.length))
        expect(listed).toContainEqual(expect.arrayContaining([c.brand, c.advertiser, String(c.answers)]));
    }
    expect(ads.untracked.length).toBeGreaterThan(0);
    const untracked = tableRows(shop, 'Advertisers that are not tracked brands');
    expect(untracked.map((cells) => text(cells[0]))).toEqual(
      ads.untracked.slice(0, 8).map((a) => a.advertiser),
    );
  });

  it('is in the report written after the monitor’s run, the same as on demand', () => {
    const [file] = readdirSync(join(dir, 'after-run')).filter((f) => f.endsWith('.html'));
    const after = parseReportHtml(readFileSync(join(dir, 'after-run', file as string), 'utf8'));
    expect(text(after.querySelector('section#commerce'))).toBe(text(shop.querySelector('section#commerce')));
  });

  it('explains its terms at the end, and only in the report that shows them', () => {
    const terms = (doc: ReportDocument) => Array.from(doc.querySelectorAll('#glossary dt')).map(text);
    for (const g of COMMERCE_GLOSSARY) expect(terms(shop)).toContain(g.term);
    for (const g of COMMERCE_GLOSSARY) expect(terms(plain)).not.toContain(g.term);
  });

  it('is left out when the period has no answer with products or ads', () => {
    expect(plain.querySelector('section#kpis')).not.toBeNull();
    expect(plain.querySelector('section#commerce')).toBeNull();
    expect(text(plain)).not.toContain('Products and ads');
  });

  it('is a sheet of the XLSX: each brand over every engine, then per engine, with the figures of `parallax commerce`', async () => {
    const sheetOf = async (monitor: string) => {
      const out = join(dir, `${monitor}.xlsx`);
      await cli(['report', '--monitor', monitor, '--since', '7d', '--out', out]);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(out);
      return wb.getWorksheet('Products and ads');
    };
    const sheet = await sheetOf('Shoes');
    expect(sheet).toBeDefined();
    const rows = Array.from({ length: (sheet?.rowCount ?? 1) - 1 }, (_, i) =>
      (sheet?.getRow(i + 2).values as unknown[]).slice(1),
    );
    const rate = (r: CommerceRate) => [r.value, r.lower, r.upper, r.n];
    const expected = (b: CommerceSummary['brands'][number], engine: string) =>
      [
        b.brand,
        b.brand === 'Veloxa' ? 'your brand' : b.kind,
        engine,
        ...rate(b.shelfPresence),
        ...rate(b.shelfShare),
        b.bestRank,
        b.priceIndex,
        b.priceCurrency,
        ...rate(b.adPresence),
        ...rate(b.adShare),
        b.note,
      ].map((v) => (v === null ? undefined : v));
    const [bucket] = byEngine.buckets;
    expect(byEngine.buckets).toHaveLength(1);
    const wanted = summary.brands.flatMap((b) => [
      expected(b, 'All engines'),
      expected(
        bucket!.brands.find((x) => x.brandId === b.brandId)!,
        engineLabel('assistant-a'),
      ),
    ]);
    // Trailing empty cells are not stored: compare the rows as written.
    const trim = (row: unknown[]) => {
      const out = [...row];
      while (out.length > 0 && out[out.length - 1] === undefined) out.pop();
      return out;
    };
    expect(rows.map(trim)).toEqual(wanted.map(trim));
    expect(rows[0]?.[0]).toBe('Veloxa');
    // One engine: its price index is the brands' over every engine (read from its own histograms).
    const priced = summary.brands.filter((b) => b.priceIndex !== null);
    expect(priced.length).toBeGreaterThan(0);
    for (const b of priced) {
      const index = summary.brands.indexOf(b);
      expect(rows[2 * index + 1]?.[12]).toBeCloseTo(b.priceIndex as number, 12);
    }
    expect(await sheetOf('Plain')).toBeUndefined();
  });
});
