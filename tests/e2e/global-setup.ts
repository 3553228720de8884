import { existsSync } from 'node:fs';
import { ensureAppBuild } from '../support/app-build';
import { findBrowserHere, NoBrowserError } from '../support/find-browser';

// The e2e suite drives the production renderer bundle (with its strict CSP), so build it
// first unless CI's `npm run build` step already did in this checkout, or out/ is newer than
// every source (tests/support/app-build.ts: the unit suite's built-shell test may have built it). It needs a browser:
// without one it stops here with the command that gets one, not a stack trace per test.
export default async function setup(): Promise<void> {
  try {
    const browser = await findBrowserHere();
    console.log(`e2e: ${browser.source} at ${browser.path}`);
  } catch (error) {
    if (!(error instanceof NoBrowserError)) throw error;
    console.error(`\n${error.message}`);
    process.exit(1);
  }
  if (process.env['PARALLAX_E2E_SKIP_BUILD'] === '1' && existsSync('out/renderer/index.html')) return;
  await ensureAppBuild();
}
