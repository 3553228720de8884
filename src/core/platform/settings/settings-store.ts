import { chmodSync, statSync } from 'node:fs';
import { AppError } from '../errors';
import { API_KEY_ANYWHERE } from '../secrets';
import { migrateSettings } from './migrations';
import {
  parseSettingsLeniently,
  settingsPatchSchema,
  settingsSchema,
  VERSION_KEY,
  type Settings,
  type SettingsPatch,
} from './schema';

// The settings store over one JSON file. The file itself is handled by conf (the CLI, tests)
// or electron-store (the app, built on conf), which write atomically; this layer adds the
// schema, migrations, the key-leak guard and change listeners, identically for both.

export interface SettingsStore {
  /** The current settings (a copy: changing it changes nothing). */
  get(): Settings;
  /** Validates the patch strictly, saves, notifies listeners, returns the new settings. Throws SettingsError. */
  update(patch: Partial<Settings>): Settings;
  onChange(listener: (settings: Settings) => void): () => void;
  /** The settings file. */
  readonly path: string;
  /** Fields of the file that were invalid when it was opened and fell back to their defaults. */
  readonly problems: readonly string[];
}

/** What conf and electron-store both offer: the whole file as one object, written atomically. */
export interface JsonFileStore {
  readonly path: string;
  get store(): Record<string, unknown>;
  set store(value: Record<string, unknown>);
}

export const SETTINGS_FILE_MODE = 0o600;

/** A settings change that was refused; `fields` says which fields and why. */
export class SettingsError extends AppError {}

/** Opens settings on a file store: migrates, repairs invalid fields, drops unknown keys, tightens the mode. */
export function createSettingsStore(file: JsonFileStore): SettingsStore {
  const raw = { ...file.store };
  const migration = migrateSettings(raw);
  const parsed = parseSettingsLeniently(migration.raw);
  let settings = parsed.settings;
  // Unknown keys of a newer Parallax are kept so a downgrade does not erase them; anything
  // else unknown is dropped (the file holds settings and nothing else, certainly no key).
  const kept = migration.newer
    ? Object.fromEntries(parsed.unknownKeys.map((key) => [key, migration.raw[key]]))
    : {};
  const version = migration.toVersion;
  const listeners = new Set<(settings: Settings) => void>();

  const write = (next: Settings): void => {
    file.store = { ...kept, ...next, [VERSION_KEY]: version };
    tightenMode(file.path);
  };

  const fileExists = Object.keys(raw).length > 0;
  if (
    fileExists &&
    (migration.fromVersion !== migration.toVersion ||
      parsed.problems.length > 0 ||
      (!migration.newer && parsed.unknownKeys.length > 0))
  ) {
    assertNoKey(settings);
    write(settings);
  } else {
    tightenMode(file.path);
  }

  return {
    path: file.path,
    problems: parsed.problems,
    get: () => structuredClone(settings),
    update(patch) {
      const checked = settingsPatchSchema.safeParse(patch);
      if (!checked.success) {
        throw new SettingsError('INVALID_SETTINGS', 'Some settings are not valid', {
          fields: checked.error.issues.map((issue) => ({
            field: issue.path.map(String).join('.') || '(settings)',
            message: issue.message,
          })),
        });
      }
      const next = settingsSchema.parse({ ...settings, ...withoutUndefined(checked.data) });
      assertNoKey(next);
      write(next);
      settings = next;
      const snapshot = structuredClone(settings);
      for (const listener of listeners) listener(snapshot);
      return structuredClone(settings);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The key never goes into settings, whatever field someone pastes it into. */
function assertNoKey(settings: Settings): void {
  API_KEY_ANYWHERE.lastIndex = 0;
  if (API_KEY_ANYWHERE.test(JSON.stringify(settings))) {
    API_KEY_ANYWHERE.lastIndex = 0;
    throw new SettingsError(
      'SETTINGS_CONTAIN_KEY',
      'A setting contains an API key. The key belongs in the keychain only: set it with `parallax key set` or in Settings → API key.',
    );
  }
}

function withoutUndefined(patch: SettingsPatch): SettingsPatch {
  return Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as SettingsPatch;
}

/** Owner read/write only (on Windows chmod only toggles read-only, and 0600 keeps the file writable). */
function tightenMode(path: string): void {
  try {
    const mode = statSync(path).mode & 0o777;
    if (mode !== SETTINGS_FILE_MODE) chmodSync(path, SETTINGS_FILE_MODE);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
