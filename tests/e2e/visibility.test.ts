import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BUILD_MS, startHarness, type Harness } from './harness';
import { DEMO_ENGINES } from '../../src/main/demo/plan';
import { demoDaysInPeriod } from '../support/demo-days';

// The home view on a real 90-day demo history (built by the real run engine against the
// sandbox, once per run: a copy of the shared template, tests/support/demo-history.ts; the
// first-run screen's "Load a demo history" has its own test in alerts.test.ts): Visibility with
// KPIs, trend, heatmap, leaderboard and sources → a heatmap cell opens exactly the answers
// behind it in Compare. Screenshots in light and dark at 1280×800 land in test-results/.

describe('Visibility on a 90-day demo history, end to end', () => {
  let h: Harness;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    h = await startHarness({}, { demo: { days: 90 } });
    h.page.on('pageerror', (error) => pageErrors.push(error.message));
  }, DEMO_BUILD_MS);
  afterAll(async () => {
    await h?.close();
  });

  it('opens a history holding a 90-day demo on Visibility, labelled synthetic', async () => {
    const { page } = h;
    await page.getByRole('heading', { level: 1, name: 'Visibility' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('kpi-mention').waitFor({ timeout: 30_000 });

    const status = await h.core.router.invoke('demo.status', {});
    expect(status).toMatchObject({ ok: true, value: { present: true, days: 90 } });
    await expect(page.getByRole('note').first().textContent()).resolves.toMatch(/synthetic/i);
  });

  /** Screenshots of the view's top and of the trend and sources further down, in one theme. */
  async function screenshots(theme: 'light' | 'dark'): Promise<void> {
    const { page } = h;
    await page.emulateMedia({ colorScheme: theme });
    await page.evaluate(() => document.querySelector('main')?.scrollTo(0, 0));
    await page.waitForTimeout(300); // the chart's entry animation and the theme's repaint
    await h.screenshot(`visibility-demo-30d-${theme}`);
    await page.getByRole('heading', { level: 2, name: 'Mention rate over time' }).scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await h.screenshot(`visibility-demo-30d-trend-${theme}`);
    await page.getByRole('heading', { level: 2, name: 'Cited domains' }).scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await h.screenshot(`visibility-demo-30d-sources-${theme}`);
  }

  it('shows the last 30 days against the 30 before, with intervals and significance', async () => {
    const { page } = h;
    const kpis = page.getByRole('list', { name: 'Key numbers for Veloxa' });
    await expect.poll(() => kpis.textContent(), { timeout: 30_000 }).toMatch(/vs previous period/);
    // Every KPI carries its interval and sample size.
    const mention = await page.getByTestId('kpi-mention').textContent();
    expect(mention).toMatch(/\d+(\.\d+)? % \(\d+(\.\d+)?–\d+(\.\d+)? %\)/);
    expect(mention).toMatch(/n = [\d,]+ answers/);
    await page.getByRole('figure', { name: /Mention rate per day, with 95 % intervals/ }).waitFor();
    await screenshots('light');
    await screenshots('dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('covers the whole 90 days: competitors, heatmap, sources and gaps', async () => {
    const { page } = h;
    await page.getByLabel('Period').selectOption('90');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Visibility' }).locator('..').textContent(), {
        timeout: 30_000,
      })
      .toMatch(new RegExp(`${(240 * demoDaysInPeriod(90, 90)).toLocaleString('en-US')} answers`));
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
    // Six locations (five countries and a US state) by the demo's engines.
    await expect.poll(() => heatmap.locator('tbody tr').count(), { timeout: 30_000 }).toBe(6);
    await expect(heatmap.getByRole('button').count()).resolves.toBe(6 * DEMO_ENGINES.length);
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
});
