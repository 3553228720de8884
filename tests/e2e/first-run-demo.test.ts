import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoStatusView } from '../../src/shared/ipc/channels/demo';
import { startHarness, type Harness } from './harness';

// "Load a demo history" on the first-run screen, end to end: the real builder (the run engine
// against the in-process sandbox, through a second connection whose clock walks the past days)
// behind the screen's button, its progress, Cancel, the quiet alert check the core runs on what
// was built, and the way into the app. The one e2e test of the build: every other e2e file opens
// a copy of a shared demo (tests/support/demo-history.ts). It cancels once the first days are
// stored: 30 days (the screen's smallest choice) is 9,600 answers, and a build's days differ only
// in their dates (tests/integration/demo/* test the whole build; tests/unit/renderer/demo.test.tsx
// the toast and landing on Visibility once a build completes).

/** Days built before the test cancels: two, so the monitors' second runs have runs to compare with. */
const DAYS_BEFORE_CANCEL = 2;

describe('Load a demo history from the first-run screen, end to end', () => {
  let h: Harness;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    h = await startHarness();
    h.page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(async () => {
    await h?.close();
  });

  it('builds day by day with progress, cancels, keeps what was built and checks its monitor runs for alerts', async () => {
    const { page } = h;
    await page.getByRole('heading', { level: 1, name: 'Welcome to Parallax' }).waitFor();
    await page.getByRole('radio', { name: '90 days' }).check();
    await page.getByRole('radio', { name: '30 days' }).check();
    await page.getByRole('button', { name: 'Load a demo history' }).click();
    const bar = page.getByRole('progressbar', { name: 'Demo history progress' });
    await bar.waitFor({ timeout: 30_000 });
    expect(await bar.getAttribute('max')).toBe('30');
    await expect
      .poll(async () => Number(await bar.getAttribute('value')), { timeout: 120_000 })
      .toBeGreaterThanOrEqual(DAYS_BEFORE_CANCEL);
    await expect(page.getByTestId('demo-progress-text').textContent()).resolves.toMatch(
      /^Building day \d+ of 30 · [\d,]+ runs? · [\d,]+ answers?/,
    );
    await page.getByRole('button', { name: 'Cancel' }).click();

    // What was built stays, labelled synthetic, and the screen says so.
    await page.getByRole('button', { name: 'Open the demo history' }).waitFor({ timeout: 60_000 });
    await expect(page.getByText(/^Canceled: the [\d,]+ answers built so far are kept/).count()).resolves.toBe(
      1,
    );
    const status = await h.core.router.invoke('demo.status', {});
    expect(status).toMatchObject({ ok: true, value: { present: true, building: false, variant: 'preview' } });
    const built = status.ok ? (status.value as DemoStatusView) : null;
    expect(built?.days).toBeGreaterThanOrEqual(DAYS_BEFORE_CANCEL);
    expect(built?.results).toBeGreaterThan(0);

    // The core compares every completed monitor run with its previous one once the build ends
    // (quietly: a demo's alerts raise no notification). Two days or more built: every monitor
    // has completed runs, so this waits on a check that really ran.
    await expect.poll(() => h.core.store.uncheckedMonitorRuns().length, { timeout: 120_000 }).toBe(0);
    await h.core.alerts.idle();

    // Into the app: the first-run screen turns the sandbox on (no key) and opens Visibility.
    await page.getByRole('button', { name: 'Open the demo history' }).click();
    await page.getByRole('heading', { level: 1, name: 'Visibility' }).waitFor({ timeout: 30_000 });
    await expect(page.getByRole('note').first().textContent()).resolves.toMatch(/synthetic/i);
    const unread = h.core.store.countUnreadAlerts();
    if (unread > 0) {
      await expect
        .poll(() => page.getByTestId('alerts-unread-badge').textContent(), { timeout: 30_000 })
        .toBe(`${unread.toLocaleString('en')} unread`);
    }
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
