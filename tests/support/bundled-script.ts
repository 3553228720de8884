import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { build } from 'esbuild';
import { isAlive } from './process-alive';

// A test's child script (TypeScript importing the sources) bundled into one ES module, so the
// child runs built JavaScript instead of loading tsx and transforming every source file it
// imports at each start: the keychain's start-up child, some 580 files, costs 2.4 s of CPU to
// start through tsx and 0.7 s bundled, and the bundle 0.3 s once for the test file. The
// children are about what the code does, not about how Node loads it. Packages stay external,
// as in the app: the bundle sits under the project's node_modules, where Node resolves them.

const ROOT = resolve(import.meta.dirname, '..', '..');
const built = new Map<string, Promise<string>>();
let folder: string | null = null;

/**
 * This process's folder of bundles, removed at its exit. A worker killed rather than exiting
 * leaves its folder behind: the next process to make one removes the folders of the dead.
 */
function bundleFolder(): string {
  if (folder) return folder;
  const root = join(ROOT, 'node_modules', '.cache', 'parallax-test-scripts');
  mkdirSync(root, { recursive: true });
  for (const name of readdirSync(root)) {
    const pid = Number(/^scripts-(\d+)$/.exec(name)?.[1]);
    if (pid > 0 && pid !== process.pid && !isAlive(pid))
      rmSync(join(root, name), { recursive: true, force: true });
  }
  const made = join(root, `scripts-${process.pid}`);
  mkdirSync(made, { recursive: true });
  process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  return (folder = made);
}

/** The path of `entry` (a .ts script) bundled for `node PATH`: once per process, removed at its exit. */
export function bundledScript(entry: string): Promise<string> {
  let outfile = built.get(entry);
  if (!outfile) {
    const path = join(bundleFolder(), `${basename(entry, '.ts')}-${built.size}.mjs`);
    outfile = build({
      entryPoints: [entry],
      outfile: path,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      packages: 'external',
      logLevel: 'error',
    }).then(() => path);
    built.set(entry, outfile);
  }
  return outfile;
}
