#!/usr/bin/env node
// `npx parallax`: the headless CLI runs the TypeScript sources through tsx, so it works
// right after `npm install` with no build step and without the Electron binary.
import { register } from 'tsx/esm/api';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(`parallax: Node >= 22.12 is required (this is ${process.version}).\n`);
  process.exit(2);
}
register();
await import('../src/cli/main.ts');
