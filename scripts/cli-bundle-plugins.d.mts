import type { Plugin } from 'esbuild';

/** The zod exports the sources use as values; see scripts/cli-bundle-plugins.mjs. */
export declare function usedZodExports(root: string): Promise<string[]>;
/** The bundle's `zod`: a `z` of those exports only. */
export declare function zodUsedExports(root: string): Promise<Plugin>;
/** Stand-ins that evaluate the lazy packages (tldts) at their first call. */
export declare function lazyPackages(root: string): Promise<Plugin>;
/** Marks the project's own modules under src/ as free of side effects, so room faces tree-shake. */
export declare function sideEffectFreeSources(root: string): Plugin;
/** Imports from the engine's index.ts files rewritten to the files that define the names (bundle only). */
export declare function directEngineImports(root: string): Plugin;
