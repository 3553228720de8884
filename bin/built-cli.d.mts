export declare const CLI_OUT_DIR: string;
export declare const BUILD_INFO_FILE: string;
/** The built CLI entry to run for the package at root, or null (none, or older than a source). */
export declare function freshBuiltCli(root: string): string | null;
