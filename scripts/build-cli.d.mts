/** Bundles the CLI into outDir (default out/cli); see scripts/build-cli.mjs. */
export declare function buildCli(opts?: { outDir?: string }): Promise<{
  outDir: string;
  /** The built entry (outDir/parallax.mjs). */
  entry: string;
  files: number;
  bytes: number;
}>;
