import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../../platform';

// A client report as PDF: the same HTML page, printed by a Chromium-family engine with the
// report's print style sheet (A4, page breaks, nothing cut). The app prints it in a hidden
// Electron window (webContents.printToPDF, src/main/print-pdf.ts); the CLI drives the
// system's Chromium or Chrome through playwright-core (chromiumPdfPrinter). Either way the
// printer takes the HTML and gives the PDF's bytes.

export type PdfPrinter = (html: string) => Promise<Buffer>;

/** Where a Chromium-family browser usually is; PARALLAX_CHROMIUM comes first. */
function candidates(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string[] {
  const fromEnv = env['PARALLAX_CHROMIUM'];
  const own = fromEnv ? [fromEnv] : [];
  switch (platform) {
    case 'linux':
      return [
        ...own,
        '/usr/bin/chromium',
        '/usr/bin/chromium-browser',
        '/snap/bin/chromium',
        '/usr/bin/google-chrome',
        '/usr/bin/google-chrome-stable',
      ];
    case 'darwin':
      return [
        ...own,
        '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
        '/Applications/Chromium.app/Contents/MacOS/Chromium',
      ];
    case 'win32':
      return [
        ...own,
        ...[env['PROGRAMFILES'], env['PROGRAMFILES(X86)'], env['LOCALAPPDATA']]
          .filter((dir): dir is string => typeof dir === 'string' && dir !== '')
          .map((dir) => join(dir, 'Google', 'Chrome', 'Application', 'chrome.exe')),
      ];
    default:
      return own;
  }
}

/** The first Chromium-family browser found, or null. */
export function findChromium(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
  exists: (path: string) => boolean = existsSync,
): string | null {
  return candidates(env, platform).find((path) => exists(path)) ?? null;
}

export const NO_CHROMIUM_MESSAGE =
  'Saving a PDF needs Chromium or Google Chrome, and none was found: install one (e.g. `apt install chromium`), or set PARALLAX_CHROMIUM to its program; HTML and XLSX need nothing';

/**
 * Prints HTML to A4 PDF pages in a headless Chromium (no script runs: JavaScript is off, and the
 * report's CSP allows nothing but its inline style and data: images).
 */
export function chromiumPdfPrinter(executablePath: string): PdfPrinter {
  return async (html) => {
    // Loaded only for a PDF: the CLI's other commands never pay for it.
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    try {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.setContent(html, { waitUntil: 'load' });
      return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    } finally {
      await browser.close();
    }
  };
}

/** The printer to use, or the error that says why there is none. */
export function requirePrinter(printer: PdfPrinter | undefined): PdfPrinter {
  if (!printer) throw new AppError('PDF_UNAVAILABLE', NO_CHROMIUM_MESSAGE);
  return printer;
}
