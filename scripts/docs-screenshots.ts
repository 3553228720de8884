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
//   docs/images/facts.png          Brands → Facts: the demo brands' discrepancy rates (the Brand
//                                  facts guide's)
//   docs/images/funnel.png         the Funnel view, after a generated server log and GA4 export
//                                  are imported into the copy (the Funnel guide's)
// The renderer is built first when out/renderer is missing (`--build` rebuilds it anyway). Run
// it after a change to the Visibility view, look at the images, and commit them with the change.
// (docs/images/rescore-estimate.png and workspace-sync.png are the e2e suite's own screenshots,
// test-results/rescore-estimate-light.png and workspace-sync-light.png, copied: run those two
// files with PARALLAX_E2E_SCREENSHOTS=1 to save them.)

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
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

/** The paths of Veloxa's pages the demo's answers cite most. */
async function citedPaths(h: {
  core: { services: { visibility(): Promise<{ urls(q: object): { urls: Array<{ url: string }> } }> } };
}): Promise<string[]> {
  const visibility = await h.core.services.visibility();
  const { urls } = visibility.urls({ scope: { kind: 'all' }, period: { days: 30 }, limit: 6 });
  return urls.map((u) => new URL(u.url).pathname);
}

/**
 * A server log (verified GPTBot and PerplexityBot hits, one page refused to PerplexityBot) and a
 * GA4 export (ChatGPT and Perplexity referrals) for the cited pages, imported into the copy with
 * the CLI, so the Funnel view has every step to show.
 */
async function importFunnelSources(dataDir: string, paths: readonly string[]): Promise<void> {
  const day = new Date(Date.now() - 86_400_000);
  const clf = `${String(day.getUTCDate()).padStart(2, '0')}/${day.toLocaleString('en', { month: 'short', timeZone: 'UTC' })}/${day.getUTCFullYear()}:10:00:00 +0000`;
  const line = (ip: string, ua: string, path: string, status: number) =>
    `${ip} - - [${clf}] "GET ${path} HTTP/1.1" ${status} 512 "-" "${ua}"`;
  const gptbot =
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot';
  const perplexity =
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)';
  const browser =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
  const log: string[] = [];
  paths.forEach((path, i) => {
    for (let k = 0; k < 6 - i; k++) log.push(line('20.171.206.17', gptbot, path, 200));
    if (i % 2 === 0) log.push(line('3.224.62.45', perplexity, path, i === 2 ? 403 : 200));
    log.push(line('198.51.100.23', browser, path, 200));
  });
  log.push(line('20.171.206.17', gptbot, '/about-us', 200), line('20.171.206.17', gptbot, '/about-us', 200));
  const ymd = day.toISOString().slice(0, 10).replace(/-/g, '');
  const ga4 = [
    '# Traffic acquisition: Session source / medium',
    'Date,Session source / medium,Landing page + query string,Sessions,Key events',
    ...paths.slice(0, 4).map((p, i) => `${ymd},chatgpt.com / referral,${p},${40 - 8 * i},${4 - i}`),
    `${ymd},perplexity.ai / referral,${paths[0] ?? '/'},12,1`,
    `${ymd},chatgpt.com / referral,/size-guide,9,0`,
  ];
  const db = join(dataDir, 'parallax.db');
  writeFileSync(join(dataDir, 'access.log'), `${log.join('\n')}\n`);
  writeFileSync(join(dataDir, 'ga4.csv'), `${ga4.join('\n')}\n`);
  const cli = (args: string[]) =>
    execFileSync(process.execPath, ['bin/parallax.mjs', ...args, '--db', db], { stdio: 'inherit' });
  cli(['logs', 'import', join(dataDir, 'access.log'), '--site', 'veloxa.com']);
  cli(['outcomes', 'import', 'ga4', join(dataDir, 'ga4.csv'), '--site', 'veloxa.com']);
}

async function main(): Promise<void> {
  if (process.argv.includes('--build') || !existsSync('out/renderer/index.html')) {
    console.log('Building the renderer (electron-vite build)…');
    await build({ logLevel: 'warn' });
  }
  console.log('Opening a copy of the 90-day preview demo (built first if this source version has none)…');
  const h = await startHarness({}, { demo: { days: 90, variant: 'preview' }, fullBrowser: true });
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
    // Facts: the demo brands' sheets are the sandbox's truth; its branded prompt states facts.
    const facts = page.locator('section[aria-labelledby="facts-heading"]');
    await facts.getByRole('table', { name: 'Veloxa: facts' }).waitFor({ timeout: 60_000 });
    await facts.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(300);
    await save(page, 'facts.png');
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
    await importFunnelSources(h.dataDir, await citedPaths(h));
    await openView(page, 'Funnel');
    await page.getByRole('table', { name: 'Funnel by engine' }).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(300);
    await save(page, 'funnel.png');
  } finally {
    await h.close();
  }
}

await main();
