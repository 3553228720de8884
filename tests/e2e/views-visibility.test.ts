import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BUILD_MS, startHarness, type Harness } from './harness';
import {
  frameState,
  lastRowVisible,
  shootBothThemes,
  wrappedBadges,
  wrappedFigures,
} from './support/layout-checks';
import { seriousInBothThemes } from './axe';
import { readChart, tickNumber } from './support/chart-checks';

// The app frame and the Visibility view at 1280×800 on a 31-day demo (a copy of the e2e suite's
// shared template, tests/support/demo-history.ts: the preview, every engine, as the first-run
// screen builds it), as an analyst reads them, in light and dark:
// the frame never scrolls (the wheel over the sidebar once scrolled the whole page, 2,854 px
// in an 800 px window, and left it blank), nothing sticks out sideways, the leaderboard's
// figures and pills stay on one line, the citation gaps card shows its last row.
// Screenshots: test-results/views-visibility-*.png.

describe('Visibility at 1280×800 on a 31-day demo', () => {
  let h: Harness;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    h = await startHarness({}, { demo: { days: 31, variant: 'preview' } });
    h.page.on('pageerror', (error) => pageErrors.push(error.message));
    await h.page.getByRole('heading', { level: 1, name: 'Visibility' }).waitFor({ timeout: 60_000 });
    await h.page.getByTestId('kpi-mention').waitFor({ timeout: 60_000 });
  }, DEMO_BUILD_MS);
  afterAll(async () => {
    await h?.close();
  });

  it('never scrolls the frame: the wheel over the sidebar leaves the window where it was', async () => {
    const { page } = h;
    await page.getByRole('table', { name: 'Cited domains' }).waitFor({ timeout: 60_000 });
    const sidebar = await page.getByRole('navigation', { name: 'Views' }).boundingBox();
    if (!sidebar) throw new Error('no sidebar');
    const heading = await page.getByRole('heading', { level: 1, name: 'Visibility' }).boundingBox();
    await page.mouse.move(sidebar.x + sidebar.width / 2, sidebar.y + sidebar.height - 40);
    for (let i = 0; i < 10; i++) await page.mouse.wheel(0, 600);
    await page.waitForTimeout(300);
    const frame = await frameState(page);
    expect(frame.scrollY).toBe(0);
    expect(frame.pageHeight).toBe(frame.windowHeight);
    // The sidebar and the view's title are still where they were.
    expect((await page.getByRole('navigation', { name: 'Views' }).boundingBox())?.y).toBe(sidebar.y);
    expect((await page.getByRole('heading', { level: 1, name: 'Visibility' }).boundingBox())?.y).toBe(
      heading?.y,
    );
    await shootBothThemes(h, 'views-frame-after-sidebar-wheel');

    // The Alerts entry's unread count (three digits on this demo) and its shortcut hint, side
    // by side inside the entry: neither overlaps the other nor sticks out of the sidebar.
    const alerts = page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: /^Alerts/ });
    const boxes = await alerts.evaluate((button) => {
      const box = (el: Element | null) => {
        const r = el?.getBoundingClientRect();
        return r ? { left: r.left, right: r.right, top: r.top, bottom: r.bottom } : null;
      };
      const kbd = button.querySelector('kbd');
      const badge = [...button.children].find(
        (el) => el.tagName !== 'KBD' && /^\d/.test(el.textContent ?? ''),
      );
      return {
        badge: box(badge ?? null),
        kbd: box(kbd),
        button: box(button),
        count: badge?.textContent ?? '',
      };
    });
    expect(boxes.count).toMatch(/^\d{3}/);
    if (!boxes.badge || !boxes.kbd || !boxes.button) throw new Error('no unread badge or shortcut hint');
    expect(boxes.badge.right).toBeLessThanOrEqual(boxes.kbd.left);
    expect(boxes.kbd.right).toBeLessThanOrEqual(boxes.button.right);

    // The wheel over the main pane scrolls the pane, and only the pane.
    await page.mouse.move(700, 500);
    await page.mouse.wheel(0, 900);
    await expect
      .poll(() => page.evaluate(() => document.querySelector('main')?.scrollTop ?? 0))
      .toBeGreaterThan(0);
    expect((await frameState(page)).scrollY).toBe(0);
    await page.evaluate(() => document.querySelector('main')?.scrollTo(0, 0));
  });

  it('reads at a glance over 90 days: figures and pills on one line, every gaps row drawn', async () => {
    const { page } = h;
    // Every answer of the demo: the largest figures it makes. A 90-day demo's are a digit longer;
    // what keeps a figure on one line is its style (nowrap), not its length.
    await page.getByLabel('Period').selectOption('90');
    const leaderboard = page.getByRole('table', { name: 'Brand leaderboard' });
    await expect.poll(() => leaderboard.textContent(), { timeout: 60_000 }).toContain('Fleetfoot');
    const gaps = page.getByRole('table', { name: 'Citation gaps' });
    await expect.poll(() => gaps.locator('tbody tr').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    await page.evaluate(() => document.querySelector('main')?.scrollTo(0, 0));
    await shootBothThemes(h, 'views-visibility-90d');

    // The gaps card shows the last row it lists (it once sat in a box that cut it off).
    expect(await lastRowVisible(gaps)).toBe(true);
    await shootBothThemes(h, 'views-visibility-90d-gaps');
    // "24 % (23–25 %)" and "n = 7,200" never break; a pill never drops below its brand.
    expect(await wrappedFigures(leaderboard)).toEqual([]);
    expect(await wrappedBadges(leaderboard)).toEqual([]);
    // In the gaps card a long pill ("cites Veloxa elsewhere") may sit on its own line under the
    // domain when the card is half the width, but is never broken itself.
    expect((await wrappedBadges(gaps)).filter((w) => w.endsWith('(broken over lines)'))).toEqual([]);
    await page.getByRole('table', { name: 'Cited domains' }).scrollIntoViewIfNeeded();
    await shootBothThemes(h, 'views-visibility-90d-sources');

    const frame = await frameState(page);
    expect(frame.mainOverflowX).toBe(0);
    expect(frame.scrollY).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('the leaderboard by engine: every engine side by side in its card, headers sticky, by keyboard', async () => {
    const { page } = h;
    const panel = page.locator('section[aria-labelledby="vis-leaderboard-heading"]');
    await panel.scrollIntoViewIfNeeded();
    // The toggle and the sort work from the keyboard.
    await panel.getByRole('button', { name: 'By engine' }).focus();
    await page.keyboard.press('Enter');
    const board = page.getByRole('table', { name: 'Brand leaderboard by engine: mention rate' });
    await board.waitFor({ timeout: 60_000 });
    const heads = await board.getByRole('columnheader').allTextContents();
    expect(heads[0]).toBe('Brand');
    expect(heads.length).toBe(9); // the preview demo's eight engines
    expect(await board.getByRole('rowheader').count()).toBe(6);
    const focusRow = board.locator('tr.vis-focus-row');
    expect(await focusRow.count()).toBe(1);
    expect(await wrappedFigures(board)).toEqual([]);
    // Every cell says its n (a number, its interval above it).
    const cells = await board.locator('td').allTextContents();
    expect(cells.filter((c) => !/n = [\d,]+/u.test(c) && c.trim() !== '—')).toEqual([]);
    await panel.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shootBothThemes(h, 'views-visibility-by-engine');
    // axe-core on the card, light and dark: no serious or critical finding.
    expect(await seriousInBothThemes(page, ['section[aria-labelledby="vis-leaderboard-heading"]'])).toEqual(
      {},
    );

    // Eight engines scroll sideways inside the card, never the pane; the brand column stays.
    const scroller = panel.locator('.vis-table-scroll');
    const brandLeft = async () => (await focusRow.locator('th').boundingBox())?.x ?? NaN;
    const before = await brandLeft();
    const scrolled = await scroller.evaluate((el) => {
      el.scrollTo({ left: 400 });
      return { left: el.scrollLeft, overflow: el.scrollWidth - el.clientWidth };
    });
    if (scrolled.overflow > 0) expect(scrolled.left).toBeGreaterThan(0);
    expect(await brandLeft()).toBe(before);
    expect((await frameState(page)).mainOverflowX).toBe(0);
    await scroller.evaluate((el) => el.scrollTo({ left: 0 }));

    const sortBy = board.getByRole('columnheader').nth(2);
    await sortBy.getByRole('button').focus();
    await page.keyboard.press('Enter');
    expect(await sortBy.getAttribute('aria-sort')).toBe('descending');
    const sorted = await board
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => Number.parseFloat(r.querySelectorAll('td')[1]?.textContent ?? 'NaN')),
      );
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    await panel.getByRole('button', { name: 'Overall', exact: true }).click();
    await page.getByRole('table', { name: 'Brand leaderboard' }).waitFor();
    await page.evaluate(() => document.querySelector('main')?.scrollTo(0, 0));
    expect(pageErrors).toEqual([]);
  });

  it('every view in the sidebar fits the 1280×800 frame, light and dark', async () => {
    const { page } = h;
    const nav = page.getByRole('navigation', { name: 'Views' });
    const overflowing: string[] = [];
    for (const view of VIEWS) {
      await nav.getByRole('button', { name: new RegExp(`^${view}`) }).click();
      await page.getByRole('heading', { level: 1, name: view }).waitFor({ timeout: 30_000 });
      await page.waitForTimeout(300); // the view's first query and its charts' entry
      await shootBothThemes(h, `views-${view.toLowerCase().replace(/ /g, '-')}`);
      const frame = await frameState(page);
      if (frame.scrollY !== 0 || frame.pageHeight !== frame.windowHeight)
        overflowing.push(`${view}: frame scrolls`);
      if (frame.mainOverflowX > 0) overflowing.push(`${view}: ${frame.mainOverflowX} px sideways`);
    }
    expect(overflowing).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  describe('opened states at 1280×800 on the 31-day demo, light and dark', () => {
    // The same app as above (one harness per file): what a view shows once opened, shot in both
    // themes and checked to fit the frame: Compare in diff mode, an Over time series, the Delete
    // run dialog, the monitor and client report forms, and the first-run screen.
    const fits = async (what: string): Promise<void> => {
      const frame = await frameState(h.page);
      expect({ what, scrollY: frame.scrollY, overflowX: frame.mainOverflowX }).toEqual({
        what,
        scrollY: 0,
        overflowX: 0,
      });
    };
    const open = async (view: string): Promise<void> => {
      await h.page
        .getByRole('navigation', { name: 'Views' })
        .getByRole('button', { name: new RegExp(`^${view}`) })
        .click();
      await h.page.getByRole('heading', { level: 1, name: view }).waitFor({ timeout: 30_000 });
    };

    it('Compare in diff mode, from an alert', async () => {
      const { page } = h;
      await open('Alerts');
      await page.getByRole('button', { name: 'Open diff' }).first().click({ timeout: 30_000 });
      await page.getByRole('heading', { level: 1, name: 'Compare' }).waitFor();
      await page
        .locator('[data-testid="diff-mode"], [data-testid="diff-stats"]')
        .first()
        .waitFor({ timeout: 30_000 });
      await shootBothThemes(h, 'views-compare-diff');
      await fits('diff');
      await page.getByRole('button', { name: 'Show side by side' }).click();
    });

    it('an opened Over time series', async () => {
      const { page } = h;
      await open('Over time');
      await page
        .getByRole('button', { name: /^Open “/ })
        .first()
        .click({ timeout: 30_000 });
      await page.getByRole('figure').first().waitFor({ timeout: 30_000 });
      await page.waitForTimeout(300); // the chart's entry animation
      await shootBothThemes(h, 'views-over-time-series');
      await fits('over time');

      // Read from the SVG: the position axis starts at #1 (the top, a rank is never below 1) and
      // each banded series (the focus brand) has its 95 % interval drawn as a filled band, on
      // both the mention and the position chart.
      const position = page.getByRole('figure', { name: 'Average position among brands' });
      const mention = page.getByRole('figure', { name: 'Mention rate' });
      const banded = (await position.locator('.chart-note').textContent()) ?? '';
      expect(banded).toMatch(/^Band: 95 % interval for \S/u);
      const pos = await readChart(position);
      const men = await readChart(mention);
      expect({
        firstTick: pos.yTicks[0],
        ticksBelowOne: pos.yTicks.filter((t) => !(tickNumber(t) >= 1)),
        positionBands: pos.bands.length,
        mentionBands: men.bands.length,
        emptyBands: [...pos.bands, ...men.bands].filter((b) => b.pathLength < 10 || b.height <= 0),
      }).toEqual({
        firstTick: '#1',
        ticksBelowOne: [],
        positionBands: 1,
        mentionBands: 1,
        emptyBands: [],
      });
      expect(pos.yTicks.length).toBeGreaterThan(1);
      expect(pos.lines).toBeGreaterThan(1);
    });

    it('the Delete run dialog, the monitor form and the client report form', async () => {
      const { page } = h;
      await open('History');
      await page
        .getByRole('button', { name: /^Delete run / })
        .first()
        .click({ timeout: 30_000 });
      const dialog = page.getByRole('alertdialog', { name: 'Delete run' });
      await dialog.waitFor();
      await shootBothThemes(h, 'views-delete-run-dialog');
      await dialog.getByRole('button', { name: 'Keep' }).click();

      await open('Monitors');
      await page.getByRole('button', { name: 'Add monitor from Compose' }).click();
      await page.getByRole('form', { name: 'New monitor' }).waitFor();
      await shootBothThemes(h, 'views-monitor-form');
      await fits('monitor form');
      await page.getByRole('button', { name: 'Add monitor from Compose' }).click();
      await page.getByRole('button', { name: 'Client report: Demo · Buying guides' }).click();
      const report = page.getByRole('dialog', { name: 'Client report: Demo · Buying guides' });
      await report.waitFor();
      await shootBothThemes(h, 'views-report-form');
      await report.getByRole('button', { name: 'Cancel' }).click();
      expect(pageErrors).toEqual([]);
    });

    it('the first-run screen (no key, no sandbox)', async () => {
      const { page } = h;
      await h.core.router.invoke('settings.update', { sandboxMode: false });
      try {
        await page.reload();
        await page
          .getByRole('heading', { level: 1, name: 'Welcome to Parallax' })
          .waitFor({ timeout: 30_000 });
        await shootBothThemes(h, 'views-welcome');
        await fits('welcome');
      } finally {
        await h.core.router.invoke('settings.update', { sandboxMode: true });
      }
    });
  });
});

/** The sidebar's views, in its order (each one's h1 carries the same name). */
const VIEWS = [
  'Visibility',
  'Alerts',
  'Compare',
  'Over time',
  'Brands',
  'Compose',
  'Run',
  'Monitors',
  'Library',
  'History',
  'Tools',
  'Settings',
];
