// The screenshots of the docs, made from the real app: `npx tsx scripts/docs-screenshots.ts`.
// It drives the production renderer in headless Chromium through the end-to-end harness
// (tests/e2e/harness.ts: the real core behind the same IPC contract), loads a 90-day demo history
// from the first-run screen as a new user would (90 days, so the last 30 have a previous period to
// be compared with), and saves what the README shows:
//   docs/images/visibility.png   Visibility, light theme, 1280×800
// The renderer is built first when out/renderer is missing (`--build` rebuilds it anyway). Run
// it after a change to the Visibility view, look at the image, and commit it with the change.

import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'electron-vite';
import { startHarness } from '../tests/e2e/harness';

const OUT = resolve('docs', 'images');
const MAX_BYTES = 300 * 1024;

async function main(): Promise<void> {
  if (process.argv.includes('--build') || !existsSync('out/renderer/index.html')) {
    console.log('Building the renderer (electron-vite build)…');
    await build({ logLevel: 'warn' });
  }
  const h = await startHarness();
  try {
    const { page } = h;
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('radio', { name: '90 days' }).check();
    await page.getByRole('button', { name: 'Load a demo history' }).click();
    console.log('Building a 90-day demo history (a minute or two)…');
    await page.getByRole('heading', { level: 1, name: 'Visibility' }).waitFor({ timeout: 600_000 });
    await page.getByTestId('kpi-mention').waitFor({ timeout: 60_000 });
    // The build's notification would cover part of the view.
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await page.getByRole('figure', { name: /Mention rate per day, with 95 % intervals/ }).waitFor();
    const kpis = page.getByRole('list', { name: /Key numbers for/ });
    await kpis.filter({ hasText: 'vs previous period' }).waitFor({ timeout: 60_000 });
    await page.evaluate(() => document.querySelector('main')?.scrollTo(0, 0));
    // The chart's entry animation.
    await page.waitForTimeout(800);
    mkdirSync(OUT, { recursive: true });
    const path = join(OUT, 'visibility.png');
    await page.screenshot({ path, fullPage: false });
    const bytes = statSync(path).size;
    console.log(`${path}: ${(bytes / 1024).toFixed(0)} KB`);
    if (bytes > MAX_BYTES) throw new Error(`${path} is over ${MAX_BYTES / 1024} KB: keep the docs light`);
  } finally {
    await h.close();
  }
}

await main();
