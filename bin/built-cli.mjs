// @ts-check
// Which CLI bin/parallax.mjs runs: the bundle in out/cli (scripts/build-cli.mjs) when it was
// built after the last change to the sources it was built from, else none (the bin then runs
// the TypeScript sources through tsx). A bundle older than any source never runs, so a
// developer (or a test) always gets the code as it is in the working tree.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const CLI_OUT_DIR = join('out', 'cli');
export const BUILD_INFO_FILE = 'build.json';

/** Besides src/: files whose change changes the bundle (the build itself, the package versions). */
const INPUT_FILES = [
  'scripts/build-cli.mjs',
  'scripts/cli-bundle-plugins.mjs',
  'bin/built-cli.mjs',
  'package-lock.json',
];

/**
 * True when `dir` or a file directly in it changed at or after `since` (ms). The folder's own
 * time counts: adding, deleting or renaming a file changes it, not any remaining file's.
 * @param {string} dir
 * @param {number} since
 * @returns {boolean}
 */
function changedSince(dir, since) {
  if (statSync(dir).mtimeMs >= since) return true;
  // `${dir}/${name}`, not join() (here and for the folders): the parts have nothing to normalise,
  // and join() on some 700 paths was most of this check's cost, paid at every start.
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && statSync(`${dir}/${entry.name}`).mtimeMs >= since) return true;
  }
  return false;
}

/**
 * The built entry to run for the package at `root`, or null when there is none or one of its
 * sources changed since the build started: a file in a folder the bundle took a module from
 * (build.json's sourceDirs), the build script, or package-lock.json.
 * @param {string} root the package folder (holds src/ in a checkout)
 * @returns {string | null}
 */
export function freshBuiltCli(root) {
  const outDir = join(root, CLI_OUT_DIR);
  let info;
  try {
    info = JSON.parse(readFileSync(join(outDir, BUILD_INFO_FILE), 'utf8'));
  } catch {
    return null;
  }
  const startedAt = Number(info?.startedAt);
  if (!Number.isFinite(startedAt) || typeof info?.entry !== 'string' || !Array.isArray(info?.sourceDirs))
    return null;
  try {
    for (const dir of info.sourceDirs) if (changedSince(`${root}/${dir}`, startedAt)) return null;
    for (const file of INPUT_FILES) {
      const stat = statSync(join(root, file), { throwIfNoEntry: false });
      if (stat && stat.mtimeMs >= startedAt) return null;
    }
  } catch {
    // A source folder that cannot be read (deleted, renamed) is no proof the bundle is current.
    return null;
  }
  const entry = join(outDir, info.entry);
  return statSync(entry, { throwIfNoEntry: false })?.isFile() ? entry : null;
}
