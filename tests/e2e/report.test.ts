import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BUILD_MS, shoot, startHarness, type Harness } from './harness';
import { statusDaysInPeriod } from '../support/demo-days';
import { demoStatusOf, PREVIEW_ENGINE_LABELS } from './support/preview-demo';

// A client report end to end: a demo history (a copy of the e2e suite's 31-day one built once per run
// by the real run engine, tests/support/demo-history.ts: the preview, every engine), a 30-day "Client report…"
// on a monitor's row in the app writes the HTML file (through the save dialog's stand-in), and
// the file opens in Chromium with JavaScript disabled: everything is there without a script, no
// request leaves the page, no CSP violation. Screenshots: test-results/report-form-light.png (the
// form on the monitor's row) and report-light*.png (the report).

describe('client report, end to end', () => {
  let h: Harness;
  let reportPath = '';

  beforeAll(async () => {
    h = await startHarness({}, { demo: { days: 31, variant: 'preview' } });
  }, DEMO_BUILD_MS);
  afterAll(async () => {
    await h?.close();
  });

  it('writes the report from the Monitors view and names the file in a toast', async () => {
    const { page } = h;
    await page.getByRole('heading', { level: 1, name: 'Visibility' }).waitFor({ timeout: 30_000 });
    await page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: /^Monitors/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Monitors' }).waitFor();
    await page.getByRole('button', { name: 'Client report: Demo · Buying guides' }).click();
    const form = page.getByRole('dialog', { name: 'Client report: Demo · Buying guides' });
    await form.getByLabel('Period').selectOption('30');
    await h.screenshot('report-form-light');
    await form.getByRole('button', { name: 'Save report…' }).click();
    const toast = page.getByText(/^Client report for Demo · Buying guides \(.+\) saved: /);
    await toast.waitFor({ timeout: 60_000 });
    reportPath = h.saved.at(-1) ?? '';
    expect(reportPath).toMatch(/demo-buying-guides-\d{4}-\d\d-\d\d\.html$/);
    // The notice names the file, never its folder (a temp path means nothing to the analyst).
    const shownText = (await toast.textContent()) ?? '';
    expect(shownText).toContain(basename(reportPath));
    expect(shownText).not.toContain(dirname(reportPath));
    await page.getByRole('button', { name: 'Show in folder' }).waitFor();
    await expect.poll(() => form.count()).toBe(0);

    // Visibility offers it once its scope is a monitor.
    await page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: /^Visibility/ })
      .click();
    const visibilityButton = page.getByRole('button', { name: 'Client report: Demo · Buying guides' });
    await expect(visibilityButton.count()).resolves.toBe(0);
    await page.getByLabel('Scope').selectOption({ label: 'Demo · Buying guides' });
    await visibilityButton.waitFor();
  }, 400_000);

  it('opens offline in Chromium with JavaScript off: all sections, no request, no CSP violation', async () => {
    const browser = h.page.context().browser();
    if (!browser) throw new Error('no browser');
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 800 },
    });
    try {
      const page = await context.newPage();
      const requests: string[] = [];
      const console: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      page.on('console', (m) => console.push(m.text()));
      const url = pathToFileURL(reportPath).href;
      // The demo's days in the report's 30, from the demo's record (not the clock: see demo-days.ts).
      const days = statusDaysInPeriod(await demoStatusOf(h), 30);
      await page.goto(url);
      await page.getByRole('heading', { level: 1, name: 'Veloxa · Visibility in AI answers' }).waitFor();
      for (const name of [
        /^Summary/,
        /^Key numbers for Veloxa/,
        /^How the answers present Veloxa and its competitors/,
        /^Trend per day for Veloxa and its closest competitors/,
        /^Share of voice/,
        /^Where Veloxa is named/,
        /^Brands and competitors/,
        /^Top cited sources/,
        /^Citation gaps/,
        /^Veloxa's own cited pages/,
        /^Changes noticed after each run/,
        /^The answers behind the findings/,
        /^Tracked questions/,
        /^How this report was made/,
        /^How to read this report/,
      ])
        await expect(page.getByRole('heading', { level: 2, name }).isVisible()).resolves.toBe(true);
      await expect(page.locator('#trend svg.chart').count()).resolves.toBe(4);
      await expect(page.locator('#share-of-voice svg.chart').count()).resolves.toBe(1);
      await expect(
        page
          .getByRole('img', {
            name: new RegExp(`^Mention rate, per day, for Veloxa, .+: ${days} of 30 days with answers`),
          })
          .isVisible(),
      ).resolves.toBe(true);
      await expect(page.locator('[data-kpi="mentionRate"] .kpi-value').textContent()).resolves.toMatch(
        /^\d+\.\d %$/,
      );
      expect(await page.locator('text=synthetic answers from the Parallax sandbox').count()).toBe(1);
      // The page is the only thing loaded; the CSP had nothing to refuse.
      expect(requests).toEqual([url]);
      expect(console.filter((c) => /Content Security Policy|Refused/i.test(c))).toEqual([]);
      expect(readFileSync(reportPath, 'utf8')).not.toMatch(/<script|<img|<link/i);
      await shoot(page, 'report-light');
      await page.getByRole('heading', { level: 2, name: /^Where Veloxa is named/ }).scrollIntoViewIfNeeded();
      await shoot(page, 'report-light-heatmap');
      // Every engine of the demo down the page, its two places across: nothing runs off its side.
      await expect(page.locator('#heatmap tbody th').allTextContents()).resolves.toEqual([
        ...PREVIEW_ENGINE_LABELS,
      ]);
      await expect(
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).resolves.toBe(0);
      await page
        .getByRole('heading', { level: 2, name: /^The answers behind the findings/ })
        .scrollIntoViewIfNeeded();
      await shoot(page, 'report-light-answers');
    } finally {
      await context.close();
    }
  });
});
