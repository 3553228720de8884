import { chromium, type Browser } from 'playwright-core';
import { findBrowserHere } from '../../support/find-browser';

/**
 * The e2e run's one browser (tests/e2e/global-setup.ts launches it as a Playwright browser
 * server and leaves its address here): each harness connects and opens a context of its own
 * (its own cookies, storage and pages), instead of launching a Chromium of its own, which
 * cost each file a browser start (seconds of CPU on a busy 2-core machine).
 */
export const SHARED_BROWSER_ENV = 'PARALLAX_E2E_BROWSER_WS';

export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The run's shared browser when there is one (under vitest), else a browser of its own (benches). */
export async function openBrowser(): Promise<Browser> {
  const shared = process.env[SHARED_BROWSER_ENV];
  if (shared) return chromium.connect(shared);
  return chromium.launch({
    executablePath: (await findBrowserHere()).path,
    headless: true,
    args: BROWSER_ARGS,
  });
}
