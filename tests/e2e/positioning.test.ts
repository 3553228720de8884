import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PositioningSummary, ResultPositioning } from '../../src/shared/positioning/view-types';
import type { DrillResults } from '../../src/shared/visibility/types';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index';
import { createMemorySecretStore } from '../support/memory-secret-store';
import { seriousInBothThemes, type AxeFinding } from './axe';
import { DEMO_BUILD_MS, SHOT_THEMES, startHarness, type Harness } from './harness';

// Positioning end to end on a real 31-day demo history (the e2e suite's shared template of
// tests/support/demo-history.ts: the preview, every engine, as the first-run screen builds it;
// every answer judged by the built-in judge as it was stored):
// Visibility's recommendation rate and net sentiment cards and Positioning panel show the real
// core's numbers; a card opens the answers behind it in Compare, where each brand's evidence is
// marked and its badge moves the focus there. axe-core on the new parts (cards, panel, Compare's
// columns), light and dark; "What changed" at the top of Visibility; and "Re-score history…"
// with the model judge (the sandbox playing the model over HTTP): the estimate, Confirm, progress,
// the finished state. Screenshots at 1280×800 in test-results/.

const QUERY = { scope: { kind: 'all' as const }, period: { days: 30 }, attributeLimit: 6 };

/** Serious or critical axe-core findings inside these selectors, per theme (none: {}; ./axe.ts). */
const seriousViolations = (h: Harness, selectors: string[]): Promise<Record<string, AxeFinding[]>> =>
  seriousInBothThemes(h.page, selectors);

async function summaryOf(h: Harness): Promise<PositioningSummary> {
  const reply = await h.core.router.invoke('positioning.summary', QUERY);
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.value as PositioningSummary;
}

describe('Positioning on a 31-day demo history, end to end', () => {
  let h: Harness;
  let model: RunningSandbox;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    model = await startSandbox({ latencyMs: 1, rateLimit: 100_000 });
    h = await startHarness(
      { judgeKeys: createMemorySecretStore() },
      { demo: { days: 31, variant: 'preview' } },
    );
    h.page.on('pageerror', (error) => pageErrors.push(error.message));
    await h.page.getByRole('heading', { level: 1, name: 'Visibility' }).waitFor({ timeout: 30_000 });
  }, DEMO_BUILD_MS);
  afterAll(async () => {
    await h?.close();
    await model?.close();
  });

  it('shows the focus brand recommendation rate and net sentiment as the core computes them', async () => {
    const { page } = h;
    const summary = await summaryOf(h);
    const kpis = summary.kpis;
    expect(kpis).not.toBeNull();
    if (!kpis) return;
    expect(kpis.n).toBeGreaterThan(100);
    const rec = page.getByTestId('kpi-recommendation');
    await rec.waitFor({ timeout: 30_000 });
    const r = kpis.recommendationRate;
    const recText = await rec.textContent();
    expect(recText).toContain(
      `${Math.round((r.value ?? 0) * 100)} % (${Math.round((r.lower ?? 0) * 100)}–${Math.round((r.upper ?? 0) * 100)} %)`,
    );
    expect(recText).toContain(
      `${r.k.toLocaleString('en')} of n = ${r.n.toLocaleString('en')} answers naming it`,
    );
    expect(recText).toMatch(/vs previous period|no previous data/);
    if (!kpis.change.recommendationRate.significant && kpis.change.recommendationRate.delta !== null)
      expect(recText).toContain('not significant');

    const sentimentText = await page.getByTestId('kpi-sentiment').textContent();
    expect(sentimentText).toMatch(/[+−]?\d\.\d\d \([+−]?\d\.\d\d to [+−]?\d\.\d\d\)/);
    expect(sentimentText).toContain(`n = ${kpis.netSentiment.n.toLocaleString('en')}`);
  });

  it('lists every brand in the Positioning panel, focus first, with status counts and attributes', async () => {
    const { page } = h;
    const summary = await summaryOf(h);
    const table = page.getByRole('table', { name: 'Positioning by brand' });
    await table.waitFor({ timeout: 30_000 });
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(summary.leaderboard.length);
    const focus = summary.leaderboard[0]!;
    expect(focus.brandId).toBe(summary.focusBrandId);
    const first = (await rows.first().textContent()) ?? '';
    expect(first).toContain('Veloxa');
    for (const [status, label] of [
      ['top', 'top pick'],
      ['recommended', 'recommended'],
      ['mentioned', 'mentioned'],
      ['cautioned', 'cautioned'],
    ] as const)
      expect(first).toContain(`${focus.statusCounts[status].toLocaleString('en')} ${label}`);
    // The demo's engines attach qualities to the brands: at least one brand has chips.
    expect(await table.locator('.pos-attr').count()).toBeGreaterThan(0);
  });

  it('has no serious or critical axe-core violation on the new cards and panel, light or dark', async () => {
    const found = await seriousViolations(h, [
      'section[aria-labelledby="vis-positioning-heading"]',
      '[data-testid="kpi-recommendation"]',
      '[data-testid="kpi-sentiment"]',
    ]);
    expect(found).toEqual({});
  });

  it('takes screenshots of the cards and the panel at 1280×800, light and dark', async () => {
    const { page } = h;
    for (const theme of SHOT_THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await page.evaluate(() => document.querySelector('main')?.scrollTo(0, 0));
      await h.screenshot(`positioning-kpis-${theme}`, { settleMs: 300 });
      await page.getByRole('heading', { level: 2, name: 'Positioning' }).scrollIntoViewIfNeeded();
      await h.screenshot(`positioning-panel-${theme}`, { settleMs: 300 });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('opens the answers behind the recommendation rate in Compare with each brand evidence marked', async () => {
    const { page } = h;
    await page.evaluate(() => document.querySelector('main')?.scrollTo(0, 0));
    await page.getByTestId('kpi-recommendation').click();
    await page.getByRole('heading', { level: 1, name: 'Compare' }).waitFor();
    const column = page.getByRole('article').first();
    const badges = column.getByRole('list', { name: 'Positioning of the brands named' });
    await badges.waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('mark.evidence').count(), { timeout: 30_000 }).toBeGreaterThan(0);

    // The first badge with evidence moves the focus to it; its text is in the core's evidence.
    const badge = badges.getByRole('button', { name: /Show the evidence/ }).first();
    const name = (await badge.textContent()) ?? '';
    await badge.click();
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const copy = el.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('.visually-hidden').forEach((x) => x.remove());
      return { tag: el.tagName, evidence: el.getAttribute('data-evidence'), text: copy.textContent ?? '' };
    });
    expect(focused.tag).toBe('MARK');
    expect(focused.evidence).toMatch(/^ev\d+-0/);
    const drill = await h.core.router.invoke('visibility.results', {
      scope: { kind: 'all' },
      period: { days: 30 },
      drill: { brandId: (await summaryOf(h)).focusBrandId ?? '', mentioned: true, inText: true },
      limit: 50,
    });
    if (!drill.ok) throw new Error(drill.error.message);
    const firstId = (drill.value as DrillResults).resultIds[0]!;
    const stored = await h.core.router.invoke('positioning.results', { resultIds: [firstId] });
    if (!stored.ok) throw new Error(stored.error.message);
    const brand = (stored.value as ResultPositioning[])[0]!.brands.find((b) =>
      name.startsWith(`${b.brand} `),
    );
    expect(brand).toBeDefined();
    expect(brand!.evidence[0]!.text).toContain(focused.text.trim());

    // The marks and badges keep their contrast in both themes.
    // (the first two columns of the 50: axe over every column takes minutes on a busy machine)
    expect(await seriousViolations(h, ['.columns > .answer-column:nth-child(-n+2)'])).toEqual({});
    await page.evaluate(() => document.querySelector('main')?.scrollTo(0, 0));
    for (const theme of SHOT_THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await h.screenshot(`positioning-compare-${theme}`, { settleMs: 300 });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    expect(pageErrors).toEqual([]);
  }, 300_000);

  it('shows "What changed" at the top of Visibility, light and dark', async () => {
    const { page } = h;
    await page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: /^Visibility/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Visibility' }).waitFor();
    const card = page.locator('section[aria-labelledby="vis-what-changed-heading"]');
    await card.getByRole('heading', { level: 2, name: 'What changed' }).waitFor({ timeout: 30_000 });
    // The findings (or the sentence saying none is significant) have loaded.
    await expect
      .poll(async () => (await card.textContent())?.length ?? 0, { timeout: 30_000 })
      .toBeGreaterThan(80);
    for (const theme of SHOT_THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await card.scrollIntoViewIfNeeded();
      await h.screenshot(`what-changed-${theme}`, { settleMs: 300 });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('re-scores the last 7 days with the model judge from the dialog: estimate, progress, finished', async () => {
    const { page } = h;
    const set = await h.core.router.invoke('judge.set', {
      config: {
        provider: 'openai-compatible',
        model: 'sandbox-judge',
        baseUrl: `${model.baseUrl}/v1`,
        apiVersion: null,
        priceIn: 0.15,
        priceOut: 0.6,
        budget: 5,
        concurrency: 16,
      },
      key: model.apiKey,
    });
    if (!set.ok) throw new Error(set.error.message);
    await page.evaluate(() => document.querySelector('main')?.scrollTo(0, 0));
    await page.getByRole('heading', { level: 2, name: 'Positioning' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Re-score history…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Re-score history' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: /Period/ }).selectOption({ label: 'Last 7 days' });
    await dialog.getByRole('radio', { name: /Your model \(model:openai-compatible:sandbox-judge\)/ }).check();
    const estimate = dialog.getByTestId('rescore-estimate');
    await expect
      .poll(async () => (await estimate.textContent()) ?? '', { timeout: 60_000 })
      .toMatch(/with model:openai-compatible:sandbox-judge/);
    const text = (await estimate.textContent()) ?? '';
    expect(text).toMatch(/[\d,]+ answers to judge \(answers from \d{4}-\d\d-\d\d on\)/);
    expect(text).toMatch(/~[\d,]+ in, ~[\d,]+ out/);
    expect(text).toContain('$5.00');
    expect(model.stats().requests['POST /v1/chat/completions'] ?? 0).toBe(0);
    for (const theme of SHOT_THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await h.screenshot(`rescore-estimate-${theme}`, { settleMs: 300 });
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // Progress as the batches come back: the bar moves and the tokens spent are counted.
    const seen: number[] = [];
    const off = h.core.events.subscribe((event, payload) => {
      if (event === 'positioning.rescore') seen.push((payload as { done: number }).done);
    });
    await dialog.getByRole('button', { name: 'Confirm and start' }).click();
    const progress = dialog.getByTestId('rescore-progress');
    await progress.waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => (await progress.textContent()) ?? '', { timeout: 60_000 })
      .toMatch(/Spent: [\d,]+ input and [\d,]+ output tokens/);
    await h.screenshot('rescore-progress-light');
    await expect
      .poll(async () => (await progress.textContent()) ?? '', { timeout: 300_000 })
      .toMatch(/Finished: ([\d,]+) of \1 answers/);
    off();
    expect(new Set(seen).size).toBeGreaterThan(2);
    await dialog.getByTestId('rescore-summary').waitFor({ timeout: 30_000 });
    expect(model.stats().requests['POST /v1/chat/completions'] ?? 0).toBeGreaterThan(0);
    for (const theme of SHOT_THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await h.screenshot(`rescore-finished-${theme}`, { settleMs: 300 });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  }, 400_000);
});
