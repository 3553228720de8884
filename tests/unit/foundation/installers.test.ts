import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, matchesGlob } from 'node:path';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
import type { Configuration, TargetConfiguration } from 'electron-builder';
import { describe, expect, it } from 'vitest';

// The installers' configuration (electron-builder.yml), checked without the Electron download
// these machines cannot make: electron-builder's own loader and schema validation, the icons
// it names, the native modules it unpacks from the asar, and the files it packs.

const ROOT = join(import.meta.dirname, '..', '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  main: string;
  scripts: Record<string, string>;
};

const loadConfig = (): Promise<Configuration> => getConfig(ROOT, null, null);

function targetNames(targets: unknown): string[] {
  const list = Array.isArray(targets) ? targets : [targets];
  return list.map((t: string | TargetConfiguration) => (typeof t === 'string' ? t : t.target));
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(path: string): { width: number; height: number } {
  const png = readFileSync(path);
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('electron-builder.yml', () => {
  it("passes electron-builder's own validation", async () => {
    await expect(validateConfiguration(await loadConfig(), new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('is refused by that validation when an option is misplaced (the check is live)', async () => {
    const config = await loadConfig();
    const misplaced = { ...config, mac: { ...config.mac, oneClick: false } } as Configuration;
    await expect(validateConfiguration(misplaced, new DebugLogger(false))).rejects.toThrow(
      /configuration\.mac/,
    );
  });

  it('builds dmg and zip for macOS, NSIS for Windows, AppImage and deb for Linux', async () => {
    const config = await loadConfig();
    expect(targetNames(config.mac?.target)).toEqual(['dmg', 'zip']);
    expect(targetNames(config.win?.target)).toEqual(['nsis']);
    expect(targetNames(config.linux?.target)).toEqual(['AppImage', 'deb']);
    expect(pkg.scripts['dist']).toMatch(/^npm run build && electron-builder/);
  });

  it('names icons that exist in resources/, at the sizes each platform takes', async () => {
    const config = await loadConfig();
    expect(config.directories?.buildResources).toBe('resources');
    expect(pngSize(join(ROOT, 'resources/icon.png'))).toEqual({ width: 1024, height: 1024 });
    const icns = readFileSync(join(ROOT, config.mac?.icon ?? 'missing'));
    expect(icns.subarray(0, 4).toString('latin1')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const ico = readFileSync(join(ROOT, config.win?.icon ?? 'missing'));
    expect([...ico.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    // An ICO entry's width byte 0 means 256 px: Windows wants a 256 px image.
    const entries = ico.readUInt16LE(4);
    expect(Array.from({ length: entries }, (_, i) => ico[6 + i * 16])).toContain(0);
    const linuxDir = join(ROOT, config.linux?.icon ?? 'missing');
    const sizes = readdirSync(linuxDir).map((name) => {
      const m = /^(\d+)x\1\.png$/.exec(name);
      expect(m, name).not.toBeNull();
      expect(pngSize(join(linuxDir, name)).width).toBe(Number(m?.[1]));
      return Number(m?.[1]);
    });
    expect(sizes).toEqual(expect.arrayContaining([16, 32, 48, 64, 128, 256, 512]));
  });

  it('unpacks the native modules from the asar, for every platform', async () => {
    const unpack = (await loadConfig()).asarUnpack as string[];
    const unpacked = (path: string): boolean => unpack.some((pattern) => matchesGlob(path, pattern));
    for (const prebuild of readdirSync(join(ROOT, 'node_modules/better-sqlite3/prebuilds')))
      expect(unpacked(`node_modules/better-sqlite3/prebuilds/${prebuild}`), prebuild).toBe(true);
    expect(unpacked('node_modules/better-sqlite3/lib/database.js')).toBe(true);
    for (const platform of ['darwin-arm64', 'darwin-x64', 'win32-x64-msvc', 'linux-x64-gnu'])
      expect(unpacked(`node_modules/@napi-rs/keyring-${platform}/keyring.${platform}.node`), platform).toBe(
        true,
      );
    expect(unpacked('node_modules/@napi-rs/keyring/index.js')).toBe(true);
    expect(unpacked('node_modules/react/index.js')).toBe(false);
  });

  it("packs the app's three bundles and leaves the CLI's bundle and build tools out", async () => {
    const config = await loadConfig();
    // The loader gives the patterns as file sets: [{ filter: [...] }].
    const files = (config.files as Array<{ filter: string[] }>).flatMap((set) => set.filter);
    // node_modules comes in without a pattern (the production dependencies); only exclusions apply.
    const excluded = (path: string): boolean =>
      files.some((p) => p.startsWith('!') && matchesGlob(path, p.slice(1)));
    const included = (path: string): boolean =>
      files.some((p) => !p.startsWith('!') && matchesGlob(path, p)) && !excluded(path);
    expect(pkg.main).toBe('./out/main/index.js');
    for (const path of [
      'out/main/index.js',
      'out/preload/index.cjs',
      'out/renderer/index.html',
      'package.json',
    ])
      expect(included(path), path).toBe(true);
    expect(included('out/cli/parallax.mjs')).toBe(false);
    expect(excluded('node_modules/tsx/dist/cli.mjs')).toBe(true);
    expect(excluded('node_modules/@esbuild/linux-x64/bin/esbuild')).toBe(true);
    expect(excluded('node_modules/better-sqlite3/deps/sqlite3/sqlite3.c')).toBe(true);
    expect(excluded('node_modules/better-sqlite3/prebuilds/linux-x64.node')).toBe(false);
    // The Node-API prebuilds load under Electron as they are: no rebuild, no compiler.
    expect(config.npmRebuild).toBe(false);
    expect(existsSync(join(ROOT, 'node_modules/better-sqlite3/prebuilds'))).toBe(true);
  });
});
