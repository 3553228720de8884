import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshBuiltCli } from '../../../bin/built-cli.mjs';

// The stale-bundle rule: bin/parallax.mjs runs out/cli only when no source it was built from
// changed since the build started; otherwise the sources (tsx). Checked on a package folder of
// its own whose files' times the test sets, and through the real bin.

const ROOT = join(import.meta.dirname, '..', '..', '..');
const BUILD_STARTED = Date.UTC(2026, 0, 1, 12, 0, 0);
let pkg: string;

/** Writes a file dated `at` (ms), its folders dated before the build. */
function file(path: string, text: string, at = BUILD_STARTED - 60_000): void {
  const full = join(pkg, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
  utimesSync(full, at / 1000, at / 1000);
}

function dateFolder(path: string, at = BUILD_STARTED - 60_000): void {
  utimesSync(join(pkg, path), at / 1000, at / 1000);
}

/** A checkout built at BUILD_STARTED from src/cli and src/shared. */
function builtCheckout(): void {
  file('src/cli/main.ts', "console.log('SOURCES');\n");
  file('src/shared/util.ts', 'export const x = 1;\n');
  file('scripts/build-cli.mjs', '// build\n');
  file('package-lock.json', '{}\n');
  file('out/cli/parallax.mjs', "console.log('BUNDLE');\n");
  file(
    'out/cli/build.json',
    JSON.stringify({
      entry: 'parallax.mjs',
      startedAt: BUILD_STARTED,
      sourceDirs: ['src/cli', 'src/shared'],
    }),
  );
  for (const dir of ['src/cli', 'src/shared', 'src', 'scripts']) dateFolder(dir);
}

beforeEach(() => {
  pkg = mkdtempSync(join(tmpdir(), 'parallax-fresh-'));
  builtCheckout();
});
afterEach(() => rmSync(pkg, { recursive: true, force: true }));

describe('freshBuiltCli', () => {
  it('runs the bundle when every source is older than the build', () => {
    expect(freshBuiltCli(pkg)).toBe(join(pkg, 'out/cli/parallax.mjs'));
  });

  it('runs the sources when a source file changed after the build started', () => {
    file('src/shared/util.ts', 'export const x = 2;\n', BUILD_STARTED + 1);
    expect(freshBuiltCli(pkg)).toBeNull();
  });

  it('runs the sources when a file was removed from a source folder after the build', () => {
    unlinkSync(join(pkg, 'src/shared/util.ts'));
    dateFolder('src/shared', BUILD_STARTED + 1);
    expect(freshBuiltCli(pkg)).toBeNull();
  });

  it('runs the sources when a source folder the bundle used is gone', () => {
    rmSync(join(pkg, 'src/shared'), { recursive: true });
    expect(freshBuiltCli(pkg)).toBeNull();
  });

  it('runs the sources when the package versions, the build script or its plugins changed', () => {
    file('package-lock.json', '{"changed":true}\n', BUILD_STARTED + 1);
    expect(freshBuiltCli(pkg)).toBeNull();
    file('package-lock.json', '{}\n');
    file('scripts/build-cli.mjs', '// build v2\n', BUILD_STARTED + 1);
    expect(freshBuiltCli(pkg)).toBeNull();
    file('scripts/build-cli.mjs', '// build\n');
    file('scripts/cli-bundle-plugins.mjs', '// plugins v2\n', BUILD_STARTED + 1);
    expect(freshBuiltCli(pkg)).toBeNull();
  });

  it('runs the sources when the built entry is missing', () => {
    unlinkSync(join(pkg, 'out/cli/parallax.mjs'));
    expect(freshBuiltCli(pkg)).toBeNull();
  });

  it('runs the sources when there is no build, or its record is unreadable', () => {
    file('out/cli/build.json', '{not json');
    expect(freshBuiltCli(pkg)).toBeNull();
    rmSync(join(pkg, 'out'), { recursive: true });
    expect(freshBuiltCli(pkg)).toBeNull();
  });

  it('ignores changes outside the folders the bundle was built from', () => {
    file('src/renderer/App.tsx', 'export {};\n', BUILD_STARTED + 1);
    expect(freshBuiltCli(pkg)).not.toBeNull();
  });
});

describe('bin/parallax.mjs', () => {
  it('runs the bundle while it is current and the sources as soon as one changes', () => {
    mkdirSync(join(pkg, 'bin'));
    for (const name of ['parallax.mjs', 'built-cli.mjs']) {
      copyFileSync(join(ROOT, 'bin', name), join(pkg, 'bin', name));
      file(`bin/${name}`, readFileSync(join(pkg, 'bin', name), 'utf8'));
    }
    // tsx (for the sources) from the project's own node_modules.
    symlinkSync(join(ROOT, 'node_modules'), join(pkg, 'node_modules'), 'dir');
    const bin = (): string =>
      execFileSync(process.execPath, [join(pkg, 'bin/parallax.mjs')], { encoding: 'utf8' }).trim();
    expect(bin()).toBe('BUNDLE');
    file('src/cli/main.ts', "console.log('SOURCES');\n", Date.now());
    expect(bin()).toBe('SOURCES');
  });
});
