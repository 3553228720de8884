import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommerceSummary } from '../../src/shared/commerce/types';
import { seriousInBothThemes } from './axe';
import { DEMO_BUILD_MS, SHOT_THEMES, startHarness, type Harness } from './harness';

// The Commerce view end to end on a real 31-day demo history (the e2e suite's shared template of
// tests/support/demo-history.ts: the preview, every engine, as the first-run screen builds it;
// the demo tracks shopping and ads on the engines that show them): the key numbers are the real
// core's, a brand's shelf presence opens exactly its answers in Compare with its products marked,
// axe-core finds nothing serious in light or dark. Screenshots at 1280×800 in test-results/
// (docs/images/commerce.png is made by scripts/docs-screenshots.ts from the same view).

const QUERY = { scope: { kind: 'all' as const }, period: { days: 30 } };

async function summaryOf(h: Harness): Promise<CommerceSummary> {
  const reply = await h.core.router.invoke('commerce.summary', QUERY);
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.value as CommerceSummary;
}

/** The digits of a figure's text as a number ("1,234" → 1234). */
const digits = (text: string | null): number => Number((text ?? '').replace(/[^\d]/g, ''));

describe('Commerce on a 31-day demo history, end to end', () => {
  let h: Harness;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    h = await startHarness({}, { demo: { days: 31, variant: 'preview' } });
    h.page.on('pageerror', (error) => pageErrors.push(error.message));
    await h.page.getByRole('heading', { level: 1, name: 'Visibility' }).waitFor({ timeout: 30_000 });
    await h.page
      .getByRole('navigation')
      .getByRole('button', { name: /^Commerce/ })
      .click();
    await h.page.getByRole('heading', { level: 1, name: 'Commerce' }).waitFor();
  }, DEMO_BUILD_MS);
  afterAll(async () => {
    await h?.close();
  });

  it('shows the key numbers and the shelf as the core computes them', async () => {
    const { page } = h;
    const summary = await summaryOf(h);
    expect(summary.empty).toBeNull();
    expect(summary.surfaces.withShopping).toBeGreaterThan(30);
    const glance = page.getByRole('region', { name: 'Commerce at a glance' });
    await glance.waitFor({ timeout: 30_000 });
    const values = await glance.locator('.com-kpi-value').allTextContents();
    expect(digits(values[0] ?? null)).toBe(summary.surfaces.answers);
    expect(await glance.textContent()).toContain(
      `${summary.surfaces.productSlots.toLocaleString('en')} product slots`,
    );
    const shopping = Math.round((summary.surfaces.shoppingRate.value ?? 0) * 100);
    expect(await glance.getByRole('button', { name: /show a shopping surface/ }).textContent()).toContain(
      `${shopping}`,
    );

    // The shelf: your brand first, each brand's shelf presence with its interval and n.
    const shelf = page.getByRole('table', { name: 'Shelf and ads per brand' });
    const first = shelf.getByRole('row').nth(1);
    const focus = summary.brands[0]!;
    expect(focus.kind).toBe('brand');
    expect(await first.getByRole('rowheader').textContent()).toContain(focus.brand);
    expect(await first.getByRole('rowheader').textContent()).toContain('your brand');
    const cell = await first.getByRole('cell').first().textContent();
    expect(cell).toContain(`n = ${focus.shelfPresence.n.toLocaleString('en')}`);
    expect(pageErrors).toEqual([]);
  });

  it("a brand's shelf presence opens exactly its answers in Compare, its products marked", async () => {
    const { page } = h;
    const summary = await summaryOf(h);
    const brand = summary.brands.find((b) => (b.shelfPresence.value ?? 0) > 0)!;
    const expected = await h.core.router.invoke('commerce.answers', {
      ...QUERY,
      drill: { what: { kind: 'shelf', brandId: brand.brandId } },
      limit: 200,
    });
    if (!expected.ok) throw new Error(expected.error.message);
    const answers = expected.value as { resultIds: string[]; total: number };
    expect(answers.total).toBeGreaterThan(0);

    await page.getByRole('button', { name: `${brand.brand}: on the shelf. Open the answers` }).click();
    await page.getByRole('heading', { level: 1, name: 'Compare' }).waitFor();
    // Exactly its answers: the count the core gives for that drill-down, under the number's title.
    const header = page.locator('.result-set-header');
    await header
      .getByRole('heading', { level: 2, name: `Answers with ${brand.brand} on the shelf` })
      .waitFor();
    expect(await page.getByTestId('result-set-count').textContent()).toContain(
      `${answers.total.toLocaleString('en')} answer`,
    );
    const columns = page.getByRole('article');
    await columns.first().waitFor({ timeout: 30_000 });
    // The first page of columns is drawn, and the view says how many more there are.
    await expect
      .poll(() => page.getByTestId('compare-more-columns').textContent(), { timeout: 30_000 })
      .toMatch(/^Showing 12 of \d+ columns side by side\./);
    expect(await columns.count()).toBe(12);
    // Every answer shown has at least one of the brand's products marked, and only its products.
    const marked = page.locator('li.com-marked[aria-current="true"]');
    await expect.poll(() => marked.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const firstColumn = columns.first();
    expect(await firstColumn.locator('li.com-marked').count()).toBeGreaterThan(0);
    for (const text of await marked.allTextContents()) expect(text).toContain(brand.brand);
    expect(await seriousInBothThemes(page, ['.columns > .answer-column:nth-child(-n+2)'])).toEqual({});
    expect(pageErrors).toEqual([]);
  });

  it('axe-core: the Commerce view has no serious or critical violation, light or dark', async () => {
    const { page } = h;
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /^Commerce/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Commerce' }).waitFor();
    await page.getByRole('table', { name: 'Shelf and ads per brand' }).waitFor({ timeout: 30_000 });
    expect(await seriousInBothThemes(page, ['.com-view'])).toEqual({});
    for (const theme of SHOT_THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await h.screenshot(`commerce-${theme}`, { settleMs: 300 });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
