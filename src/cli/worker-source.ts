// Where the CLI's worker threads (export-worker.ts, positioning-worker.ts) come from when the CLI
// runs from its sources rather than its bundle: their TypeScript files through tsx, unless the
// caller running the CLI in-process from the sources (the tests, tests/support/cli-in-process.ts)
// names the folder of a bundle built from these same sources (out/cli). A thread through tsx
// loads the sources module by module, about 1.5 s of CPU before it does any work; the bundle's
// file, under 0.3 s.

let bundledWorkersDir: URL | null = null;

/** Take the workers from `dir` (a folder URL ending in /, holding `<name>.mjs`), or null: from source. */
export function useBundledWorkers(dir: URL | null): void {
  bundledWorkersDir = dir;
}

/** The bundle's build of worker `name`, when a folder was named; else null. */
export function bundledWorker(name: string): { file: URL } | null {
  return bundledWorkersDir ? { file: new URL(`${name}.mjs`, bundledWorkersDir) } : null;
}
