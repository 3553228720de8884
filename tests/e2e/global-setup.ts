import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { ensureAppBuild } from '../support/app-build';
import { findBrowserHere, NoBrowserError, type BrowserFound } from '../support/find-browser';
import { BROWSER_ARGS, SHARED_BROWSER_ENV } from './support/shared-browser';

// The e2e suite drives the production renderer bundle (with its strict CSP), so build it
// first unless CI's `npm run build` step already did in this checkout, or out/ is newer than
// every source (tests/support/app-build.ts: the unit suite's built-shell test may have built it). It needs a browser:
// without one it stops here with the command that gets one, not a stack trace per test.
// It launches that browser once for the whole run, as a Playwright browser server on 127.0.0.1:
// every file's harness connects to it with a context of its own (tests/e2e/support/shared-browser.ts), so a
// run starts one Chromium instead of one a file. The workers are started after this setup, so
// they inherit its address in their environment.
export default async function setup(): Promise<() => Promise<void>> {
  let browser: BrowserFound;
  try {
    browser = await findBrowserHere();
    console.log(`e2e: ${browser.source} at ${browser.path}`);
  } catch (error) {
    if (!(error instanceof NoBrowserError)) throw error;
    console.error(`\n${error.message}`);
    process.exit(1);
  }
  if (process.env['PARALLAX_E2E_SKIP_BUILD'] !== '1' || !existsSync('out/renderer/index.html'))
    await ensureAppBuild();
  const server = await chromium.launchServer({
    executablePath: browser.path,
    headless: true,
    args: BROWSER_ARGS,
    host: '127.0.0.1',
    port: 0,
  });
  process.env[SHARED_BROWSER_ENV] = server.wsEndpoint();
  return async () => {
    delete process.env[SHARED_BROWSER_ENV];
    await server.close();
  };
}
