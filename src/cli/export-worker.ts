import type { ExportWorkerScript } from '../core/history';
import { bundledWorker } from './worker-source';

// The JSON export's worker script for the CLI. In the bundle (scripts/build-cli.mjs) it is
// out/cli/export-json-worker.mjs, beside the chunks/ folder this module is bundled into. Run
// from the sources (bin/parallax.mjs when the bundle is stale, tests), it is the TypeScript
// file, loaded through tsx like the rest of the CLI.

declare const __PARALLAX_CLI_BUNDLE__: boolean | undefined;

export function cliExportJsonWorker(): ExportWorkerScript {
  if (typeof __PARALLAX_CLI_BUNDLE__ !== 'undefined' && __PARALLAX_CLI_BUNDLE__) {
    return { file: new URL('../export-json-worker.mjs', import.meta.url) };
  }
  return (
    bundledWorker('export-json-worker') ?? {
      file: new URL('../core/history/exports/export-json-worker.ts', import.meta.url),
      execArgv: ['--import', import.meta.resolve('tsx')],
    }
  );
}

/** The analysis export's second thread (src/core/outputs/db-export/table-worker.ts), found the same way. */
export function cliDbExportWorker(): ExportWorkerScript {
  if (typeof __PARALLAX_CLI_BUNDLE__ !== 'undefined' && __PARALLAX_CLI_BUNDLE__) {
    return { file: new URL('../db-export-worker.mjs', import.meta.url) };
  }
  return (
    bundledWorker('db-export-worker') ?? {
      file: new URL('../core/outputs/db-export/table-worker.ts', import.meta.url),
      execArgv: ['--import', import.meta.resolve('tsx')],
    }
  );
}
