import { SETTINGS_VERSION, VERSION_KEY } from './schema';

// Numbered migrations: MIGRATIONS[n] turns a version-n file into version n+1. A file
// written before versions existed (keys but no settingsVersion) is version 1.

type RawSettings = Record<string, unknown>;

export const MIGRATIONS: Readonly<Record<number, (raw: RawSettings) => RawSettings>> = {
  // v1 → v2: apiBaseUrl became baseUrl, and the per-engine include flags moved into the
  // per-engine options (defaultInclude: { engine: flags } → defaultEngineOptions: { engine: { include } }).
  1: (raw) => {
    const { apiBaseUrl, defaultInclude, ...rest } = raw;
    const next: RawSettings = { ...rest };
    if (apiBaseUrl !== undefined && rest['baseUrl'] === undefined) next['baseUrl'] = apiBaseUrl;
    if (isPlainObject(defaultInclude) && rest['defaultEngineOptions'] === undefined) {
      next['defaultEngineOptions'] = Object.fromEntries(
        Object.entries(defaultInclude).map(([engine, include]) => [engine, { include }]),
      );
    }
    return next;
  },
};

export interface MigrationResult {
  raw: RawSettings;
  fromVersion: number;
  toVersion: number;
  /** The file is from a newer Parallax: read what we know, keep what we don't. */
  newer: boolean;
}

export function fileVersion(raw: RawSettings): number {
  const value = raw[VERSION_KEY];
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1) return value;
  // No version: an empty (new) file is current, a file with settings predates versions.
  return Object.keys(raw).length === 0 ? SETTINGS_VERSION : 1;
}

export function migrateSettings(input: RawSettings, target = SETTINGS_VERSION): MigrationResult {
  const fromVersion = fileVersion(input);
  if (fromVersion > target) return { raw: input, fromVersion, toVersion: fromVersion, newer: true };
  let raw = { ...input };
  for (let version = fromVersion; version < target; version += 1) {
    const migrate = MIGRATIONS[version];
    if (!migrate) throw new Error(`No settings migration from version ${version}`);
    raw = migrate(raw);
  }
  return { raw: { ...raw, [VERSION_KEY]: target }, fromVersion, toVersion: target, newer: false };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
