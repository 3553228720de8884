import { BrowserWindow } from 'electron';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The app's "Save as PDF" for a client report: the report's HTML (the same page the HTML file
// is) loaded from a private temp file into a hidden window with no script, no preload and no
// Node, then printed by Chromium (A4, backgrounds, the report's own @page rules). A file, not a
// data: URL: a long report's URL would pass Chromium's URL size limit.

export async function printReportPdf(html: string): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'parallax-report-'));
  const window = new BrowserWindow({
    show: false,
    webPreferences: { javascript: false, sandbox: true, contextIsolation: true, nodeIntegration: false },
  });
  try {
    const file = join(dir, 'report.html');
    await writeFile(file, html, { mode: 0o600 });
    await window.loadFile(file);
    return await window.webContents.printToPDF({
      pageSize: 'A4',
      printBackground: true,
      preferCSSPageSize: true,
    });
  } finally {
    window.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}
