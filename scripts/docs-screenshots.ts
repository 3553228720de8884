// The screenshots of the docs, made from the real app: `npx tsx scripts/docs-screenshots.ts`.
// It drives the production renderer in headless Chromium through the end-to-end harness
// (tests/e2e/harness.ts: the real core behind the same IPC contract) on a copy of the 90-day
// PREVIEW demo history, the one the first-run screen builds by default (every engine side by
// side; 90 days, so the last 30 have a previous period to be compared with): the e2e suite's
// shared template (tests/support/demo-history.ts), built once per source version, so this costs
// seconds when the suite has run, a few minutes of CPU otherwise. It saves, light theme, 1280×800:
//   docs/images/visibility.png     Visibility's key numbers and leaderboard (the README's and the
//                                  Visibility guide's)
//   docs/images/visibility-heatmap.png  the heatmap, every engine side by side (the guide's)
//   docs/images/visibility-by-engine.png  the leaderboard By engine (the guide's)
//   docs/images/what-changed.png   the top of Visibility: its filters and What changed (the What
//                                  changed guide's)
//   docs/images/positioning.png    the Positioning panel, every brand (the Positioning guide's)
//   docs/images/prompts.png        the Prompts panel, one row a prompt (the Visibility guide's)
//   docs/images/over-time.png      Over time on the first series, the tooltip on a point (the
//                                  Compare guide's)
//   docs/images/discovery.png      Brands → Discovered (the Discovery guide's)
//   docs/images/commerce.png       the Commerce view's key numbers and shelf per brand (the
//                                  Commerce guide's)
// The renderer is built first when out/renderer is missing (`--build` rebuilds it anyway). Run
// it after a change to the Visibility view, look at the images, and commit them with the change.
// (docs/images/rescore-estimate.png and workspace-sync.png are the e2e suite's own screenshots,
// test-results/rescore-estimate-light.png and workspace-sync-light.png, copied: run those two
// files with PARALLAX_E2E_SCREENSHOTS=1 to save them.)

import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { build } from 'electron-vite';
import { startHarness } from '../tests/e2e/harness';
import { hoverLowPoint, openFirstSeries, openView } from '../tests/e2e/support/navigate';

const OUT = resolve('docs', 'images');
const MAX_BYTES = 300 * 1024;

async function save(page: Page, name: string): Promise<void> {
  const path = join(OUT, name);
  await page.screenshot({ path, fullPage: false });
  const bytes = statSync(path).size;
  console.log(`${path}: ${(bytes / 1024).toFixed(0)} KB`);
  if (bytes > MAX_BYTES) throw new Error(`${path} is over ${MAX_BYTES / 1024} KB: keep the docs light`);
}

async function main(): Promise<void> {
  if (process.argv.includes('--build') || !existsSync('out/renderer/index.html')) {
    console.log('Building the renderer (electron-vite build)…');
    await build({ logLevel: 'warn' });
  }
  console.log('Opening a copy of the 90-day preview demo (built first if this source version has none)…');
  const h = await startHarness({}, { demo: { days: 90, variant: 'preview' } });
  try {
    const { page } = h;
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('heading', { level: 1, name: 'Visibility' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('kpi-mention').waitFor({ timeout: 60_000 });
    await page.getByRole('figure', { name: /Mention rate per day, with 95 % intervals/ }).waitFor();
    const kpis = page.getByRole('list', { name: /Key numbers for/ });
    await kpis.filter({ hasText: 'vs previous period' }).waitFor({ timeout: 60_000 });
    // The key numbers and the leaderboard at the top of the window (What changed sits above them).
    await page.getByRole('heading', { level: 2, name: 'Key numbers' }).evaluate((el) => {
      el.closest('section')?.scrollIntoView({ block: 'start' });
    });
    // The chart's entry animation.
    await page.waitForTimeout(800);
    mkdirSync(OUT, { recursive: true });
    await save(page, 'visibility.png');

    // Every engine side by side: the heatmap, with the trend's key above it.
    const heatmap = page.getByRole('table', { name: /by location and engine/ });
    await heatmap.waitFor({ timeout: 60_000 });
    await heatmap.evaluate((el) => el.closest('section')?.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(500);
    await save(page, 'visibility-heatmap.png');

    // The leaderboard by engine: each brand's mention rate on every engine, side by side.
    const leaderboard = page.locator('section[aria-labelledby="vis-leaderboard-heading"]');
    await leaderboard.getByRole('button', { name: 'By engine' }).click();
    await page.getByRole('table', { name: /^Brand leaderboard by engine/ }).waitFor({ timeout: 60_000 });
    await leaderboard.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(300);
    await save(page, 'visibility-by-engine.png');
    await leaderboard.getByRole('button', { name: 'Overall', exact: true }).click();

    await page.evaluate(() => document.querySelector('main')?.scrollTo(0, 0));
    const card = page.locator('section[aria-labelledby="vis-what-changed-heading"]');
    await card.getByRole('heading', { level: 2, name: 'What changed' }).waitFor({ timeout: 60_000 });
    // The findings (or the sentence saying none is significant) have loaded.
    await page.waitForFunction(
      () =>
        (document.querySelector('[aria-labelledby="vis-what-changed-heading"]')?.textContent ?? '').length >
        80,
      undefined,
      { timeout: 60_000 },
    );
    await card.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await save(page, 'what-changed.png');

    await page.getByRole('table', { name: 'Positioning by brand' }).waitFor({ timeout: 60_000 });
    await page.locator('section[aria-labelledby="vis-positioning-heading"]').evaluate((el) => {
      el.scrollIntoView({ block: 'start' });
    });
    await page.waitForTimeout(300);
    await save(page, 'positioning.png');

    const prompts = page.getByRole('table', { name: 'Prompts', exact: true });
    await prompts.waitFor({ timeout: 60_000 });
    await prompts.evaluate((el) => el.closest('section')?.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(300);
    await save(page, 'prompts.png');

    const mention = await openFirstSeries(page);
    await hoverLowPoint(page, mention, '.chart-tooltip');
    await save(page, 'over-time.png');
    await page.mouse.move(5, 5);

    await openView(page, 'Brands');
    const discovered = page.getByRole('region', { name: 'Discovered' });
    await discovered.getByTestId('discovery-row').first().waitFor({ timeout: 60_000 });
    await discovered.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(300);
    await save(page, 'discovery.png');
    // Commerce: its key numbers and the shelf per brand, your brand first.
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /^Commerce/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Commerce' }).waitFor();
    await page.getByRole('table', { name: 'Shelf and ads per brand' }).waitFor({ timeout: 60_000 });
    await page.evaluate(() => document.querySelector('main')?.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await save(page, 'commerce.png');
  } finally {
    await h.close();
  }
}

await main();
