import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createCore, type Core, type CoreDeps } from '../../src/core/app';
import { openSettingsStore, type Settings } from '../../src/core/platform/settings';
import { createMemorySecretStore } from '../support/memory-secret-store';
import { EVENT_CHANNEL_NAMES, INVOKE_CHANNEL_NAMES } from '../../src/shared/ipc/contract';
import { demoHistoryCopy, type DemoHistoryOptions } from '../support/demo-history';
import { findBrowserHere } from '../support/find-browser';
import { fromWire, toWire } from '../support/ipc-wire';
import { serveRenderer } from './static-server';

// The e2e harness stands in for Electron, which cannot run on these machines: the built
// renderer runs in Debian's headless Chromium, and window.parallax is a test bridge that
// forwards the same contract to the real main-process core running in this Node process,
// through the same router (channel check + zod validation) that ipcMain uses. The browser is
// the first one find-browser.ts finds (PARALLAX_CHROMIUM, system Chromium, Chrome, Playwright's).

export const RESULTS_DIR = resolve('test-results');

/**
 * Screenshots are for people to look at (the docs' images, a layout review), and no assertion
 * reads them, so the suite saves them only when asked: `PARALLAX_E2E_SCREENSHOTS=1 npm run
 * test:e2e`. Encoding a 1280×800 PNG is a fifth to a third of a layout file's CPU.
 */
export const SCREENSHOTS = process.env['PARALLAX_E2E_SCREENSHOTS'] === '1';

/**
 * The themes a state is shot in: light and dark when the run saves screenshots, else light
 * alone. The themes differ in colour only (tests/unit/test-support/theme-colours.test.ts), so
 * no script and no measure of the layout sees a switch to dark; the picture was the one thing
 * that read it, and each switch restyles and repaints the whole view twice.
 */
export const SHOT_THEMES: ReadonlyArray<'light' | 'dark'> = SCREENSHOTS ? ['light', 'dark'] : ['light'];

export interface ShotOptions {
  /** Saved even without SCREENSHOTS (the shell test's one, to check that the page can be shot). */
  always?: boolean;
  /**
   * Time for a chart's entry animation or a theme's repaint to end before the picture, waited only
   * when the picture is taken: with no screenshot saved, nothing reads the page after it.
   */
  settleMs?: number;
}

/** Saves the page as test-results/<name>.png when SCREENSHOTS (or `always`); returns the path. */
export async function shoot(page: Page, name: string, options: ShotOptions = {}): Promise<string> {
  const path = join(RESULTS_DIR, `${name}.png`);
  if (!SCREENSHOTS && !options.always) return path;
  if (options.settleMs) await page.waitForTimeout(options.settleMs);
  await page.screenshot({ path, fullPage: false });
  return path;
}

export interface Harness {
  page: Page;
  /** Files the app was asked to save (the save dialog answers with a path in dataDir). */
  saved: string[];
  core: Core;
  dataDir: string;
  openedExternally: string[];
  /** test-results/<name>.png, saved only when SCREENSHOTS or `always` (see shoot). */
  screenshot(name: string, options?: ShotOptions): Promise<string>;
  close(): Promise<void>;
}

/**
 * A hook that opens a demo history may build its template first (or wait for another file's
 * build of it): the 31-day demo takes one to three minutes on a busy 2-core machine.
 */
export const DEMO_BUILD_MS = 400_000;

export interface HarnessOptions {
  /**
   * Opens the app on a copy of a shared demo history (tests/support/demo-history.ts) instead of
   * an empty one: for tests of what a demo shows, not of how it is built.
   */
  demo?: Omit<DemoHistoryOptions, 'to'>;
  /**
   * Settings saved before the app opens, as a user's from an earlier session: the page's first
   * load already has them, where changing them afterwards takes a reload (a whole second load of
   * the app and its first view).
   */
  settings?: Partial<Settings>;
  /**
   * Runs on the page before the app opens (init scripts, listeners), so the first load is the
   * one the test reads: adding them afterwards takes a reload.
   */
  beforeOpen?: (page: Page) => Promise<void>;
  /**
   * The full Chromium even where the headless shell is installed (tests/support/find-browser.ts):
   * for the paint benchmark's figures and the docs' screenshots, not for tests.
   */
  fullBrowser?: boolean;
}

export async function startHarness(
  overrides: Partial<CoreDeps> = {},
  options: HarnessOptions = {},
): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parallax-e2e-'));
  const settings = openSettingsStore({ userDataDir: dataDir });
  if (options.demo) {
    await demoHistoryCopy({ ...options.demo, to: join(dataDir, 'parallax.db') });
    // As the first-run screen leaves the app once it loaded a demo without a key.
    settings.update({ sandboxMode: true });
  }
  if (options.settings) settings.update(options.settings);
  const openedExternally: string[] = [];
  const saved: string[] = [];
  const core = await createCore({
    app: { name: 'Parallax', version: '0.1.0', platform: process.platform, userDataPath: dataDir },
    dbPath: join(dataDir, 'parallax.db'),
    settings,
    secrets: createMemorySecretStore(),
    now: () => Date.now(),
    fetch: globalThis.fetch,
    openExternal: async (url) => {
      openedExternally.push(url);
    },
    chooseSavePath: async ({ defaultName }) => {
      const path = join(dataDir, defaultName);
      saved.push(path);
      return path;
    },
    sandboxOptions: { latencyMs: { min: 20, max: 120 } },
    pollIntervalMs: { min: 50, max: 200 },
    ...overrides,
  });
  const server = await serveRenderer(resolve('out/renderer'));
  const browser: Browser = await chromium.launch({
    executablePath: (await findBrowserHere({ fullBrowser: options.fullBrowser === true })).path,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();

  // Only the top-level app frame may call, as in main's sender check. Calls travel as JSON text
  // (tests/support/ipc-wire.ts) and run concurrently: Playwright dispatches each binding call
  // on its own, and main's router answers them as ipcMain would.
  await page.exposeBinding('__parallaxInvoke', async (source, channel: unknown, wire: unknown) => {
    if (source.frame !== page.mainFrame()) {
      return toWire({
        ok: false,
        error: { code: 'FORBIDDEN_SENDER', message: 'IPC call from an untrusted frame' },
      });
    }
    let payload: unknown;
    try {
      payload = fromWire(wire);
    } catch (error) {
      return toWire({ ok: false, error: { code: 'VALIDATION_ERROR', message: String(error) } });
    }
    // One call per turn of the event loop, as ipcMain takes one message per task: the answers
    // of calls already handled go out before the next call's synchronous SQLite work starts.
    await new Promise((resolve) => setImmediate(resolve));
    return toWire(await core.router.invoke(channel, payload));
  });
  // The bridge mirrors src/preload/index.ts: contract channels only.
  await page.addInitScript(
    ({ invokeNames, eventNames }) => {
      const listeners = new Map<string, Set<(payload: unknown) => void>>();
      const w = window as unknown as Record<string, unknown>;
      const invoke = w['__parallaxInvoke'] as (channel: string, wire: string | undefined) => Promise<string>;
      w['__parallaxEmit'] = (event: string, payload: unknown) => {
        for (const listener of listeners.get(event) ?? []) listener(payload);
      };
      Object.defineProperty(window, 'parallax', {
        value: Object.freeze({
          invoke(channel: string, input: unknown) {
            if (!invokeNames.includes(channel)) {
              return Promise.resolve({
                ok: false,
                error: { code: 'UNKNOWN_CHANNEL', message: `Unknown IPC channel: ${channel}` },
              });
            }
            // window.__ipcTrace (set by the paint bench) collects each call's span in the page.
            const trace = w['__ipcTrace'] as Array<Record<string, unknown>> | undefined;
            const start = performance.now();
            return invoke(channel, input === undefined ? undefined : JSON.stringify(input)).then((text) => {
              const received = performance.now();
              const result = JSON.parse(text) as unknown;
              trace?.push({ channel, start, received, parsed: performance.now(), bytes: text.length });
              return result;
            });
          },
          on(event: string, listener: (payload: unknown) => void) {
            if (!eventNames.includes(event)) throw new Error(`Unknown IPC event: ${event}`);
            const set = listeners.get(event) ?? new Set();
            set.add(listener);
            listeners.set(event, set);
            return () => set.delete(listener);
          },
        }),
        writable: false,
        configurable: false,
      });
    },
    { invokeNames: INVOKE_CHANNEL_NAMES as string[], eventNames: EVENT_CHANNEL_NAMES as string[] },
  );
  const unsubscribe = core.events.subscribe((event, payload) => {
    void page
      .evaluate(
        ([e, text]) =>
          (window as unknown as { __parallaxEmit(e: string, p: unknown): void }).__parallaxEmit(
            e,
            JSON.parse(text),
          ),
        [event, toWire(payload)] as const,
      )
      .catch(() => undefined);
  });

  await options.beforeOpen?.(page);
  await page.goto(server.url);
  mkdirSync(RESULTS_DIR, { recursive: true });

  return {
    page,
    saved,
    core,
    dataDir,
    openedExternally,
    screenshot: (name, options) => shoot(page, name, options),
    async close() {
      unsubscribe();
      await browser.close();
      await server.close();
      await core.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
