// Types of test-tmpdir.mjs for the tests that import it.
export declare const MIN_FREE_BYTES: number;
export declare function memoryTempDir(base?: string): string | null;
export declare function testTempDir(env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform): string | null;
export declare const LEFTOVER_AGE_MS: number;
export declare function sweepLeftovers(dir: string, now?: number): string[];
export declare function testEntries(dir: string): Set<string>;
export declare function sweepCompileCache(dir: string, now?: number): number;
