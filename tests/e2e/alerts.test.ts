import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitCollapsed } from '../../src/shared/alerts/digest';
import { DEMO_BUILD_MS, SCREENSHOTS, SHOT_THEMES, startHarness, type Harness } from './harness';
import { painted } from './support/painted';

// Change alerts end to end: the app opens on a copy of the 7-day preview demo (every engine, as
// the first-run screen builds it) whose monitor runs were never compared (as a crash or a quit
// between a run and its check leaves them; the template the accessibility file's checked one is
// made from, so it costs no build of its own), the core's catch-up at start
// compares every monitor run with the previous one, the sidebar shows the unread count, the
// Alerts view shows one digest per run (screenshots in light and dark), a filter narrows them,
// and an alert opens the word and source diff of its two answers in Compare (screenshot).
// Building a demo from the first-run screen, and the quiet check after it, is
// tests/e2e/first-run-demo.test.ts.

describe('Alerts on a demo history, end to end', () => {
  let h: Harness;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    h = await startHarness({}, { demo: { days: 7, alerts: 'unchecked', variant: 'preview' } });
    h.page.on('pageerror', (error) => pageErrors.push(error.message));
  }, DEMO_BUILD_MS);
  afterAll(async () => {
    await h?.close();
  });

  it("compares the demo's monitor runs at start: the sidebar counts the unread alerts", async () => {
    const { page } = h;
    await page.getByRole('heading', { level: 1, name: 'Visibility' }).waitFor({ timeout: 30_000 });
    await expect(page.getByRole('note').first().textContent()).resolves.toMatch(/synthetic/i);
    // The catch-up runs in the background once the core is up: every completed monitor run but
    // each monitor's first (nothing to compare with) gets its alerts.
    await expect.poll(() => h.core.store.uncheckedMonitorRuns().length, { timeout: 120_000 }).toBe(0);
    await h.core.alerts.idle();
    const unread = h.core.store.countUnreadAlerts();
    expect(unread).toBeGreaterThan(0);
    const badge = page.getByTestId('alerts-unread-badge');
    await expect
      .poll(() => badge.textContent(), { timeout: 30_000 })
      .toBe(`${unread > 999 ? '999+' : unread.toLocaleString('en')} unread`);
  });

  it('shows one digest per run, each change one sentence, the most severe first, its statistics under Details', async () => {
    const { page } = h;
    await page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: /^Alerts/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Alerts' }).waitFor();
    const page1 = h.core.store.listAlertDigests({ limit: 1, perDigest: 50 });
    const runs = page1.total;
    await expect
      .poll(() => page.getByTestId('alerts-count').textContent(), { timeout: 30_000 })
      .toBe(`${runs.toLocaleString('en')} run${runs === 1 ? '' : 's'} with changes`);
    const newest = page1.digests[0]!;
    const card = page.locator(`article[data-run="${newest.runId}"]`);
    await expect.poll(() => card.locator('h2').textContent(), { timeout: 30_000 }).toBe(newest.headline);
    expect(newest.headline).toMatch(/^\d+ changes? in Demo · /);
    const { shown } = splitCollapsed(newest.alerts);
    if (shown.length > 0) {
      const first = card.locator('li.alert-row').first();
      expect(await first.locator('.alert-title').textContent()).toContain(shown[0]!.title);
      expect(shown[0]!.title).toMatch(/^[^.]+(\.[^ ][^.]*)*\.$/);
      await first.getByRole('button', { name: 'Details' }).click();
      await expect.poll(() => first.locator('.alert-details').isVisible()).toBe(true);
      expect(await first.locator('.alert-details').textContent()).toContain(shown[0]!.details);
    }
    for (const theme of SHOT_THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      if (SCREENSHOTS) await painted(page);
      await h.screenshot(`alerts-${theme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('filters by kind, and an alert opens its two answers as a word and source diff in Compare', async () => {
    const { page } = h;
    const shownKinds = [
      'position-moved',
      'brand-dropped',
      'competitor-appeared',
      'competitor-disappeared',
    ] as const;
    const kind = shownKinds.find((k) => h.core.store.listAlerts({ kinds: [k] }).total > 0) ?? 'brand-entered';
    const expected = h.core.store.listAlertDigests({ kinds: [kind], limit: 50, perDigest: 50 });
    expect(expected.total).toBeGreaterThan(0);
    await page.getByLabel('Kind').selectOption(kind);
    await expect
      .poll(() => page.getByTestId('alerts-count').textContent(), { timeout: 30_000 })
      .toBe(`${expected.total.toLocaleString('en')} run${expected.total === 1 ? '' : 's'} with changes`);
    const alert = expected.digests
      .flatMap((d) => d.alerts)
      .find((a) => a.beforeResultId !== null && a.afterResultId !== null)!;
    const row = page
      .locator(`article[data-run="${alert.runId}"] li.alert-row`)
      .filter({ hasText: alert.title })
      .first();
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: 'Open diff' }).click();

    await page.getByRole('heading', { level: 1, name: 'Compare' }).waitFor();
    await expect
      .poll(() => page.getByTestId('result-set-count').textContent(), { timeout: 30_000 })
      .toBe('2 answers');
    const diff = page.getByLabel('Diff', { exact: true });
    await diff.waitFor({ timeout: 30_000 });
    // Old (A) is the previous run's answer, new (B) this run's: the pair the alert names.
    expect(await diff.getByLabel('Old (A)').inputValue()).toBe(alert.beforeResultId);
    expect(await diff.getByLabel('New (B)').inputValue()).toBe(alert.afterResultId);
    await expect.poll(() => page.getByTestId('word-diff').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await diff.textContent()).toMatch(/\w{4,}/);
    // Opening it marked it read.
    expect(h.core.store.getAlert(alert.id)?.readAt).not.toBeNull();
    if (SCREENSHOTS) await painted(page);
    await h.screenshot('alerts-diff-light');
    expect(pageErrors).toEqual([]);
  });
});
