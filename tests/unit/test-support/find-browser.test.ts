import { describe, expect, it } from 'vitest';
import {
  findBrowser,
  GET_BROWSER_COMMAND,
  NoBrowserError,
  type BrowserSearch,
} from '../../support/find-browser';

/** A machine with exactly these files. */
function machine(files: string[], over: Partial<Omit<BrowserSearch, 'exists'>> = {}): BrowserSearch {
  const present = new Set(files);
  return {
    env: {},
    platform: 'linux',
    playwrightChromium: () => '/home/dev/.cache/ms-playwright/chromium-1200/chrome-linux/chrome',
    ...over,
    exists: (path) => present.has(path),
  };
}

const PLAYWRIGHT = '/home/dev/.cache/ms-playwright/chromium-1200/chrome-linux/chrome';

describe('the e2e browser search', () => {
  it('takes PARALLAX_CHROMIUM first, over every browser installed', () => {
    const found = findBrowser(
      machine(['/opt/my/chrome', '/usr/bin/chromium', '/usr/bin/google-chrome', PLAYWRIGHT], {
        env: { PARALLAX_CHROMIUM: '/opt/my/chrome' },
      }),
    );
    expect(found).toEqual({ path: '/opt/my/chrome', source: 'PARALLAX_CHROMIUM' });
  });

  it('refuses a PARALLAX_CHROMIUM that does not exist instead of silently using another browser', () => {
    const search = machine(['/usr/bin/chromium'], { env: { PARALLAX_CHROMIUM: '/nope/chrome' } });
    expect(() => findBrowser(search)).toThrow(NoBrowserError);
    expect(() => findBrowser(search)).toThrow(/PARALLAX_CHROMIUM is set to \/nope\/chrome/);
  });

  it('then Debian’s Chromium headless shell, before the full Chromium', () => {
    const full = ['/usr/bin/chromium', '/usr/bin/google-chrome', PLAYWRIGHT];
    expect(findBrowser(machine(['/usr/bin/chromium-headless-shell', ...full]))).toEqual({
      path: '/usr/bin/chromium-headless-shell',
      source: "Debian's Chromium headless shell",
    });
    expect(findBrowser(machine(['/usr/lib/chromium/chromium-headless-shell', ...full])).path).toBe(
      '/usr/lib/chromium/chromium-headless-shell',
    );
    const darwin = machine(['/usr/bin/chromium-headless-shell', PLAYWRIGHT], { platform: 'darwin' });
    expect(findBrowser(darwin).source).toBe("Playwright's Chromium");
  });

  it('skips the headless shell when the full browser is asked for (the paint benchmark, the docs’ screenshots)', () => {
    const both = machine(['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'], { fullBrowser: true });
    expect(findBrowser(both)).toEqual({ path: '/usr/bin/chromium', source: 'system Chromium' });
  });

  it('then the system Chromium (Debian, Ubuntu, the snap), before Chrome and Playwright’s', () => {
    const all = ['/usr/bin/google-chrome', PLAYWRIGHT];
    expect(findBrowser(machine(['/usr/bin/chromium', ...all]))).toEqual({
      path: '/usr/bin/chromium',
      source: 'system Chromium',
    });
    expect(findBrowser(machine(['/usr/bin/chromium-browser', ...all])).path).toBe(
      '/usr/bin/chromium-browser',
    );
    expect(findBrowser(machine(['/snap/bin/chromium', ...all])).path).toBe('/snap/bin/chromium');
  });

  it('then an installed Google Chrome, then Playwright’s downloaded Chromium', () => {
    expect(findBrowser(machine(['/opt/google/chrome/chrome', PLAYWRIGHT]))).toEqual({
      path: '/opt/google/chrome/chrome',
      source: 'installed Google Chrome',
    });
    expect(findBrowser(machine([PLAYWRIGHT]))).toEqual({ path: PLAYWRIGHT, source: "Playwright's Chromium" });
  });

  it('looks in each platform’s own places (Chrome under Program Files on Windows)', () => {
    const chrome = 'C:\\Program Files/Google/Chrome/Application/chrome.exe';
    const found = findBrowser(
      machine([chrome], {
        platform: 'win32',
        env: { PROGRAMFILES: 'C:\\Program Files' },
        playwrightChromium: () => null,
      }),
    );
    expect(found.source).toBe('installed Google Chrome');
    expect(found.path.replaceAll('\\', '/')).toBe(chrome.replaceAll('\\', '/'));
    expect(
      findBrowser(
        machine(['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'], { platform: 'darwin' }),
      ).source,
    ).toBe('installed Google Chrome');
  });

  it('with none, fails with the one command that gets one', () => {
    const search = machine([], { playwrightChromium: () => null });
    expect(() => findBrowser(search)).toThrow(NoBrowserError);
    expect(() => findBrowser(search)).toThrow(`Get one with:\n\n    ${GET_BROWSER_COMMAND}\n`);
    expect(GET_BROWSER_COMMAND).toBe('npx playwright-core install chromium');
  });
});
