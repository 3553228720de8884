import { BrowserWindow } from 'electron';
import {
  migrateInWorker,
  pendingMigrations,
  splashHtml,
  splashModel,
  type MigrationProgress,
} from './startup';

// While the history's schema is upgraded (minutes on a big history), a small window says which
// step runs, instead of nothing. The upgrade runs in a worker thread, so this process stays
// responsive; the page is static HTML without script, reloaded when a step starts or ends.

export async function migrateWithSplash(dbPath: string, workerFile: string): Promise<void> {
  const plan = pendingMigrations(dbPath);
  if (!plan) return;
  const splash = new BrowserWindow({
    width: 520,
    height: 360,
    resizable: false,
    minimizable: false,
    maximizable: false,
    title: 'Parallax',
    backgroundColor: '#101418',
    show: true,
    webPreferences: {
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      javascript: false,
    },
  });
  const show = (progress: MigrationProgress | null): void => {
    if (splash.isDestroyed()) return;
    const html = splashHtml(splashModel(plan, progress));
    void splash.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`);
  };
  show(null);
  try {
    await migrateInWorker(workerFile, dbPath, show);
  } finally {
    if (!splash.isDestroyed()) splash.destroy();
  }
}
