import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// Names a fixture built from the core's code (a demo history template) by what made it: a
// hash of every file under src/core, src/main, src/shared and src/sandbox and of package-lock.json, so
// a change to any of them builds the fixture again instead of testing against a stale one.

const SOURCE_DIRS = ['src/core', 'src/main', 'src/shared', 'src/sandbox'];
const SOURCE_FILES = ['package-lock.json'];

const byRoot = new Map<string, string>();

/** 16 hex digits of SHA-256 over the sources' paths and contents (computed once per process). */
export function sourceHash(root: string): string {
  const known = byRoot.get(root);
  if (known) return known;
  const hash = createHash('sha256');
  const files = [
    ...SOURCE_DIRS.flatMap((dir) => filesUnder(join(root, dir))),
    ...SOURCE_FILES.map((f) => join(root, f)),
  ];
  for (const file of files.sort()) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  const digest = hash.digest('hex').slice(0, 16);
  byRoot.set(root, digest);
  return digest;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}
