import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveryQueue } from '../../src/shared/analytics/discovery-types';
import { DEMO_BUILD_MS, startHarness, type Harness } from './harness';
import { lastDemoDay, statusDaysInPeriod } from '../support/demo-days';
import { answersText, demoStatusOf, PREVIEW_ANSWERS_PER_DAY } from './support/preview-demo';

// Competitor discovery on a real 31-day demo history (a copy of the e2e suite's shared template,
// built once per run by the real run engine, tests/support/demo-history.ts) → Brands → the
// Discovered panel lists names the answers put forward beyond the tracked brands (newcomers,
// merchants, advertisers, list items; a German name), with shares and intervals; a name's details
// open its example answers in Compare; accepting a name makes it a competitor. Screenshots in
// light and dark land in test-results/.
//
// 31 days is the shortest demo in which every "last 30 days" has a newcomer: the sandbox's
// rotating newcomers arrive one every 30 days (src/sandbox/engines/entrants.ts), so the last 30
// days hold an arrival, and the day before them, in the 30 before, has answers without it
// (a name is new only against a previous period with answers). On a 30-day demo that day is
// missing, and on one day in 30 the arrival is the demo's first day: nothing is new.

const ROW_HEIGHT = 38;

/**
 * The core's clock: the demo's last day at noon UTC, running on from there. Its "last 30 days"
 * then end on the demo's last day at any hour; between 00:00 and 07:00 UTC the demo ends
 * yesterday, and the 30 days ending today hold one demo day fewer and can miss the newcomer's
 * arrival.
 */
const STARTED = Date.now();
const HOUR_MS = 3_600_000;
const onLastDemoDay = (): number =>
  Date.parse(lastDemoDay(31, STARTED)) + 12 * HOUR_MS + (Date.now() - STARTED);

describe('Competitor discovery on a 31-day demo history, end to end', () => {
  let h: Harness;
  const pageErrors: string[] = [];
  let queue: DiscoveryQueue;

  /** A theme's repaint is waited for only when the picture is taken (harness.ts, shoot). */
  const shot = async (name: string): Promise<void> => {
    await h.screenshot(name, { settleMs: 300 });
  };

  beforeAll(async () => {
    h = await startHarness({ now: onLastDemoDay }, { demo: { days: 31, variant: 'preview' } });
    h.page.on('pageerror', (error) => pageErrors.push(error.message));
  }, DEMO_BUILD_MS);
  afterAll(async () => {
    await h?.close();
  });

  it('opens the Discovered panel in Brands on a 31-day demo history', async () => {
    const { page } = h;
    await page.getByRole('heading', { level: 1, name: 'Visibility' }).waitFor({ timeout: 30_000 });
    await page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: /Brands/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Brands' }).waitFor();
    const panel = page.getByRole('region', { name: 'Discovered' });
    await panel.getByRole('grid', { name: 'Discovered names' }).waitFor({ timeout: 30_000 });
    // The answers of the demo's days in the last 30, those days from the demo's own record: a
    // demo built before 07:00 UTC ends yesterday, also when this runs after 07:00.
    const answers = PREVIEW_ANSWERS_PER_DAY * statusDaysInPeriod(await demoStatusOf(h), 30, onLastDemoDay());
    await expect
      .poll(() => panel.textContent(), { timeout: 30_000 })
      .toMatch(
        new RegExp(
          `\\d+ candidate competitors in ${answersText(answers)} \\([^)]+ – [^)]+\\), most named first; 6 covered by your brands, 0 dismissed\\.`,
        ),
      );

    // Every name, without the examples and sites of each (read below for the candidates only).
    const all = await h.core.router.invoke('discovery.queue', { limit: 500, details: false });
    if (!all.ok) throw new Error(all.error.message);
    const everyName = (all.value as DiscoveryQueue).candidates;
    const keys = everyName.map((c) => c.key);
    // The preview demo asks from the US and Germany only: the Japanese name (ハヤテ, 株式会社ハヤテ)
    // is found on the spec demo's Japanese answers in tests/integration/discovery/discovery.test.ts.
    expect(keys).toEqual(expect.arrayContaining(['trailhawk', 'altura', 'shopwise', 'lauferwerk']));
    for (const tracked of ['veloxa', 'pacer', 'fleetfoot', 'norrun', 'cadence', 'stridewell'])
      expect(keys).not.toContain(tracked);
    // The sandbox's shops (shopping merchants, never a product's brand) are listed apart.
    expect(everyName.find((c) => c.key === 'shopwise')?.kind).toBe('retailer');
    expect(everyName.find((c) => c.key === 'trailhawk')?.kind).toBe('candidate');
    // The panel opens on the candidate competitors.
    const result = await h.core.router.invoke('discovery.queue', { limit: 500, kind: 'candidate' });
    if (!result.ok) throw new Error(result.error.message);
    queue = result.value as DiscoveryQueue;
    expect(queue.candidates.map((c) => c.key)).not.toContain('shopwise');
    // One of the rotating newcomers arrived in these 30 days.
    expect(queue.candidates.filter((c) => c.isNew).map((c) => c.name)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(Kinetica|Swiftsole|Apex Stride)$/)]),
    );

    // The rows on screen are the queue's first rows, with their figures.
    const first = queue.candidates[0];
    const firstRow = panel.getByRole('grid').getByRole('row').first();
    await expect(firstRow.textContent()).resolves.toContain(first?.name);
    await expect(firstRow.textContent()).resolves.toMatch(/\d+\.\d % \(\d+\.\d–\d+\.\d %\)/);
    await expect(firstRow.textContent()).resolves.toContain(first?.answers.toLocaleString('en-US'));
    // Named on several engines: how many on screen, every name for screen readers and in the title.
    const engines = firstRow.locator('[title^="Assistant A, "]');
    await expect(engines.textContent()).resolves.toMatch(/^\d+ enginesAssistant A, Assistant B, /u);
    expect(await engines.locator('[aria-hidden="true"]').textContent()).toBe(
      `${first?.engines.length} engines`,
    );
  });

  /** Scrolls the virtualised list to a name and opens its details. */
  async function open(name: string): Promise<void> {
    const { page } = h;
    const index = queue.candidates.findIndex((c) => c.name === name);
    expect(index, name).toBeGreaterThanOrEqual(0);
    const list = page.getByRole('region', { name: 'Discovered' }).getByRole('grid');
    await list.evaluate((el, top) => el.scrollTo({ top }), Math.max(0, index - 2) * ROW_HEIGHT);
    const details = page.getByRole('region', { name: `Details of ${name}` });
    // Choosing the open name again would close it.
    if (!(await details.isVisible())) await list.getByRole('row', { name: new RegExp(`^${name}`) }).click();
    await details.waitFor();
  }

  it('shows a newcomer with its figures, examples and proposed sites, in light and dark', async () => {
    const { page } = h;
    const newcomer = queue.candidates.find((c) => c.isNew) as DiscoveryQueue['candidates'][number];
    await open(newcomer.name);
    const row = page.getByRole('row', { name: new RegExp(`^${newcomer.name}`) });
    await expect(row.textContent()).resolves.toContain('new');
    const details = page.getByRole('region', { name: `Details of ${newcomer.name}` });
    await expect(details.textContent()).resolves.toContain(
      `Named in ${newcomer.answers.toLocaleString('en-US')} answers`,
    );
    await expect(details.getByRole('listitem').count()).resolves.toBeGreaterThanOrEqual(3);
    await expect(details.textContent()).resolves.toContain(newcomer.examples[0]?.snippet.slice(1, 30));
    // The panel's heading at the top of the window: the queue and the chosen name's details.
    await page
      .getByRole('heading', { level: 2, name: 'Discovered' })
      .evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.emulateMedia({ colorScheme: 'light' });
    await shot('discovery-queue-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot('discovery-queue-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('finds the German name with its variants', async () => {
    const { page } = h;
    const germanName = queue.candidates.find((c) => c.key === 'lauferwerk')?.name as string;
    await open(germanName);
    const german = page.getByRole('region', { name: `Details of ${germanName}` });
    await expect(german.textContent()).resolves.toMatch(/Läuferwerk GmbH/);
  });

  it('opens a name’s example answers in Compare', async () => {
    const { page } = h;
    await open('Trailhawk');
    const details = page.getByRole('region', { name: 'Details of Trailhawk' });
    await details.getByRole('button').first().click();
    await page.getByRole('heading', { level: 1, name: 'Compare' }).waitFor();
    await expect(page.getByText('Answers naming Trailhawk').first().isVisible()).resolves.toBe(true);
    await expect(
      page
        .getByText(/Showing 3 of [\d,]+ answers/)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
  });

  it('accepts a name as a competitor: it joins the brands and leaves the queue', async () => {
    const { page } = h;
    // A name whose own site the answers cite: its domain is proposed in the form.
    const pick = queue.candidates.find((c) =>
      c.domains.some((d) => d.labelMatch),
    ) as DiscoveryQueue['candidates'][number];
    expect(pick).toBeDefined();
    const site = pick.domains.find((d) => d.labelMatch)?.domain as string;
    await page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: /Brands/ })
      .click();
    await page.getByRole('region', { name: 'Discovered' }).getByRole('grid').waitFor();
    await open(pick.name);
    await page.getByRole('button', { name: `Accept ${pick.name}…` }).click();
    const form = page.getByRole('form', { name: `Accept ${pick.name}` });
    await expect(form.getByLabel('Domains (comma separated)').inputValue()).resolves.toContain(site);
    await form.getByRole('button', { name: `Save ${pick.name}` }).click();
    await expect
      .poll(() => page.getByRole('table', { name: 'Brands' }).textContent(), { timeout: 30_000 })
      .toContain(pick.name);
    await expect
      .poll(() => page.getByRole('region', { name: 'Discovered' }).textContent(), { timeout: 30_000 })
      .toMatch(/7 covered by your brands/);
    expect(pageErrors).toEqual([]);
  });
});
