import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { extractFile, listPackage } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAppBuild } from '../../support/app-build';

// `electron-builder --dir` as `npm run dist` runs it, with one difference: Electron's own
// binaries cannot be downloaded here, so a stand-in Electron distribution (a script named
// `electron`) is packed instead. Everything electron-builder does to the app itself is real:
// the files it takes, the asar it writes, the native modules it unpacks next to it. The
// installers (dmg, NSIS, AppImage, deb) are not made: their tools are downloaded too.

const ROOT = join(import.meta.dirname, '..', '..', '..');
const BUILT = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'];
let work: string;
let appDir: string;
let asarPath: string;
let entries: Set<string>;

function fakeElectron(dir: string): void {
  mkdirSync(join(dir, 'resources'), { recursive: true });
  writeFileSync(join(dir, 'electron'), '#!/bin/sh\necho "stand-in Electron"\n');
  chmodSync(join(dir, 'electron'), 0o755);
  writeFileSync(join(dir, 'version'), 'v45.4.1');
  writeFileSync(join(dir, 'LICENSE'), '');
}

/** The npm package of an import: `pkg` of `pkg/sub/path`, `@scope/pkg` of `@scope/pkg/sub`. */
const packageOf = (spec: string): string =>
  spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string);

/** What the main bundle imports from npm packages, as written (`pkg` or `pkg/sub/path`). */
function mainBundleSpecifiers(): string[] {
  const dir = join(ROOT, 'out/main');
  const files = [
    join(dir, 'index.js'),
    ...readdirSync(join(dir, 'chunks')).map((f) => join(dir, 'chunks', f)),
  ];
  const specs = new Set<string>();
  for (const file of files.filter((f) => f.endsWith('.js'))) {
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/(?:from |import\(|require\()\s*["']([^"'./][^"']*)["']/g)) {
      const spec = m[1] as string;
      if (
        !spec.startsWith('node:') &&
        !builtinModules.includes(packageOf(spec)) &&
        packageOf(spec) !== 'electron'
      )
        specs.add(spec);
    }
  }
  return [...specs].sort();
}

/** The npm packages the main bundle imports (the bundle keeps dependencies external). */
const mainBundleImports = (): string[] => [...new Set(mainBundleSpecifiers().map(packageOf))].sort();

beforeAll(async () => {
  // CI builds once before the tests (.ci/run); elsewhere out/ is rebuilt when older than a
  // source, under the lock the built shell and the e2e suite take, so no other file rebuilds
  // it while electron-builder packs it.
  await ensureAppBuild();
  work = mkdtempSync(join(tmpdir(), 'parallax-dist-'));
  fakeElectron(join(work, 'electron-dist'));
  const out = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/electron-builder/cli.js'),
      '--linux',
      '--dir',
      '--publish',
      'never',
      `-c.electronDist=${join(work, 'electron-dist')}`,
      `-c.directories.output=${join(work, 'release')}`,
    ],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CI: 'true' } },
  );
  if (out.status !== 0) {
    const how = out.error ? out.error.message : out.signal ? `killed by ${out.signal}` : `exit ${out.status}`;
    throw new Error(`electron-builder failed (${how}):\n${out.stdout}\n${out.stderr}`);
  }
  appDir = join(work, 'release', 'linux-unpacked');
  asarPath = join(appDir, 'resources', 'app.asar');
  entries = new Set(listPackage(asarPath, { isPack: false }).map((p) => p.replaceAll('\\', '/')));
}, 300_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed app (electron-builder --dir)', () => {
  it("holds the app's three bundles and a package.json whose main is the main bundle", () => {
    for (const file of BUILT) expect(entries.has(`/${file}`), file).toBe(true);
    const pkg = JSON.parse(extractFile(asarPath, 'package.json').toString()) as { main: string };
    expect(pkg.main).toBe('./out/main/index.js');
    expect(existsSync(join(appDir, 'parallax'))).toBe(true);
  });

  it('holds every npm package the main bundle imports', () => {
    const imports = mainBundleImports();
    expect(imports).toEqual(expect.arrayContaining(['better-sqlite3', 'electron-store', '@napi-rs/keyring']));
    for (const name of imports) expect(entries.has(`/node_modules/${name}/package.json`), name).toBe(true);
    // And the file each import loads, as Node resolves it from the project's node_modules.
    const resolveHere = createRequire(join(ROOT, 'package.json')).resolve;
    for (const spec of mainBundleSpecifiers()) {
      const entry = `/${relative(ROOT, resolveHere(spec)).replaceAll('\\', '/')}`;
      expect(entries.has(entry), `${spec}: ${entry}`).toBe(true);
    }
  });

  it('unpacks the native modules next to the asar, byte for byte', () => {
    const unpacked = join(appDir, 'resources', 'app.asar.unpacked', 'node_modules');
    const prebuild = `${process.platform}-${process.arch}.node`;
    expect(readFileSync(join(unpacked, 'better-sqlite3/prebuilds', prebuild))).toEqual(
      readFileSync(join(ROOT, 'node_modules/better-sqlite3/prebuilds', prebuild)),
    );
    const keyringPackages = readdirSync(join(ROOT, 'node_modules/@napi-rs')).filter((n) =>
      /^keyring-/.test(n),
    );
    expect(keyringPackages.length).toBeGreaterThan(0);
    for (const name of keyringPackages) {
      const natives = readdirSync(join(ROOT, 'node_modules/@napi-rs', name)).filter((f) =>
        f.endsWith('.node'),
      );
      expect(natives.length, name).toBeGreaterThan(0);
      for (const native of natives)
        expect(existsSync(join(unpacked, '@napi-rs', name, native)), native).toBe(true);
    }
    // DuckDB (the Parquet analysis export): its addon and the library it loads, side by side.
    const duckdb = `node-bindings-${process.platform}-${process.arch}`;
    // Its binaries only: electron-builder leaves a package's README and licence out of the app.
    const duckdbFiles = readdirSync(join(ROOT, 'node_modules/@duckdb', duckdb)).filter((f) =>
      /\.(node|so|dylib|dll)$/.test(f),
    );
    expect(duckdbFiles).toContain('duckdb.node');
    expect(duckdbFiles.length).toBeGreaterThan(1);
    for (const file of duckdbFiles)
      expect(existsSync(join(unpacked, '@duckdb', duckdb, file)), file).toBe(true);
  });

  it("leaves out the CLI's bundle, its build tools, better-sqlite3's C sources and packages' maps and .ts", () => {
    const names = [...entries];
    expect(names.some((p) => p.startsWith('/out/cli'))).toBe(false);
    expect(names.some((p) => /^\/node_modules\/(tsx|esbuild|@esbuild)\//.test(p))).toBe(false);
    expect(names.some((p) => p.startsWith('/node_modules/better-sqlite3/deps/'))).toBe(false);
    expect(names.some((p) => /^\/node_modules\/(vitest|typescript|electron-builder)\//.test(p))).toBe(false);
    const sources = names.filter((p) => p.startsWith('/node_modules/') && /\.(map|ts|mts|cts)$/.test(p));
    expect(sources.slice(0, 5)).toEqual([]);
  });
});
