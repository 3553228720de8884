import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { openSettingsStore } from '../../src/core/platform/settings';
import { publishSeed } from '../../src/core/team/sync';
import { createTeamService } from '../../src/core/team/server';
import { formatBytes } from '../../src/shared/format-bytes';
import type { SyncStatusView } from '../../src/shared/ipc/channels/sync';
import { published } from '../support/published-seed';
import { createMemorySecretStore } from '../support/memory-secret-store';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { SHOT_THEMES, startHarness, type Harness } from './harness';

// The analyst's main path in real headless Chromium against the real core and the real
// sandbox: first run → compose a 3-country run → watch it finish → compare → diff →
// search history → export; a screenshot of each view lands in test-results/.

describe('the analyst workspace, end to end', () => {
  let h: Harness;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    h = await startHarness();
    h.page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(async () => {
    await h?.close();
  });

  /** The app picks the path in its save dialog, then writes: wait until the file is complete. */
  async function savedFile(extension: string): Promise<string> {
    let path = '';
    await expect
      .poll(
        () => {
          path = h.saved.find((p) => p.endsWith(extension)) ?? '';
          return path !== '' && existsSync(path) && statSync(path).size > 0;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    return path;
  }

  it('starts with the first-run choice and labels the sandbox as synthetic', async () => {
    const { page } = h;
    await page.getByRole('button', { name: 'Try the sandbox' }).click();
    // The app opens on Visibility; an empty history offers the demo and Compose.
    await page.getByRole('heading', { level: 1, name: 'Visibility' }).waitFor();
    await expect(page.getByRole('note').textContent()).resolves.toMatch(/synthetic/i);
    await page.getByRole('button', { name: 'Compose prompts' }).waitFor();
    await h.screenshot('01-visibility-empty');
    await page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: /^Compose/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Compose' }).waitFor();
    await h.screenshot('01-compose-empty');
  });

  it('composes a 3-country run with a live estimate and watches it finish', async () => {
    const { page } = h;
    await page.getByLabel('Prompts (one per line)').fill('best running shoes for beginners');
    for (const country of ['United States', 'Germany', 'France']) {
      await page.getByRole('searchbox', { name: 'Search countries' }).fill(country);
      await page.keyboard.press('Enter');
    }
    await expect
      .poll(() => page.getByTestId('estimate-jobs').textContent(), { timeout: 20_000 })
      .toContain('3');
    await h.screenshot('02-compose-estimate');
    await page.getByRole('button', { name: 'Start run' }).click();
    await page.getByRole('heading', { level: 1, name: 'Run' }).waitFor();
    await expect
      .poll(() => page.getByTestId('run-progress-text').textContent(), { timeout: 60_000 })
      .toContain('3 / 3 jobs done');
    await expect(page.getByRole('grid', { name: 'Jobs by location and engine' }).isVisible()).resolves.toBe(
      true,
    );
    await h.screenshot('03-run-board');
  });

  it('compares the countries side by side and diffs two columns', async () => {
    const { page } = h;
    await page.getByRole('button', { name: 'Open compare' }).click();
    await page.getByRole('heading', { level: 1, name: 'Compare' }).waitFor();
    await page.getByRole('article', { name: /Answer .*DE/ }).waitFor();
    const columns = await page.getByRole('article', { name: /^Answer / }).count();
    expect(columns).toBe(3);
    // The German column answers in German, from German sources.
    await expect(page.getByRole('article', { name: /Answer .*DE/ }).textContent()).resolves.toMatch(/\.de\b/);
    await h.screenshot('04-compare');

    // Answers of two of the three countries: in different languages, so compared by brands,
    // ranks and sources, not word by word.
    await page.getByRole('button', { name: 'Show as diff' }).click();
    await expect(page.getByTestId('diff-mode').textContent()).resolves.toMatch(
      /different languages \((English|German|French), (English|German|French)\)/,
    );
    expect(await page.getByTestId('word-diff').count()).toBe(0);
    await page.getByLabel('Source domains diff').waitFor();
    await h.screenshot('05-diff');
    await page.getByRole('button', { name: 'Show side by side' }).click();

    await page.getByRole('button', { name: 'Raw JSON' }).first().click();
    await expect(page.getByTestId('raw-json').first().textContent()).resolves.toContain('"sources"');
  });

  it('searches the stored history with highlighted snippets', async () => {
    const { page } = h;
    await page.keyboard.press('Control+0');
    await page.getByRole('heading', { level: 1, name: 'History' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('running');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('grid', { name: 'Search results' });
    await results.locator('mark').first().waitFor();
    await h.screenshot('06-history-search');
  });

  it('exports the run as CSV and as a self-contained HTML report', async () => {
    const { page } = h;
    await page.keyboard.press('Control+3');
    await page.getByRole('heading', { level: 1, name: 'Compare' }).waitFor();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('button', { name: /^CSV one row per answer/ }).click();
    const csv = readFileSync(await savedFile('.csv'), 'utf8');
    expect(csv.split('\n').filter((l) => l.trim()).length).toBeGreaterThanOrEqual(4);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('button', { name: /^HTML report/ }).click();
    const html = readFileSync(await savedFile('.html'), 'utf8');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('synthetic');
  });

  it('tracks brands: a matrix per country and mentions highlighted in compare', async () => {
    const { page } = h;
    await page.keyboard.press('Control+5');
    await page.getByRole('heading', { level: 1, name: 'Brands' }).waitFor();
    for (const [name, kind, domain] of [
      ['Fleetfoot', 'brand', 'fleetfoot.com'],
      ['Norrun', 'competitor', 'norrun.com'],
    ] as const) {
      await page.getByRole('button', { name: 'Add brand' }).click();
      const form = page.getByRole('form', { name: 'New brand' });
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Kind').selectOption(kind);
      await form.getByLabel('Domains (comma separated)').fill(domain);
      await form.getByRole('button', { name: 'Save brand' }).click();
      await form.waitFor({ state: 'detached' });
    }
    const matrix = page.getByRole('table', { name: 'Brand matrix' });
    await matrix.waitFor();
    const fleetfoot = matrix.getByRole('row', { name: /Fleetfoot/ });
    await expect(fleetfoot.textContent()).resolves.toMatch(/\d+ %|\d+%/);
    await h.screenshot('08-brands');

    await page.keyboard.press('Control+3');
    await page.getByRole('heading', { level: 1, name: 'Compare' }).waitFor();
    const marks = page.getByRole('article', { name: /^Answer / }).locator('mark');
    await marks.first().waitFor();
    expect(await marks.count()).toBeGreaterThan(1);
  });

  it('shows every other view', async () => {
    const { page } = h;
    for (const [keys, name, file] of [
      ['Control+4', 'Over time', '07-over-time'],
      ['Control+Shift+T', 'Tools', '09-tools'],
      ['Control+,', 'Settings', '10-settings'],
    ] as const) {
      await page.keyboard.press(keys);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await h.screenshot(file);
    }
    expect(pageErrors).toEqual([]);
  });
});

// The workspace switcher and the team sync status at the top of the sidebar, against a
// real PostgreSQL the test starts (initdb + pg_ctl on a free port, tests/support/postgres.ts):
// the team connected with --init, a second client workspace, one real sync, then the window as
// the analyst sees it ("Synced just now"), light and dark.
describe('the workspace switcher and the team sync status', () => {
  let h: Harness;
  let server: TestPostgres;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startTestPostgres();
    h = await startHarness({ teamPasswords: createMemorySecretStore() });
    h.page.on('pageerror', (error) => pageErrors.push(error.message));
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await server?.close();
  });

  let teamDb: string | null = null;
  /** The team's database, made at its first use. */
  async function teamDatabase(): Promise<string> {
    teamDb ??= await server.createDatabase('team');
    return teamDb;
  }

  async function ok<T>(channel: string, input: unknown = {}): Promise<T> {
    const result = await h.core.router.invoke(channel, input);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  }

  it('shows the workspaces and a real sync against the team server, light and dark', async () => {
    const { page } = h;
    await page.getByRole('button', { name: 'Try the sandbox' }).click();
    await page.getByRole('heading', { level: 1, name: 'Visibility' }).waitFor();
    const database = await teamDatabase();
    await ok('team.connect', { url: server.url(database, undefined, { sslmode: 'disable' }), init: true });
    // The admin puts the history this window has open (Default) on the team, then two clients.
    await ok('workspaces.create', { name: 'Default' });
    await ok('workspaces.create', { name: 'Acme Corp' });
    await ok('workspaces.create', { name: 'Globex' });
    const synced = await ok<SyncStatusView>('sync.now');
    expect(synced.state, synced.error ?? '').toBe('idle');
    expect(synced.lastSyncedAt).not.toBeNull();

    // The window as it opens now: the switcher lists the client workspaces, the status the sync.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Visibility' }).waitFor();
    const switcher = page.getByRole('combobox', { name: 'Workspace' });
    await expect
      .poll(async () => (await switcher.locator('option').allTextContents()).join('|'), { timeout: 20_000 })
      .toBe('Default|Acme Corp|Globex');
    const status = page.getByRole('status', { name: 'Team sync' });
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^Synced just now/);
    for (const theme of SHOT_THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await h.screenshot(`workspace-sync-${theme}`, { settleMs: 300 });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('shows in Settings → Team which workspaces a new desktop starts from a seed', async () => {
    const { page } = h;
    // The team's runner publishing Default's seed, as `parallax team seed` does.
    const seedDir = mkdtempSync(join(tmpdir(), 'parallax-e2e-seed-'));
    onTestFinished(() => rmSync(seedDir, { recursive: true, force: true }));
    const team = createTeamService({
      settings: openSettingsStore({ userDataDir: seedDir }),
      passwords: createMemorySecretStore(),
      env: { PARALLAX_TEAM_URL: server.url(await teamDatabase(), undefined, { sslmode: 'disable' }) },
      now: Date.now,
    });
    const replicaPath = join(seedDir, 'seed.db');
    const seed = published(
      await team.withTeam((session) =>
        publishSeed(session, { replicaPath, workspace: 'default', appVersion: 'e2e' }),
      ),
    );
    await page.keyboard.press('Control+,');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const facts = page.getByTestId('team-status');
    await expect
      .poll(async () => (await facts.getByRole('listitem').allTextContents()).join('|'), { timeout: 20_000 })
      .toBe(
        [
          'Acme Corp (admin): no seed yet: a new desktop indexes every answer itself',
          `Default (admin): seed published just now (${seed.answers.toLocaleString('en-US')} answers, ${formatBytes(seed.bytes)})`,
          'Globex (admin): no seed yet: a new desktop indexes every answer itself',
        ].join('|'),
      );
    await facts.scrollIntoViewIfNeeded();
    await h.screenshot('team-seeds', { settleMs: 300 });
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
