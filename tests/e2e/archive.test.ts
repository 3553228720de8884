import type { Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox';
import type { RunningSandbox } from '../../src/sandbox/types';
import { startHarness, type Harness } from './harness';

// The HTML tab shows the page archived at ingest, in Chromium: a sandbox run asked for the
// engine's page (styled, with an inline script that marks the page when it runs), the page
// was archived, then the sandbox stopped. The tab still shows the page, with its own styles
// and data: image, and its script never runs, neither in the frame nor in the app.

describe('archived pages in Compare', () => {
  let h: Harness;
  let sandbox: RunningSandbox | null = null;
  const messages: string[] = [];

  beforeAll(async () => {
    h = await startHarness(
      {
        startSandbox: async (options) => (sandbox = await startSandbox(options)),
        sandboxOptions: { latencyMs: 5 },
      },
      {
        beforeOpen: async (page) => {
          page.on('console', (m) => messages.push(m.text()));
          await page.addInitScript(() => {
            const w = window as unknown as { __pageMessages: unknown[] };
            w.__pageMessages = [];
            window.addEventListener('message', (e) => w.__pageMessages.push(e.data));
          });
        },
      },
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  async function archivedRun(): Promise<void> {
    const { page, core } = h;
    await page.getByRole('button', { name: 'Try the sandbox' }).click();
    await page.getByRole('heading', { level: 1, name: 'Visibility' }).waitFor();
    const started = await core.router.invoke('runs.start', {
      prompts: ['best trail running shoes'],
      engines: ['assistant-a'],
      countries: ['US'],
      engineOptions: { 'assistant-a': { include: { html: true } } },
    });
    if (!started.ok) throw new Error(started.error.message);
    const { runId } = started.value as { runId: string };
    await (await core.runs.engine()).wait(runId);
    await core.archive.idle();
    expect(core.store.pageArchiveCounts()).toEqual({ pending: 0, archived: 1, failed: 0 });
    // Offline from here: the page's link answers nothing any more.
    await sandbox?.close();
  }

  async function frameOf(): Promise<Frame> {
    const handle = await h.page.getByTitle('Stored HTML page').elementHandle();
    const frame = await handle?.contentFrame();
    if (!frame) throw new Error('no frame for the stored page');
    await frame.waitForLoadState();
    return frame;
  }

  it('shows the archived page with its styles and data: image, and never runs its script', async () => {
    await archivedRun();
    const { page } = h;
    await page.keyboard.press('Control+3');
    await page.getByRole('heading', { level: 1, name: 'Compare' }).waitFor();
    await page.getByRole('button', { name: 'HTML', exact: true }).first().click();
    const iframe = page.getByTitle('Stored HTML page');
    await iframe.waitFor();
    expect(await iframe.getAttribute('sandbox')).toBe('');
    await page.getByText('Archived copy').waitFor();

    const frame = await frameOf();
    const seen = await frame.evaluate(() => {
      const header = document.querySelector('header.top');
      const logo = document.querySelector<HTMLImageElement>('img.logo');
      const heading = document.querySelector('h1');
      return {
        title: document.title,
        scriptRan: document.getElementById('script-ran') !== null,
        marked: document.documentElement.hasAttribute('data-script-ran'),
        scripts: document.querySelectorAll('script').length,
        headerBackground: header ? getComputedStyle(header).backgroundColor : null,
        headingSize: heading ? getComputedStyle(heading).fontSize : null,
        logoLoaded: logo ? logo.complete && logo.naturalWidth > 0 : false,
        csp: document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content'),
      };
    });
    await h.screenshot('archive-html-tab');
    expect(seen).toEqual({
      title: 'best trail running shoes',
      scriptRan: false,
      marked: false,
      scripts: 0,
      headerBackground: 'rgb(31, 58, 95)',
      headingSize: '22px',
      logoLoaded: true,
      csp: "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    });
    expect(
      await page.evaluate(() => (window as unknown as { __pageMessages: unknown[] }).__pageMessages),
    ).toEqual([]);
    expect(messages.filter((m) => /Content Security Policy|page-script-ran/.test(m))).toEqual([]);
  });
});
