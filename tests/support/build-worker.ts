import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles a worker entry (src/…/x-worker.ts) into one ES module in a temp folder, the way
 * electron-vite ships it with the app: a worker thread runs built JavaScript, not the
 * TypeScript sources vitest transforms. Native addons stay external, as in the app, so the
 * output goes under the project's node_modules (where Node resolves them from).
 */
export async function buildWorker(entry: string): Promise<string> {
  const root = join(resolve(__dirname, '../..'), 'node_modules', '.cache', 'parallax-test-workers');
  mkdirSync(root, { recursive: true });
  const outfile = join(mkdtempSync(join(root, 'worker-')), `${basename(entry, '.ts')}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external: ['better-sqlite3'],
    // Bundled CommonJS packages call require() for Node's built-ins.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'error',
  });
  return outfile;
}

/** Removes a worker built by buildWorker (and anything a test wrote next to it). */
export function removeBuiltWorker(file: string): void {
  rmSync(dirname(file), { recursive: true, force: true });
}
