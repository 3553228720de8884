#!/usr/bin/env node
// `npx parallax`: runs the bundled CLI (out/cli, built by `npm install` and `npm run build`)
// when it is current, else the TypeScript sources through tsx, so a checkout whose sources
// changed since the last build runs what is in the tree, just more slowly. Neither needs the
// Electron binary.
import { enableCompileCache } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freshBuiltCli } from './built-cli.mjs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 15)) {
  process.stderr.write(`parallax: Node >= 22.15 is required (this is ${process.version}).\n`);
  process.exit(2);
}
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = freshBuiltCli(root);
if (built) {
  // V8's compiled code for the bundle is kept on disk: later starts skip most of the parsing.
  enableCompileCache?.();
  await import(pathToFileURL(built).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
