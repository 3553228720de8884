import { join } from 'node:path';
import { freshBuiltCli } from '../../bin/built-cli.mjs';

// The worker threads the tests start (the JSON export's, the analysis export's second thread,
// the positioning judge's): the CLI bundle's build of the worker (out/cli, scripts/build-cli.mjs)
// while that bundle is current, as bin/built-cli.mjs decides for the CLI itself, else the
// TypeScript source through tsx, as the CLI runs it when not bundled. A thread started through
// tsx resolves and loads the sources' modules one by one: about 1.5 s of CPU before it does any
// work, against under 0.3 s for the bundled file (`--cpu-prof` of the threads). The bundle is
// built from the same sources, so the code a test runs is the working tree's either way.

const ROOT = join(import.meta.dirname, '..', '..');

/** What `new Worker` is given: a file, and the options its source needs. */
export interface TestWorkerScript {
  file: URL;
  execArgv?: string[];
}

/** The folder of the CLI bundle's workers (out/cli/) while the bundle is current, else null. */
export function bundledWorkersDir(): URL | null {
  return freshBuiltCli(ROOT) ? new URL('../../out/cli/', import.meta.url) : null;
}

/** The worker built as `out/cli/<bundled>.mjs` from `src/<source>`. */
function workerScript(source: string, bundled: string): TestWorkerScript {
  const dir = bundledWorkersDir();
  if (dir) return { file: new URL(`${bundled}.mjs`, dir) };
  return {
    file: new URL(`../../src/${source}`, import.meta.url),
    execArgv: ['--import', import.meta.resolve('tsx')],
  };
}

/** The analysis export's second thread (src/core/outputs/db-export/table-worker.ts). */
export const dbExportWorker = (): TestWorkerScript =>
  workerScript('core/outputs/db-export/table-worker.ts', 'db-export-worker');

/** The JSON export's worker (src/core/history/exports/export-json-worker.ts). */
export const exportJsonWorker = (): TestWorkerScript =>
  workerScript('core/history/exports/export-json-worker.ts', 'export-json-worker');

/** The positioning judge's thread (src/core/positioning/positioning/positioning-worker.ts). */
export const positioningWorker = (): TestWorkerScript =>
  workerScript('core/positioning/positioning/positioning-worker.ts', 'positioning-worker');
