import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles a worker entry (src/…/x-worker.ts) into one ES module in a temp folder, the way
 * electron-vite ships it with the app: a worker thread runs built JavaScript, not the
 * TypeScript sources vitest transforms. Native addons stay external, as in the app.
 */
export async function buildWorker(entry: string): Promise<string> {
  const outfile = join(mkdtempSync(join(tmpdir(), 'parallax-worker-')), `${basename(entry, '.ts')}.mjs`);
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
