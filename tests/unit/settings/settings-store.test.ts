import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSettingsStore } from '../../../src/core/platform/settings/conf-settings-store';
import { defaultUserDataDir } from '../../../src/core/platform/settings/paths';
import { DEFAULT_SETTINGS } from '../../../src/core/platform/settings/schema';
import { SettingsError } from '../../../src/core/platform/settings/settings-store';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const file = (): string => join(dir, 'config.json');
const onDisk = (): Record<string, unknown> =>
  JSON.parse(readFileSync(file(), 'utf8')) as Record<string, unknown>;
const key = `sk_${'Ab12Cd34Ef'.repeat(4)}`;

describe('settings store on conf', () => {
  it('starts with the defaults and writes nothing until something changes', () => {
    const store = openSettingsStore({ userDataDir: dir });
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(store.path).toBe(file());
    expect(existsSync(file())).toBe(false);
  });

  it('persists updates to <userData>/config.json, read back by a new store', () => {
    const store = openSettingsStore({ userDataDir: dir });
    const next = store.update({
      baseUrl: 'https://api.example.test',
      theme: 'dark',
      defaultCountries: ['DE', 'FR'],
    });
    expect(next.theme).toBe('dark');
    expect(onDisk()).toMatchObject({
      settingsVersion: 2,
      baseUrl: 'https://api.example.test',
      theme: 'dark',
    });
    const reopened = openSettingsStore({ userDataDir: dir });
    expect(reopened.get()).toEqual(next);
  });

  it('finds the file through the default user-data folder (XDG_CONFIG_HOME on Linux)', () => {
    const env = { XDG_CONFIG_HOME: dir };
    openSettingsStore({ env, platform: 'linux' }).update({ plan: 'Lite' });
    const expected = join(defaultUserDataDir('Parallax', 'linux', env), 'config.json');
    expect(JSON.parse(readFileSync(expected, 'utf8'))).toMatchObject({ plan: 'Lite' });
  });

  it('writes the file with mode 0600, and tightens a pre-existing looser file', () => {
    openSettingsStore({ userDataDir: dir }).update({ theme: 'light' });
    expect(statSync(file()).mode & 0o777).toBe(0o600);
    chmodSync(file(), 0o644);
    openSettingsStore({ userDataDir: dir });
    expect(statSync(file()).mode & 0o777).toBe(0o600);
  });

  it('refuses invalid values and unknown keys with per-field errors, and keeps the old settings', () => {
    const store = openSettingsStore({ userDataDir: dir });
    store.update({ theme: 'dark' });
    const err = (() => {
      try {
        store.update({ theme: 'neon', maxRetries: -1 } as never);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(SettingsError);
    expect((err as SettingsError).code).toBe('INVALID_SETTINGS');
    expect((err as SettingsError).extra.fields?.map((f) => f.field).sort()).toEqual(['maxRetries', 'theme']);
    expect(() => store.update({ apiKey: key } as never)).toThrow(SettingsError);
    expect(store.get().theme).toBe('dark');
    expect(onDisk()['theme']).toBe('dark');
  });

  it('never writes a key, whatever field it is pasted into', () => {
    const store = openSettingsStore({ userDataDir: dir });
    store.update({ theme: 'dark' });
    const before = readFileSync(file(), 'utf8');
    expect(() => store.update({ baseUrl: `https://api.example.test/?key=${key}` })).toThrow(
      /contains an API key/,
    );
    expect(() => store.update({ dataFolder: `/tmp/${key}` })).toThrow(/contains an API key/);
    expect(readFileSync(file(), 'utf8')).toBe(before);
    expect(readFileSync(file(), 'utf8')).not.toContain(key.slice(0, 12));
  });

  it('drops keys that are not settings from the file (an apiKey planted by hand included)', () => {
    writeFileSync(
      file(),
      JSON.stringify({ settingsVersion: 2, theme: 'dark', apiKey: 'planted-secret-value' }),
    );
    const store = openSettingsStore({ userDataDir: dir });
    expect(store.get().theme).toBe('dark');
    expect(readFileSync(file(), 'utf8')).not.toContain('planted-secret-value');
  });

  it('migrates a version-1 file on disk and saves it as version 2', () => {
    writeFileSync(file(), JSON.stringify({ apiBaseUrl: 'https://legacy.example.test', plan: 'Starter' }));
    const store = openSettingsStore({ userDataDir: dir });
    expect(store.get()).toMatchObject({ baseUrl: 'https://legacy.example.test', plan: 'Starter' });
    expect(onDisk()).toMatchObject({ settingsVersion: 2, baseUrl: 'https://legacy.example.test' });
    expect(onDisk()).not.toHaveProperty('apiBaseUrl');
  });

  it('repairs invalid fields with defaults and reports them', () => {
    writeFileSync(file(), JSON.stringify({ settingsVersion: 2, theme: 'neon', plan: 'Growth' }));
    const store = openSettingsStore({ userDataDir: dir });
    expect(store.get()).toMatchObject({ theme: 'system', plan: 'Growth' });
    expect(store.problems).toEqual([expect.stringMatching(/^theme: /)]);
    expect(onDisk()['theme']).toBe('system');
  });

  it('keeps the unknown settings of a newer Parallax instead of erasing them', () => {
    writeFileSync(file(), JSON.stringify({ settingsVersion: 7, theme: 'dark', futureOption: { a: 1 } }));
    const store = openSettingsStore({ userDataDir: dir });
    store.update({ plan: 'Hobby' });
    expect(onDisk()).toMatchObject({
      settingsVersion: 7,
      futureOption: { a: 1 },
      plan: 'Hobby',
      theme: 'dark',
    });
  });

  it('sets a file that is not JSON aside and starts from the defaults', () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file(), '{ "theme": "dark", ');
    const moved: string[] = [];
    const store = openSettingsStore({ userDataDir: dir, onCorruptFile: (to) => moved.push(to) });
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(moved).toHaveLength(1);
    expect(readdirSync(dir).some((name) => name.startsWith('config.json.corrupt-'))).toBe(true);
  });

  it('tells listeners about changes, with copies', () => {
    const store = openSettingsStore({ userDataDir: dir });
    const seen: string[] = [];
    const off = store.onChange((s) => {
      seen.push(s.theme);
      s.theme = 'light';
    });
    store.update({ theme: 'dark' });
    off();
    store.update({ theme: 'system' });
    expect(seen).toEqual(['dark']);
    expect(store.get().theme).toBe('system');
  });
});
