import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeResult } from '../../../src/shared/api/normalize';
import { runCliAt } from '../../support/cli-in-process';
import { newRun, openTemp, tempFolder } from '../store/helpers';

// Product and ad rows in run exports: a run through the sandbox over HTTP with shopping and ads
// on, exported by `parallax export` as CSV (--table products|ads), JSON, NDJSON and XLSX; every
// format's rows equal the history's own commerce rows, read here straight from its tables. Then
// hostile titles, merchants and ad text: inert in CSV (no formula) and XLSX (text cells).

const folder = tempFolder();
afterAll(() => folder.cleanup());

type Cell = string | number | null;
type Row = Record<string, Cell>;

const PRODUCTS_SQL = `SELECT r.id AS resultId, c.slot + 1 AS slot, c.surface, c.position, c.title,
    c.product_id AS productId, c.brand_text AS brandText, vb.brand_id AS brandId, c.merchant,
    c.amount AS price, c.currency, c.price_raw AS priceRaw, c.price_range AS priceRange,
    c.old_amount AS oldPrice, c.old_currency AS oldCurrency, c.old_raw AS oldPriceRaw,
    c.rating, c.reviews, c.available
  FROM com_product c JOIN results r ON r.seq = c.seq JOIN jobs j ON j.id = r.job_id
  LEFT JOIN vis_brands vb ON vb.id = c.brand WHERE j.run_id = ? ORDER BY r.id, c.slot`;
const OFFERS_SQL = `SELECT r.id AS resultId, o.slot + 1 AS slot, o.merchant, o.amount, o.currency, o.raw, o.available
  FROM com_offer o JOIN results r ON r.seq = o.seq JOIN jobs j ON j.id = r.job_id
  WHERE j.run_id = ? ORDER BY r.id, o.slot, o.idx`;
const ADS_SQL = `SELECT r.id AS resultId, d.slot + 1 AS slot, d.block, d.type, d.position,
    vb.brand_id AS brandId, d.advertiser, d.title, d.domain
  FROM com_ad d JOIN results r ON r.seq = d.seq JOIN jobs j ON j.id = r.job_id
  LEFT JOIN vis_brands vb ON vb.id = d.brand WHERE j.run_id = ? ORDER BY r.id, d.slot`;

const SURFACES = ['shopping-card', 'inline-product', 'product-result', 'search-shopping-card', 'shopping-ad'];
const BLOCKS = ['top', 'middle', 'bottom', 'side', 'inline'];

interface Stored {
  products: Row[];
  offers: Row[];
  ads: Row[];
}

function stored(path: string, runId: string): Stored {
  const db = new Database(path, { readonly: true });
  try {
    return {
      products: db.prepare(PRODUCTS_SQL).all(runId) as Row[],
      offers: db.prepare(OFFERS_SQL).all(runId) as Row[],
      ads: db.prepare(ADS_SQL).all(runId) as Row[],
    };
  } finally {
    db.close();
  }
}

const flag = (v: Cell | undefined): string => (v === null || v === undefined ? '' : v === 1 ? 'yes' : 'no');
const byKey = (a: Row, b: Row): number =>
  String(a.resultId).localeCompare(String(b.resultId)) || Number(a.slot) - Number(b.slot);

/** A stored product row as the CSV and the XLSX sheet write it (names for codes, flags in words). */
function flatProduct(row: Row, offers: Row[]): Row {
  const merchants = offers
    .filter((o) => o.resultId === row.resultId && o.slot === row.slot && o.merchant !== null)
    .map((o) => o.merchant);
  return {
    ...row,
    surface: SURFACES[Number(row.surface)] ?? null,
    offerMerchants: merchants.join('; '),
    priceRange: flag(row.priceRange),
    available: flag(row.available),
  };
}

const flatAd = (row: Row): Row => ({
  ...row,
  block: BLOCKS[Number(row.block)] ?? null,
  type: row.type === 1 ? 'shopping' : 'text',
});

/** The columns of `expected` picked from `actual`, empty cells read as null and numbers as numbers. */
function pick(actual: Row, expected: Row): Row {
  return Object.fromEntries(
    Object.keys(expected).map((key) => {
      const value = actual[key];
      if (value === '' || value === undefined) return [key, expected[key] === '' ? '' : null];
      return [key, typeof expected[key] === 'number' && typeof value === 'string' ? Number(value) : value];
    }),
  );
}

function csvRows(path: string): Row[] {
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  return Papa.parse<Row>(text, { header: true, skipEmptyLines: true }).data;
}

async function sheetRows(path: string, name: string): Promise<Row[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const sheet = wb.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  const header = (sheet.getRow(1).values as Cell[]).slice(1).map(String);
  const rows: Row[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as Cell[]).slice(1);
    rows.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? ''])));
  });
  return rows;
}

/** The JSON export's stored price object as the flat columns hold it. */
const priceOf = (p: { amount: number | null; currency: string | null; raw: string | null } | null) => ({
  amount: p?.amount ?? null,
  currency: p?.currency ?? null,
  raw: p?.raw ?? null,
});

interface JsonProduct {
  slot: number;
  surface: string;
  position: number;
  title: string;
  productId: string | null;
  brandText: string | null;
  brandId: string | null;
  merchant: string | null;
  offers: Array<{
    merchant: string | null;
    price: { amount: number | null; currency: string | null; raw: string | null } | null;
    available: boolean | null;
  }>;
  price: { amount: number | null; currency: string | null; raw: string | null; range: boolean } | null;
  oldPrice: { amount: number | null; currency: string | null; raw: string | null } | null;
  rating: number | null;
  reviews: number | null;
  available: boolean | null;
}
interface JsonJob {
  resultId: string | null;
  commerce: { products: JsonProduct[]; ads: Row[] } | null;
}

const bool = (v: boolean | null): Cell => (v === null ? null : v ? 1 : 0);

/** The JSON export's jobs back into stored rows (codes for names), to compare with the tables. */
function fromJson(jobs: JsonJob[]): Stored {
  const out: Stored = { products: [], offers: [], ads: [] };
  for (const job of jobs) {
    if (!job.commerce || job.resultId === null) continue;
    const resultId = job.resultId;
    for (const p of job.commerce.products) {
      const { offers, price, oldPrice, surface, available, ...rest } = p;
      const now = priceOf(price);
      const was = priceOf(oldPrice);
      out.products.push({
        resultId,
        ...rest,
        surface: SURFACES.indexOf(surface),
        price: now.amount,
        currency: now.currency,
        priceRaw: now.raw,
        priceRange: price?.range ? 1 : 0,
        oldPrice: was.amount,
        oldCurrency: was.currency,
        oldPriceRaw: was.raw,
        available: bool(available),
      });
      for (const o of offers) {
        const op = priceOf(o.price);
        out.offers.push({
          resultId,
          slot: p.slot,
          merchant: o.merchant,
          amount: op.amount,
          currency: op.currency,
          raw: op.raw,
          available: bool(o.available),
        });
      }
    }
    for (const ad of job.commerce.ads) {
      out.ads.push({
        resultId,
        ...ad,
        block: BLOCKS.indexOf(String(ad.block)),
        type: ad.type === 'shopping' ? 1 : 0,
      });
    }
  }
  // Sorted as the tables were read (a stable sort keeps each slot's offers in their order).
  const sort = (rows: Row[]) => rows.sort(byKey);
  return { products: sort(out.products), offers: sort(out.offers), ads: sort(out.ads) };
}

describe('run exports: product and ad rows of a sandbox run with shopping and ads on', () => {
  const dir = folder.file('sandbox-run');
  const db = join(dir, 'history.db');
  const parallax = (args: string[]) => runCliAt([...args, '--db', db], dir);
  let runId = '';
  let rows: Stored = { products: [], offers: [], ads: [] };

  beforeAll(async () => {
    const run = await parallax([
      'run',
      '--sandbox',
      '--commerce',
      '--engine',
      'assistant-a',
      '--prompt',
      'best running shoes',
      '--prompt',
      'best trail running shoes under 150',
      '--countries',
      'US,DE,JP',
      '--yes',
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    runId = (JSON.parse(run.stdout) as { runId: string }).runId;
    rows = stored(db, runId);
  });

  it('the run stored products, offers and ads in more than one currency', () => {
    expect(rows.products.length).toBeGreaterThan(10);
    expect(rows.ads.length).toBeGreaterThan(0);
    expect(new Set(rows.products.map((p) => p.currency).filter(Boolean)).size).toBeGreaterThan(1);
  });

  it('csv --table products and --table ads: one row per stored slot, equal to it', async () => {
    const products = await parallax(['export', runId, '--format', 'csv', '--table', 'products', '--json']);
    expect(products.code, products.stderr).toBe(0);
    const out = JSON.parse(products.stdout) as { path: string; table: string };
    expect(out.table).toBe('products');
    expect(out.path).toMatch(/-products\.csv$/);
    const expected = rows.products.map((p) => flatProduct(p, rows.offers));
    const csv = csvRows(out.path).sort(byKey);
    expect(csv.map((r, i) => pick(r, expected[i] as Row))).toEqual(expected);
    expect(csv.every((r) => r.runId === runId)).toBe(true);

    const ads = await parallax(['export', runId, '--format', 'csv', '--table', 'ads', '--json']);
    expect(ads.code, ads.stderr).toBe(0);
    const adCsv = csvRows((JSON.parse(ads.stdout) as { path: string }).path).sort(byKey);
    const expectedAds = rows.ads.map(flatAd);
    expect(adCsv.map((r, i) => pick(r, expectedAds[i] as Row))).toEqual(expectedAds);
  });

  it('json and ndjson: each job carries its answer’s products (with offers) and ads as stored', async () => {
    const json = await parallax(['export', runId, '--format', 'json', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const doc = JSON.parse(readFileSync((JSON.parse(json.stdout) as { path: string }).path, 'utf8')) as {
      jobs: JsonJob[];
    };
    expect(fromJson(doc.jobs)).toEqual(rows);

    const nd = await parallax(['export', runId, '--format', 'ndjson', '--json']);
    const lines = readFileSync((JSON.parse(nd.stdout) as { path: string }).path, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as JsonJob);
    expect(fromJson(lines)).toEqual(rows);
  });

  it('xlsx: Products and Ads sheets hold the stored slots', async () => {
    const out = await parallax(['export', runId, '--format', 'xlsx', '--json']);
    expect(out.code, out.stderr).toBe(0);
    const path = (JSON.parse(out.stdout) as { path: string }).path;
    const expected = rows.products.map((p) => flatProduct(p, rows.offers));
    const sheet = (await sheetRows(path, 'Products')).sort(byKey);
    expect(sheet.map((r, i) => pick(r, expected[i] as Row))).toEqual(expected);
    const expectedAds = rows.ads.map(flatAd);
    const ads = (await sheetRows(path, 'Ads')).sort(byKey);
    expect(ads.map((r, i) => pick(r, expectedAds[i] as Row))).toEqual(expectedAds);
  });

  it('--table is checked: a bad name, or with a format other than csv, is a usage error', async () => {
    const bad = await parallax(['export', runId, '--format', 'csv', '--table', 'offers']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--table must be one of answers, products, ads, facts, got "offers"');
    const json = await parallax(['export', runId, '--format', 'json', '--table', 'ads']);
    expect(json.code).toBe(2);
    expect(json.stderr).toContain('--table applies to --format csv only');
  });
});

describe('run exports: hostile product titles, merchants and ad text stay inert', () => {
  const FORMULA = '=HYPERLINK("https://evil.example","click")';
  const hostileResult = {
    text: 'Shoes.',
    sources: [],
    shoppingCards: [
      {
        tags: [],
        products: [
          {
            title: FORMULA,
            position: 1,
            price: '$10.00',
            merchant: '+cmd|"/c calc"!A1',
            offers: [{ merchant_name: '@SUM(1+1)', price: '$9.00', available: true }],
          },
          {
            title: '<img src=x onerror=alert(1)>',
            position: 2,
            price: '$12.00',
            merchant: '-2+3',
            offers: [],
          },
        ],
      },
    ],
    ads: [
      {
        brand: { name: '=1+1', url: 'https://evil.example' },
        cards: [{ title: '@cmd', body: 'x', url: 'https://evil.example/a' }],
        visibility: 'allowed',
        adsResponseIndex: 0,
        rendered: true,
      },
    ],
  };
  let path = '';
  let runId = '';
  const dir = folder.file('hostile');

  beforeAll(() => {
    const store = openTemp(folder.file('hostile.db'));
    const run = newRun(store, { prompts: ['shoes'], engines: ['assistant-a'], countries: ['US'] });
    store.ingestResults(
      run.jobs.map((job) => {
        const raw = { success: true, result: hostileResult };
        return { jobId: job.id, raw, fetchedAt: Date.now(), normalized: normalizeResult(job.engine, raw) };
      }),
    );
    path = store.path;
    runId = run.run.id;
    store.close();
  });

  const parallax = (args: string[]) => runCliAt([...args, '--db', path], dir);

  it('csv: cells a spreadsheet would run as a formula start with an apostrophe', async () => {
    const products = await parallax(['export', runId, '--format', 'csv', '--table', 'products', '--json']);
    expect(products.code, products.stderr).toBe(0);
    const rows = csvRows((JSON.parse(products.stdout) as { path: string }).path);
    expect(rows.map((r) => [r.title, r.merchant, r.offerMerchants])).toEqual([
      [`'${FORMULA}`, `'+cmd|"/c calc"!A1`, `'@SUM(1+1)`],
      ['<img src=x onerror=alert(1)>', `'-2+3`, ''],
    ]);
    const ads = await parallax(['export', runId, '--format', 'csv', '--table', 'ads', '--json']);
    const adRows = csvRows((JSON.parse(ads.stdout) as { path: string }).path);
    // An untracked advertiser is named by its landing domain; the ad's own text is the title.
    expect(adRows.map((r) => [r.advertiser, r.title])).toEqual([['evil.example', `'@cmd`]]);
  });

  it('xlsx: the same text in plain string cells, never a formula', async () => {
    const out = await parallax(['export', runId, '--format', 'xlsx', '--json']);
    expect(out.code, out.stderr).toBe(0);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((JSON.parse(out.stdout) as { path: string }).path);
    const cells: Array<{ type: ExcelJS.ValueType; value: unknown }> = [];
    for (const name of ['Products', 'Ads'])
      wb.getWorksheet(name)?.eachRow((row, n) => {
        if (n > 1) row.eachCell((cell) => cells.push({ type: cell.type, value: cell.value }));
      });
    expect(cells.some((c) => c.type === ExcelJS.ValueType.Formula)).toBe(false);
    const texts = cells.map((c) => c.value);
    expect(texts).toContain(FORMULA);
    expect(texts).toContain('@cmd');
    expect(texts).toContain('@SUM(1+1)');
  });
});

describe('run exports: the XLSX Commerce sheet of a run with tracked brands', () => {
  const dir = folder.file('sandbox-brands');
  const db = join(dir, 'history.db');
  const parallax = (args: string[]) => runCliAt([...args, '--db', db], dir);

  it('holds each brand’s shelf and ads over every engine, then per engine, as `parallax commerce` gives them', async () => {
    for (const [name, kind] of [
      ['Veloxa', 'brand'],
      ['Fleetfoot', 'competitor'],
      ['Pacer & Co', 'competitor'],
    ])
      expect((await parallax(['brands', 'add', name as string, '--kind', kind as string])).code).toBe(0);
    const run = await parallax([
      'run',
      '--sandbox',
      '--commerce',
      '--engine',
      'assistant-a',
      '--prompt',
      'best running shoes',
      '--prompt',
      'is veloxa good for running',
      '--prompt',
      'trail running shoes for wet ground',
      '--countries',
      'US,DE,GB',
      '--yes',
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const runId = (JSON.parse(run.stdout) as { runId: string }).runId;
    const out = await parallax(['export', runId, '--format', 'xlsx', '--json']);
    expect(out.code, out.stderr).toBe(0);
    const sheet = await sheetRows((JSON.parse(out.stdout) as { path: string }).path, 'Commerce');
    // The history holds this run only: the commerce numbers of its period are the run's.
    const view = JSON.parse(
      (await parallax(['commerce', '--since', '2d', '--by', 'engine', '--json'])).stdout,
    ) as {
      brands: Array<Record<string, unknown>>;
      buckets: Array<{ bucket: string; brands: Array<Record<string, unknown>> }>;
    };
    expect(view.buckets.map((b) => b.bucket)).toEqual(['assistant-a']);
    const rate = (r: unknown) => {
      const x = r as { value: number | null; lower: number | null; upper: number | null; n: number };
      return [x.value, x.lower, x.upper, x.n];
    };
    const cells = (b: Record<string, unknown>, engine: string) =>
      [
        b.brand,
        b.kind,
        engine,
        ...rate(b.shelfPresence),
        ...rate(b.shelfShare),
        b.bestRank,
        b.priceIndex,
        b.priceCurrency,
        ...rate(b.adPresence),
        ...rate(b.adShare),
        b.note,
      ].map((v) => (v === null ? '' : v));
    const labels: Record<string, string> = { 'assistant-a': 'Assistant A' };
    const expected = view.brands.flatMap((b) => [
      cells(b, 'All engines'),
      ...view.buckets.map((bucket) =>
        cells(
          bucket.brands.find((x) => x.brandId === b.brandId) as Record<string, unknown>,
          labels[bucket.bucket] as string,
        ),
      ),
    ]);
    expect(sheet.map((row) => Object.values(row))).toEqual(expected);
    expect(sheet[0]?.Brand).toBe('Veloxa');
    expect(
      sheet.some((row) => typeof row['Share of shelf'] === 'number' && (row['Share of shelf'] as number) > 0),
    ).toBe(true);
  });
});
