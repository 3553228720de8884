import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/platform/errors/app-error';
import {
  chromiumPdfPrinter,
  findChromium,
  NO_CHROMIUM_MESSAGE,
  requirePrinter,
} from '../../../src/core/outputs/reports';
import { demoHistoryCopy } from '../../support/demo-history';
import { runCliAt as runCli } from '../../support/cli-in-process';
import { parseReportHtml, type ReportElement } from '../../support/report-html';

// The client report printed to PDF as a user gets it: `parallax report --out x.pdf` drives the
// system's Chromium (playwright-core, JavaScript off) over a 7-day demo history of every engine
// (so "Brands by AI engine" is as wide as it gets), with a hostile client name, subject and
// competitor; the PDF is read back with poppler's pdfinfo and pdftotext (.ci/run installs
// poppler-utils): A4 pages, page 1 filled, every word inside the right margin, every table's
// last column (its header and each row's value, taken from the same report as HTML) in the
// text, the hostile names printed as plain text, the appendix starting a page of its own, no
// key-number card cut across two pages. One PDF is printed for the whole file.

const MONITOR = 'Demo · Buying guides';
const CLIENT = '<script>alert(1)</script> "Shoes" & Co';
const SUBJECT = '<img src=x onerror=alert(2)>Running shoes';
const RIVAL = '<b onmouseover="alert(3)">Evil</b> & Co';
/** A4 in points, and the report's right margin (12 mm). */
const PAGE = { width: 595.28, height: 841.89 };
const RIGHT_MARGIN = (12 / 25.4) * 72;

let dir = '';
let db = '';
let pdf = '';
let pages: string[] = [];
/** The PDF's text in drawing order, whitespace removed (cells wrap over lines). */
let raw = '';
let words: Array<{ page: number; xMin: number; xMax: number; yMax: number; text: string }> = [];
let html = '';

const cli = async (args: string[]): Promise<string> => {
  const out = await runCli([...args, '--db', db], dir);
  expect(out.code, out.stderr).toBe(0);
  return out.stdout;
};

/** pdftotext's word boxes (-bbox), per page. */
function wordBoxes(path: string): typeof words {
  const xml = execFileSync('pdftotext', ['-bbox', path, '-'], { encoding: 'utf8' });
  const out: typeof words = [];
  let page = 0;
  for (const line of xml.split('\n')) {
    if (line.includes('<page ')) page += 1;
    const m = /<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (m) out.push({ page, xMin: Number(m[1]), xMax: Number(m[2]), yMax: Number(m[3]), text: m[4] ?? '' });
  }
  return out;
}

beforeAll(async () => {
  db = await demoHistoryCopy({ days: 7, variant: 'preview' });
  dir = mkdtempSync(join(tmpdir(), 'parallax-report-pdf-'));
  await cli(['brands', 'add', RIVAL, '--kind', 'competitor']);
  await cli(['monitors', 'options', MONITOR, '--client-name', CLIENT, '--report-subject', SUBJECT]);
  pdf = join(dir, 'buying-guides.pdf');
  // The demo's own seven days, from its record: "the last 7 days" would hold six of them and
  // one day before them between 00:00 and 07:00 UTC (a demo built then ends yesterday), and the
  // report's summary and pages would change with the hour the test runs at.
  const days = JSON.parse(await cli(['demo', '--events', '--json'])) as { from: string; to: string };
  const period = ['--from', days.from, '--to', days.to];
  const json = JSON.parse(await cli(['report', '--monitor', MONITOR, ...period, '--out', pdf, '--json']));
  expect(json).toMatchObject({ path: pdf, format: 'pdf' });
  // The same report as HTML: what every table holds.
  const htmlPath = join(dir, 'buying-guides.html');
  await cli(['report', '--monitor', MONITOR, ...period, '--out', htmlPath]);
  html = readFileSync(htmlPath, 'utf8');
  // pdftotext separates pages with a form feed.
  pages = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).split('\f');
  raw = execFileSync('pdftotext', ['-raw', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
  words = wordBoxes(pdf);
}, 180_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(dirname(db), { recursive: true, force: true });
});

const squeeze = (text: string | null): string => (text ?? '').replace(/\s+/g, '');

describe('the client report as PDF', () => {
  it('is a PDF of A4 pages', () => {
    expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
    const count = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
    expect(count).toBeGreaterThanOrEqual(4);
    // A4 is 595 × 842 points.
    expect(info).toMatch(/^Page size:\s+59[45]\.\d+ x 84[12]\.\d+ pts \(A4\)/m);
    expect(pages.filter((p) => p.trim() !== '')).toHaveLength(count);
  });

  it('opens with the title and the summary, and has every section', () => {
    const first = (pages[0] ?? '').replace(/\s+/g, ' ');
    expect(first).toContain('Summary');
    expect(first).toMatch(/Veloxa was named in \d+ % of the [\d,]+ answers/);
    expect(first).toMatch(/usually \d(st|nd|rd|th) among the brands an answer names \(\d\.\d on average\)/);
    expect(first).toContain('Key numbers for Veloxa');
    const all = pages.join('\n');
    for (const heading of [
      'How the answers present Veloxa and its competitors',
      'Products and ads',
      'Trend per day for Veloxa and its closest competitors',
      'Share of voice',
      'Brands and competitors',
      'Brands by AI engine',
      'Citation gaps',
      'Changes noticed after each run',
      'The answers behind the findings',
      'Tracked questions',
      'How this report was made',
      'How to read this report',
    ])
      expect(all, heading).toContain(heading);
    expect(all).not.toContain(MONITOR);
  });

  it('fills page 1: its text runs to the last fifth of the page', () => {
    const lowest = Math.max(...words.filter((w) => w.page === 1).map((w) => w.yMax));
    expect(lowest).toBeGreaterThan(PAGE.height * 0.8);
  });

  it('cuts nothing at the right margin: every word lies inside the page’s margins', () => {
    expect(words.length).toBeGreaterThan(1000);
    const outside = words.filter((w) => w.xMax > PAGE.width - RIGHT_MARGIN + 1 || w.xMin < 0);
    expect(outside.map((w) => `${w.text} (page ${w.page}, ${w.xMax.toFixed(0)} pt)`)).toEqual([]);
  });

  it("prints every table's last column: its header and each row's value", () => {
    const doc = parseReportHtml(html);
    const tables = Array.from(doc.querySelectorAll('table'));
    const labels = tables.map((t) => t.getAttribute('aria-label'));
    // The widest ones among them.
    expect(labels).toEqual(
      expect.arrayContaining([
        'Leaderboard',
        'Mention rate of each brand by AI engine',
        'Positioning of each brand',
        'Shelf and ads of each brand',
        'Top cited sources',
      ]),
    );
    for (const table of tables) {
      const label = table.getAttribute('aria-label') ?? '';
      const heads = Array.from(table.querySelectorAll('thead th'));
      const head = heads[heads.length - 1];
      expect(raw, `${label}: header`).toContain(squeeze(head?.textContent ?? ''));
      const rows = Array.from(table.querySelectorAll('tbody tr'));
      expect(rows.length, label).toBeGreaterThan(0);
      for (const row of rows) {
        const cells: ReportElement[] = Array.from(row.querySelectorAll('td, th'));
        const last = squeeze(cells[cells.length - 1]?.textContent ?? '');
        expect(raw, `${label}: ${last}`).toContain(last);
      }
    }
  });

  it('prints hostile names as the plain text they are', () => {
    const first = (pages[0] ?? '').replace(/\s+/g, ' ');
    expect(first).toContain(CLIENT);
    expect(raw).toContain(squeeze(`${CLIENT} · ${SUBJECT}`));
    // The competitor in the tables and charts' keys.
    expect(raw).toContain(squeeze(RIVAL));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b onmouseover');
    expect(html).toContain('&lt;b onmouseover=&quot;alert(3)&quot;&gt;Evil&lt;/b&gt; &amp; Co');
  });

  it('starts only the appendix (how the report was made, how to read it) on a page of its own, and cuts no key-number card', () => {
    const startsPage = (heading: string): boolean => pages.some((p) => p.trimStart().startsWith(heading));
    expect(startsPage('How this report was made')).toBe(true);
    expect(pages.find((p) => p.trimStart().startsWith('How this report was made'))).toContain(
      'How to read this report',
    );
    expect(startsPage('Trend per day')).toBe(false);
    // Each card's label, value and previous period print on one page.
    const kpiPage = pages.find((p) => p.includes('Key numbers for Veloxa')) ?? '';
    for (const label of ['MENTION RATE', 'CITATION RATE', 'AVERAGE POSITION', 'SHARE OF VOICE'])
      expect(kpiPage.toUpperCase(), label).toContain(label);
    expect(kpiPage.match(/Previous period:/g)?.length).toBe(4);
  });

  it('moves the key numbers whole to the next page when only their heading would fit', async () => {
    // The report's own key-numbers section under a block as tall as most of a page (A4's 297 mm
    // less 30 mm of margins): its heading and note fit under it, its cards do not. A long
    // summary does this on page 1.
    const kpis = /<section id="kpis" class="section">.*?<\/section>/s.exec(html)?.[0];
    expect(kpis).toBeDefined();
    const page = html.replace(/<body>.*<\/body>/s, `<body><div style="height:242mm"></div>${kpis}</body>`);
    const printed = join(dir, 'key-numbers.pdf');
    writeFileSync(printed, await chromiumPdfPrinter(findChromium(process.env) ?? '')(page));
    const sheets = execFileSync('pdftotext', ['-layout', printed, '-'], { encoding: 'utf8' }).split('\f');
    const withHeading = sheets.find((p) => p.includes('Key numbers for Veloxa')) ?? '';
    expect(withHeading.match(/Previous period:/g)?.length).toBe(4);
    expect(sheets[0]?.trim()).toBe('');
  });
});

describe('without a browser', () => {
  it('finds none where there is none, and says what to do', () => {
    expect(findChromium({}, 'linux', () => false)).toBeNull();
    expect(findChromium({ PARALLAX_CHROMIUM: '/opt/x/chrome' }, 'linux', (p) => p === '/opt/x/chrome')).toBe(
      '/opt/x/chrome',
    );
    expect(findChromium({}, 'linux', (p) => p === '/usr/bin/chromium')).toBe('/usr/bin/chromium');
    expect(() => requirePrinter(undefined)).toThrow(AppError);
    expect(() => requirePrinter(undefined)).toThrow(NO_CHROMIUM_MESSAGE);
    expect(NO_CHROMIUM_MESSAGE).toContain('PARALLAX_CHROMIUM');
  });
});
