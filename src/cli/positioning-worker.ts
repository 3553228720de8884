import type { WorkerScript } from '../core/platform';
import { bundledWorker } from './worker-source';

// The positioning re-score's judge threads for the CLI (see export-worker.ts for the JSON
// export's): in the bundle (scripts/build-cli.mjs) out/cli/positioning-worker.mjs beside the
// chunks/ folder this module is bundled into; run from the sources, the TypeScript file through tsx.

declare const __PARALLAX_CLI_BUNDLE__: boolean | undefined;

export function cliPositioningWorker(): WorkerScript {
  if (typeof __PARALLAX_CLI_BUNDLE__ !== 'undefined' && __PARALLAX_CLI_BUNDLE__) {
    return { file: new URL('../positioning-worker.mjs', import.meta.url) };
  }
  return (
    bundledWorker('positioning-worker') ?? {
      file: new URL('../core/positioning/positioning/positioning-worker.ts', import.meta.url),
      execArgv: ['--import', import.meta.resolve('tsx')],
    }
  );
}
