import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BUILD_MS, SHOT_THEMES, startHarness, type Harness } from './harness';
import { statusDaysInPeriod } from '../support/demo-days';
import {
  answersText,
  demoStatusOf,
  PREVIEW_ANSWERS_PER_DAY,
  PREVIEW_ENGINE_LABELS,
  PREVIEW_LOCATIONS,
} from './support/preview-demo';

// The home view on a real demo history, the preview the first-run screen builds (every engine;
// built by the real run engine against the sandbox, once per run: a copy of the e2e suite's shared
// 31-day template, tests/support/demo-history.ts; the first-run screen's "Load a demo history"
// has its own test in first-run-demo.test.ts): Visibility with KPIs, trend, heatmap (every engine
// side by side), leaderboard and sources → a heatmap cell opens exactly the answers behind it in
// Compare. The last 7 days against the 7 before (both inside the demo), then "Last 90 days", which
// counts every answer of the demo where 7 days count a quarter of them: the period filters.
// Screenshots in light and dark at 1280×800 land in test-results/.

const DAYS = 31;

describe('Visibility on a 31-day demo history, end to end', () => {
  let h: Harness;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    h = await startHarness({}, { demo: { days: 31, variant: 'preview' } });
    h.page.on('pageerror', (error) => pageErrors.push(error.message));
  }, DEMO_BUILD_MS);
  afterAll(async () => {
    await h?.close();
  });

  it('opens a history holding a 31-day demo on Visibility, labelled synthetic', async () => {
    const { page } = h;
    await page.getByRole('heading', { level: 1, name: 'Visibility' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('kpi-mention').waitFor({ timeout: 30_000 });

    const status = await demoStatusOf(h);
    expect(status).toMatchObject({ present: true, days: DAYS, variant: 'preview', runs: DAYS * 3 });
    // What the plan asks a day, every day: no engine, place or repeat missing.
    expect(status.results).toBe(DAYS * PREVIEW_ANSWERS_PER_DAY);
    await expect(page.getByRole('note').first().textContent()).resolves.toMatch(/synthetic/i);
  });

  /** Screenshots of the view's top and of the trend and sources further down, in one theme. */
  async function screenshots(theme: 'light' | 'dark'): Promise<void> {
    const { page } = h;
    await page.emulateMedia({ colorScheme: theme });
    await page.evaluate(() => document.querySelector('main')?.scrollTo(0, 0));
    await h.screenshot(`visibility-demo-30d-${theme}`, { settleMs: 300 });
    await page.getByRole('heading', { level: 2, name: 'Mention rate over time' }).scrollIntoViewIfNeeded();
    await h.screenshot(`visibility-demo-30d-trend-${theme}`, { settleMs: 300 });
    await page.getByRole('heading', { level: 2, name: 'Cited domains' }).scrollIntoViewIfNeeded();
    await h.screenshot(`visibility-demo-30d-sources-${theme}`, { settleMs: 300 });
  }

  /** The answer count under the view's title (the period's answers, as the views write it). */
  const countShown = (): Promise<string | null> =>
    h.page.getByRole('heading', { level: 1, name: 'Visibility' }).locator('..').textContent();

  it('shows the last 7 days against the 7 before, with intervals and significance', async () => {
    const { page } = h;
    await page.getByLabel('Period').selectOption('7');
    await expect
      .poll(countShown, { timeout: 30_000 })
      .toContain(answersText(PREVIEW_ANSWERS_PER_DAY * statusDaysInPeriod(await demoStatusOf(h), 7)));
    const kpis = page.getByRole('list', { name: 'Key numbers for Veloxa' });
    await expect.poll(() => kpis.textContent(), { timeout: 30_000 }).toMatch(/vs previous period/);
    // Every KPI carries its interval and sample size.
    const mention = await page.getByTestId('kpi-mention').textContent();
    expect(mention).toMatch(/\d+(\.\d+)? % \(\d+(\.\d+)?–\d+(\.\d+)? %\)/);
    expect(mention).toMatch(/n = [\d,]+ answers/);
    await page.getByRole('figure', { name: /Mention rate per day, with 95 % intervals/ }).waitFor();
    for (const theme of SHOT_THEMES) await screenshots(theme);
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('covers the whole demo over 90 days: competitors, heatmap, sources and gaps', async () => {
    const { page } = h;
    await page.getByLabel('Period').selectOption('90');
    const status = await demoStatusOf(h);
    // Every answer of the demo, against a quarter of them over the 7 days above.
    expect(statusDaysInPeriod(status, 90)).toBeGreaterThan(statusDaysInPeriod(status, 7) * 4);
    await expect
      .poll(countShown, { timeout: 30_000 })
      .toContain(answersText(PREVIEW_ANSWERS_PER_DAY * statusDaysInPeriod(status, 90)));
    const leaderboard = page.getByRole('table', { name: 'Brand leaderboard' });
    for (const competitor of ['Pacer & Co', 'Fleetfoot', 'Norrun', 'Cadence', 'Stridewell']) {
      await expect.poll(() => leaderboard.textContent(), { timeout: 30_000 }).toContain(competitor);
    }
    await expect
      .poll(() => page.getByRole('table', { name: 'Cited domains' }).locator('tbody tr').count(), {
        timeout: 30_000,
      })
      .toBeGreaterThan(3);
    await expect
      .poll(() => page.getByRole('table', { name: 'Citation gaps' }).locator('tbody tr').count(), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    const heatmap = page.getByRole('table', { name: /Mention rate of Veloxa by location and engine/ });
    // Its places by every engine, side by side, each under the label the views use.
    await expect.poll(() => heatmap.locator('tbody tr').count(), { timeout: 30_000 }).toBe(PREVIEW_LOCATIONS);
    await expect(heatmap.locator('thead th').allTextContents()).resolves.toEqual([
      'Location',
      ...PREVIEW_ENGINE_LABELS,
    ]);
    await expect(heatmap.getByRole('button').count()).resolves.toBe(
      PREVIEW_LOCATIONS * PREVIEW_ENGINE_LABELS.length,
    );
    // With every engine, the heatmap's card takes the view's whole width (not half of it).
    const card = page.locator('section[aria-labelledby="vis-heatmap-heading"]');
    const [cardBox, main] = await Promise.all([card.boundingBox(), page.locator('main').boundingBox()]);
    expect(cardBox?.width ?? 0).toBeGreaterThan((main?.width ?? 0) * 0.8);
    await heatmap.scrollIntoViewIfNeeded();
    for (const theme of SHOT_THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await h.screenshot(`visibility-demo-90d-heatmap-${theme}`, { settleMs: 300 });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('opens the answers behind a heatmap cell in Compare', async () => {
    const { page } = h;
    const cell = page
      .getByRole('table', { name: /Mention rate of Veloxa by location and engine/ })
      .getByRole('button', { name: /DE.*Open the answers/ })
      .first();
    await cell.click();
    await page.getByRole('heading', { level: 1, name: 'Compare' }).waitFor();
    await expect(
      page
        .getByText(/Showing \d+ of [\d,]+ answers/)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await h.screenshot('visibility-drill-compare');
    expect(pageErrors).toEqual([]);
  });

  it('puts every engine side by side in Compare, one column each', async () => {
    const { page } = h;
    await page.getByRole('button', { name: 'Close result set' }).click();
    await page.getByLabel('Columns by').selectOption('engine');
    const columns = page.locator('article.answer-column h3');
    await expect
      .poll(() => columns.allTextContents(), { timeout: 30_000 })
      .toEqual([...PREVIEW_ENGINE_LABELS]);
    for (const theme of SHOT_THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await h.screenshot(`compare-engines-${theme}`, { settleMs: 300 });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    expect(pageErrors).toEqual([]);
  });
});
