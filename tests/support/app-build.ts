import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { withFileLock } from './file-lock';

// The app's build in out/ (electron-vite: main, preload, renderer), made at most once for the
// tests that need it (the e2e suite's renderer, the built shell under Node): when every entry
// in out/ is newer than every source it is built from, it is used as it is; otherwise one
// process rebuilds it while the others wait (tests/support/file-lock.ts), so `npm test` outside
// CI builds the app once, not once for each suite, and not at all while nothing changed.
// CI builds before the tests (PARALLAX_E2E_SKIP_BUILD=1), so there out/ is always current.

const ROOT = join(import.meta.dirname, '..', '..');
export const APP_OUT_DIR = join(ROOT, 'out');
const ENTRIES = ['main/index.js', 'preload/index.cjs', 'renderer/index.html'];
/** Besides src/: files whose change changes the build. */
const INPUT_FILES = ['electron.vite.config.ts', 'package-lock.json', 'tsconfig.json', 'tsconfig.base.json'];

/** True when out/ holds every entry and none is older than a source file (or the build's inputs). */
export function appBuildIsCurrent(): boolean {
  const built = Math.min(
    ...ENTRIES.map((e) => statSync(join(APP_OUT_DIR, e), { throwIfNoEntry: false })?.mtimeMs ?? 0),
  );
  if (built === 0) return false;
  const inputs = INPUT_FILES.map((f) => statSync(join(ROOT, f), { throwIfNoEntry: false })?.mtimeMs ?? 0);
  return newestUnder(join(ROOT, 'src')) < built && Math.max(...inputs) < built;
}

/** Builds the app into out/ unless it is current there; returns out/. */
export async function ensureAppBuild(): Promise<string> {
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  await withFileLock(join(cache, 'parallax-app-build.lock'), async () => {
    if (appBuildIsCurrent()) return;
    const { build } = await import('electron-vite');
    await build({ root: ROOT, logLevel: 'warn' });
  });
  return APP_OUT_DIR;
}

/** The newest modification time of a folder, its subfolders (a deleted file changes one) and files. */
function newestUnder(dir: string): number {
  let newest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}
