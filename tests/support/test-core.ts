import { join } from 'node:path';
import { createCore, type Core, type CoreDeps } from '../../src/core/app';
import type { SettingsStore } from '../../src/core/platform/settings';
import { seedEmptyHistory } from './empty-history';
import { createMemorySecretStore } from './memory-secret-store';

/**
 * The app's core as the integration tests build it: a history file in `dir` (a new one is a copy
 * of an empty history, seedEmptyHistory), the given settings, an in-memory secret store, the
 * real fetch and clock, and no dialogs (a save or folder chooser the user cancels). `overrides`
 * replaces any of these.
 */
export function createTestCore(
  dir: string,
  settings: SettingsStore,
  overrides: Partial<CoreDeps> = {},
): Promise<Core> {
  const dbPath = join(dir, 'parallax.db');
  if (!overrides.dbPath) seedEmptyHistory(dbPath);
  return createCore({
    app: { name: 'Parallax', version: 'test', platform: process.platform, userDataPath: dir },
    dbPath,
    settings,
    secrets: createMemorySecretStore(),
    now: () => Date.now(),
    fetch: globalThis.fetch,
    openExternal: async () => undefined,
    chooseSavePath: async () => null,
    ...overrides,
  });
}
