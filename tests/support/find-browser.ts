import { existsSync } from 'node:fs';
import { join } from 'node:path';

// The end-to-end suite drives a Chromium-family browser through playwright-core, which
// downloads nothing by itself. It takes the first browser it finds, in this order:
// PARALLAX_CHROMIUM, Debian's Chromium headless shell, the system Chromium (Debian/Ubuntu
// paths), an installed Google Chrome, Playwright's own downloaded Chromium; with none, it stops
// with the one command that gets one. The headless shell is the same Blink as the full browser
// without its desktop layers (what Playwright itself runs for headless tests): the suite spends
// about a fifth less CPU in it (docs/internals/testing.md, "The browser").

/** The one command that gets a browser on any developer machine (Playwright's own Chromium). */
export const GET_BROWSER_COMMAND = 'npx playwright-core install chromium';

export interface BrowserFound {
  path: string;
  /** Which rule found it, for the suite's first line ("system Chromium"). */
  source: string;
}

export interface BrowserSearch {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  exists(path: string): boolean;
  /**
   * Skip the headless shell: the paint benchmark and the docs' screenshots want the full
   * browser, the nearest to Electron's window, whose figures the docs quote.
   */
  fullBrowser?: boolean;
  /** Where Playwright's downloaded Chromium would be (playwright-core's chromium.executablePath()). */
  playwrightChromium(): string | null;
}

/** Debian's `chromium-headless-shell` package: Chromium built for headless use only. */
const HEADLESS_SHELL: Partial<Record<NodeJS.Platform, string[]>> = {
  linux: ['/usr/bin/chromium-headless-shell', '/usr/lib/chromium/chromium-headless-shell'],
};

/** Debian's and Ubuntu's Chromium (the apt package, the snap). */
const SYSTEM_CHROMIUM: Partial<Record<NodeJS.Platform, string[]>> = {
  linux: [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/snap/bin/chromium',
    '/usr/lib/chromium/chromium',
  ],
  darwin: ['/Applications/Chromium.app/Contents/MacOS/Chromium'],
};

function installedChrome(platform: NodeJS.Platform, env: BrowserSearch['env']): string[] {
  switch (platform) {
    case 'linux':
      return ['/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/opt/google/chrome/chrome'];
    case 'darwin':
      return ['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'];
    case 'win32':
      return [env['PROGRAMFILES'], env['PROGRAMFILES(X86)'], env['LOCALAPPDATA']]
        .filter((dir): dir is string => typeof dir === 'string' && dir !== '')
        .map((dir) => join(dir, 'Google', 'Chrome', 'Application', 'chrome.exe'));
    default:
      return [];
  }
}

/** Why no browser was found, and the command that fixes it. */
export class NoBrowserError extends Error {
  override readonly name = 'NoBrowserError';
}

/** The browser the suite runs, by the order above; throws NoBrowserError when there is none. */
export function findBrowser(search: BrowserSearch): BrowserFound {
  const fromEnv = search.env['PARALLAX_CHROMIUM'];
  if (fromEnv !== undefined && fromEnv !== '') {
    if (search.exists(fromEnv)) return { path: fromEnv, source: 'PARALLAX_CHROMIUM' };
    throw new NoBrowserError(
      `PARALLAX_CHROMIUM is set to ${fromEnv}, which does not exist. Point it at a Chromium or Chrome ` +
        `executable, or unset it to use the browser found on this machine (or get one with: ${GET_BROWSER_COMMAND}).`,
    );
  }
  const candidates: Array<[string, string[]]> = [
    ["Debian's Chromium headless shell", search.fullBrowser ? [] : (HEADLESS_SHELL[search.platform] ?? [])],
    ['system Chromium', SYSTEM_CHROMIUM[search.platform] ?? []],
    ['installed Google Chrome', installedChrome(search.platform, search.env)],
    ["Playwright's Chromium", [search.playwrightChromium()].filter((p): p is string => p !== null)],
  ];
  for (const [source, paths] of candidates) {
    const path = paths.find((p) => search.exists(p));
    if (path !== undefined) return { path, source };
  }
  const looked = candidates.flatMap(([, paths]) => paths);
  throw new NoBrowserError(
    `The end-to-end tests need Chromium or Chrome and found none (looked for PARALLAX_CHROMIUM, then ${looked.join(', ')}). ` +
      `Get one with:\n\n    ${GET_BROWSER_COMMAND}\n`,
  );
}

/** findBrowser on this machine. */
export async function findBrowserHere(options: { fullBrowser?: boolean } = {}): Promise<BrowserFound> {
  const { chromium } = await import('playwright-core');
  return findBrowser({
    env: process.env,
    platform: process.platform,
    fullBrowser: options.fullBrowser === true,
    exists: (path) => existsSync(path),
    playwrightChromium: () => {
      try {
        return chromium.executablePath();
      } catch {
        return null; // this playwright-core knows no Chromium build for the platform
      }
    },
  });
}
