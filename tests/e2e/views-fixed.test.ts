import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { DEMO_BUILD_MS, startHarness, type Harness } from './harness';
import { hoverLowPoint, openFirstSeries, openView } from './support/navigate';
import {
  brokenWords,
  clippedCells,
  frameState,
  hiddenInInnerScroll,
  lastRowVisible,
  linesOf,
  overlap,
  shootBothThemes,
} from './support/layout-checks';

// The views an analyst reads first, at 1280×800 on the 31-day preview demo (every engine, as the
// first-run screen builds it), in light and dark, with what a screenshot alone cannot prove
// measured from the DOM: a key number in the first screen of Visibility, the leaderboard by
// engine inside its card, every brand in the Positioning table, search queries that read as
// phrases, Over time drawing the focus brand and its closest competitors a week a point with its
// tooltip clear of its key and each brand in the colour Visibility gives it, Brands and
// Discovered with no column cut, a table in a Compare column with its words whole, and monitor
// names on one line. Screenshots: test-results/views-fixed-*-{light,dark}.png.

const WINDOW_HEIGHT = 800;

/** Each series' colour in a chart's key, by the name it shows. */
async function legendColors(legend: Locator): Promise<Record<string, string>> {
  return legend.evaluate((ul) =>
    Object.fromEntries(
      [...ul.querySelectorAll('li')].map((li) => [
        (li.textContent ?? '').replace(/focus$/u, '').trim(),
        li.querySelector('line')?.getAttribute('stroke') ?? '',
      ]),
    ),
  );
}

describe('Views at 1280×800 on a 31-day demo, light and dark', () => {
  let h: Harness;
  const pageErrors: string[] = [];

  const open = (view: string): Promise<void> => openView(h.page, view);
  const fitsSideways = async (): Promise<void> => {
    expect((await frameState(h.page)).mainOverflowX).toBe(0);
  };

  beforeAll(async () => {
    h = await startHarness({}, { demo: { days: 31, variant: 'preview' } });
    h.page.on('pageerror', (error) => pageErrors.push(error.message));
    await h.page.getByRole('heading', { level: 1, name: 'Visibility' }).waitFor({ timeout: 60_000 });
    await h.page.getByTestId('kpi-mention').waitFor({ timeout: 60_000 });
  }, DEMO_BUILD_MS);
  afterAll(async () => {
    await h?.close();
  });

  it('Visibility: a key number in the first screen, under the first findings', async () => {
    const { page } = h;
    const card = page.locator('section[aria-labelledby="vis-what-changed-heading"]');
    await expect.poll(() => card.locator('li.what-changed-item').count(), { timeout: 60_000 }).toBe(3);
    await page.evaluate(() => document.querySelector('main')?.scrollTo(0, 0));
    const mention = await page.getByTestId('kpi-mention').boundingBox();
    expect(mention?.y).toBeGreaterThan(0);
    expect((mention?.y ?? Infinity) + (mention?.height ?? 0)).toBeLessThanOrEqual(WINDOW_HEIGHT);
    await shootBothThemes(h, 'views-fixed-visibility-top');
    // The other findings are one click away.
    await card.getByRole('button', { name: /^Show all \d+ findings$/u }).click();
    expect(await card.locator('li.what-changed-item').count()).toBeGreaterThan(3);
    await fitsSideways();
  });

  it('Visibility: the leaderboard by engine fits its card, eight engines side by side', async () => {
    const { page } = h;
    const panel = page.locator('section[aria-labelledby="vis-leaderboard-heading"]');
    await panel.getByRole('button', { name: 'By engine' }).click();
    const board = page.getByRole('table', { name: 'Brand leaderboard by engine: mention rate' });
    await board.waitFor({ timeout: 60_000 });
    expect(await board.getByRole('columnheader').count()).toBe(9);
    const scroller = panel.locator('.vis-engine-board-scroll');
    const fit = await scroller.evaluate((el) => ({ content: el.scrollWidth, box: el.clientWidth }));
    expect(fit.content).toBeLessThanOrEqual(fit.box);
    // The last engine's column ends inside the card.
    const last = await board.getByRole('columnheader').last().boundingBox();
    const card = await panel.boundingBox();
    expect((last?.x ?? Infinity) + (last?.width ?? 0)).toBeLessThanOrEqual(
      (card?.x ?? 0) + (card?.width ?? 0),
    );
    await panel.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shootBothThemes(h, 'views-fixed-by-engine');
    await panel.getByRole('button', { name: 'Overall', exact: true }).click();
    await fitsSideways();
  });

  it('Visibility: the Positioning table shows every brand, the last row drawn', async () => {
    const { page } = h;
    const table = page.getByRole('table', { name: 'Positioning by brand' });
    await table.waitFor({ timeout: 60_000 });
    const reply = await h.core.router.invoke('positioning.summary', {
      scope: { kind: 'all' },
      period: { days: 30 },
      attributeLimit: 6,
    });
    if (!reply.ok) throw new Error(reply.error.message);
    const brands = (reply.value as { leaderboard: unknown[] }).leaderboard.length;
    expect(brands).toBe(6);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(brands);
    // No box of its own that scrolls: every row is in the view's one scroll.
    expect(await hiddenInInnerScroll(table)).toBe(0);
    expect(await lastRowVisible(table)).toBe(true);
    // Each brand's tone line in its colour of Visibility's trend chart.
    const trend = await legendColors(page.getByRole('list', { name: 'Brands in the chart' }));
    const tones = await table
      .locator('tbody tr')
      .evaluateAll((rows) =>
        Object.fromEntries(
          rows.map((row) => [
            row.querySelector('th button')?.textContent ?? '',
            (row.querySelector('.pos-trend') as HTMLElement | null)?.style.color ?? '',
          ]),
        ),
      );
    const asRgb = (hex: string): string =>
      `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    expect(tones).toEqual(Object.fromEntries(Object.entries(trend).map(([n, c]) => [n, asRgb(c)])));
    // An attribute chip is never split over two lines.
    const split: string[] = [];
    for (const chip of await table.locator('.pos-attr').all())
      if ((await linesOf(chip)) > 1) split.push((await chip.textContent()) ?? '');
    expect(split).toEqual([]);
    await page.locator('section[aria-labelledby="vis-positioning-heading"]').evaluate((el) => {
      el.scrollIntoView({ block: 'start' });
    });
    await shootBothThemes(h, 'views-fixed-positioning');
  });

  it("Visibility: the engines' search queries read as phrases, their engines on one line", async () => {
    const { page } = h;
    const table = page.getByRole('table', { name: 'Search queries' });
    await table.waitFor({ timeout: 60_000 });
    await table.scrollIntoViewIfNeeded();
    const queries = table.locator('tbody th button');
    const counted = Math.min(await queries.count(), 10);
    expect(counted).toBeGreaterThan(3);
    const tooTall: string[] = [];
    for (let i = 0; i < counted; i++) {
      const q = queries.nth(i);
      const words = ((await q.textContent()) ?? '').trim().split(/\s+/u).length;
      const lines = await linesOf(q);
      // One word a line was the fault: a query of four words takes two lines at most.
      if (lines > Math.max(1, Math.ceil(words / 2))) tooTall.push(`${await q.textContent()}: ${lines} lines`);
    }
    expect(tooTall).toEqual([]);
    expect(await clippedCells(table, 'td')).toEqual([]);
    await shootBothThemes(h, 'views-fixed-queries');
    await fitsSideways();
  });

  it('Over time: the focus brand and its closest competitors, a week a point, gaps as gaps', async () => {
    const { page } = h;
    const visibilityColors = await legendColors(page.getByRole('list', { name: 'Brands in the chart' }));
    const mention = await openFirstSeries(page);
    // Two answers a day on this series: a point a week, each said to rest on few answers.
    expect(await page.getByTestId('over-time-grain').textContent()).toMatch(/^One point a week/u);
    const legend = mention.getByRole('list', { name: 'Series in the chart' });
    const shown = await legendColors(legend);
    expect(Object.keys(shown)).toHaveLength(4);
    expect(Object.keys(shown)[0]).toBe('Veloxa');
    // Each brand in the colour Visibility's trend gives it.
    for (const [name, color] of Object.entries(shown))
      expect({ name, color }).toEqual({ name, color: visibilityColors[name] });
    await shootBothThemes(h, 'views-fixed-over-time');

    // The tooltip, over a point low in the chart, stays clear of the key under the chart.
    const tooltip = await hoverLowPoint(page, mention, '.chart-tooltip');
    expect(await tooltip.textContent()).toMatch(/^Week of .*n = \d+ answers, few answers/u);
    const [tip, key] = [await tooltip.boundingBox(), await legend.boundingBox()];
    if (!tip || !key) throw new Error('no tooltip or key');
    expect(overlap(tip, key)).toBe(false);
    await shootBothThemes(h, 'views-fixed-over-time-tooltip');
    await page.mouse.move(5, 5);

    // A line breaks where its brand has no point: as many pieces as runs of points in the table.
    const position = page.getByRole('figure', { name: 'Average position among brands' });
    const pieces = await position
      .locator('path.recharts-line-curve')
      .evaluateAll((paths) => paths.map((p) => ((p.getAttribute('d') ?? '').match(/M/gu) ?? []).length));
    await position.getByRole('button', { name: 'Table' }).click();
    const runs = await position.getByRole('table').evaluate((table) => {
      const rows = [...table.querySelectorAll('tbody tr')].map((tr) =>
        [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent !== '—'),
      );
      const series = rows[0]?.length ?? 0;
      return Array.from({ length: series }, (_, s) =>
        rows.reduce((n, row, i) => n + (row[s] && !(i > 0 && rows[i - 1]?.[s]) ? 1 : 0), 0),
      );
    });
    expect(pieces).toEqual(runs);
    await position.getByRole('button', { name: 'Chart' }).click();

    // Every brand on demand, and back.
    await page.getByRole('button', { name: 'Show all 6', exact: true }).click();
    expect(Object.keys(await legendColors(legend))).toHaveLength(6);
    await page.getByRole('button', { name: 'Closest competitors only' }).click();
    await fitsSideways();
    expect(pageErrors).toEqual([]);
  });

  it('Brands and Discovered: no column cut', async () => {
    const { page } = h;
    await open('Brands');
    const brands = page.getByRole('table', { name: 'Brands' });
    await brands.waitFor({ timeout: 30_000 });
    expect(await clippedCells(brands, 'td, th')).toEqual([]);
    const discovered = page.getByRole('region', { name: 'Discovered' });
    await expect
      .poll(() => discovered.getByTestId('discovery-row').count(), { timeout: 60_000 })
      .toBeGreaterThan(3);
    await discovered.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    expect(await clippedCells(discovered, '.discovery-row > span')).toEqual([]);
    await shootBothThemes(h, 'views-fixed-discovered');
    await fitsSideways();
  });

  it('Compare: a table in an answer column keeps its words whole and scrolls in its box', async () => {
    const { page } = h;
    await open('Visibility');
    await page.getByTestId('kpi-mention').click({ timeout: 60_000 });
    await page.getByRole('heading', { level: 1, name: 'Compare' }).waitFor();
    const table = page.locator('.answer-column .markdown table').first();
    await table.waitFor({ timeout: 30_000 });
    await table.scrollIntoViewIfNeeded();
    expect(await brokenWords(table, 'td, th')).toEqual([]);
    // Wider than the column, it scrolls in a box of its own, inside the column.
    const box = table.locator('xpath=..');
    const fit = await box.evaluate((el: HTMLElement) => ({
      overflow: getComputedStyle(el).overflowX,
      inColumn:
        el.getBoundingClientRect().right <=
        (el.closest('.answer-column')?.getBoundingClientRect().right ?? 0) + 1,
    }));
    expect(fit).toEqual({ overflow: 'auto', inColumn: true });
    await shootBothThemes(h, 'views-fixed-compare-table');
  });

  it('Monitors: each name on one line', async () => {
    const { page } = h;
    await open('Monitors');
    const cells = page.getByRole('table', { name: 'Monitors' }).locator('tbody tr td:first-child');
    await expect.poll(() => cells.count(), { timeout: 30_000 }).toBe(3);
    // The name is the cell's first line; its prompts and places follow under it.
    const lines = await cells.evaluateAll((tds) =>
      tds.map((td) => {
        const range = document.createRange();
        range.selectNode(td.firstChild as Node);
        const bottoms = [...range.getClientRects()]
          .filter((r) => r.width > 0)
          .map((r) => Math.round(r.bottom));
        return `${range.toString().trim()}: ${new Set(bottoms).size}`;
      }),
    );
    expect(lines).toEqual(lines.map((l) => l.replace(/\d+$/u, '1')));
    await shootBothThemes(h, 'views-fixed-monitors');
    await fitsSideways();
    expect(pageErrors).toEqual([]);
  });
});
