import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/platform/errors/app-error';
import { findChromium, NO_CHROMIUM_MESSAGE, requirePrinter } from '../../../src/core/outputs/reports';
import { demoHistoryCopy } from '../../support/demo-history';
import { runCliAt as runCli } from '../../support/cli-in-process';

// The client report printed to PDF as a user gets it: `parallax report --out x.pdf` drives the
// system's Chromium (playwright-core, JavaScript off) over a 7-day demo history, and the PDF is
// read back with poppler's pdfinfo and pdftotext (.ci/run installs poppler-utils): A4 pages, the
// summary on the first page with the title, every section's heading, the glossary starting a
// page of its own, no key-number card cut across two pages.

const MONITOR = 'Demo · Buying guides';
let dir = '';
let db = '';
let pdf = '';
let pages: string[] = [];

beforeAll(async () => {
  db = await demoHistoryCopy({ days: 7 });
  dir = mkdtempSync(join(tmpdir(), 'parallax-report-pdf-'));
  pdf = join(dir, 'buying-guides.pdf');
  const out = await runCli(
    ['report', '--monitor', MONITOR, '--since', '7d', '--out', pdf, '--db', db, '--json'],
    dir,
  );
  expect(out.code, out.stderr).toBe(0);
  expect(JSON.parse(out.stdout)).toMatchObject({ path: pdf, format: 'pdf' });
  // pdftotext separates pages with a form feed.
  pages = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).split('\f');
}, 120_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(dirname(db), { recursive: true, force: true });
});

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
    expect(first).toContain('Veloxa · Visibility in AI answers');
    expect(first).toContain('Summary');
    expect(first).toMatch(/Veloxa was named in \d+ % of the [\d,]+ answers/);
    expect(first).toMatch(/usually \d(st|nd|rd|th) among the brands an answer names \(\d\.\d on average\)/);
    const all = pages.join('\n');
    for (const heading of [
      'Key numbers for Veloxa',
      'Trend per day for Veloxa',
      'Brands and competitors',
      'Citation gaps',
      'Changes noticed after each run',
      'The answers behind the findings',
      'How to read this report',
    ])
      expect(all, heading).toContain(heading);
    expect(all).not.toContain(MONITOR);
  });

  it('starts the glossary and the trend on pages of their own, and cuts no key-number card', () => {
    const startsPage = (heading: string): boolean => pages.some((p) => p.trimStart().startsWith(heading));
    expect(startsPage('How to read this report')).toBe(true);
    expect(startsPage('Trend per day for Veloxa')).toBe(true);
    // Each card's label, value and previous period print on one page.
    const kpiPage = pages.find((p) => p.includes('Key numbers for Veloxa')) ?? '';
    for (const label of ['MENTION RATE', 'CITATION RATE', 'AVERAGE POSITION', 'SHARE OF VOICE'])
      expect(kpiPage.toUpperCase(), label).toContain(label);
    expect(kpiPage.match(/Previous period:/g)?.length).toBe(4);
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
