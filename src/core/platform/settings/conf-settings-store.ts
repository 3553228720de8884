import { renameSync } from 'node:fs';
import { join } from 'node:path';
import Conf from 'conf';
import { defaultUserDataDir } from './paths';
import { createSettingsStore, SETTINGS_FILE_MODE, type SettingsStore } from './settings-store';

// Settings for plain Node (the CLI and tests) on conf, the library electron-store is built
// on, pointed at the same file as the app: <userData>/config.json.

export interface OpenSettingsOptions {
  /** The user-data folder; Electron's default for 'Parallax' when omitted. */
  userDataDir?: string;
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  /** For reporting a damaged file that was set aside. */
  onCorruptFile?: (movedTo: string, error: Error) => void;
}

export function openSettingsStore(options: OpenSettingsOptions = {}): SettingsStore {
  const cwd = options.userDataDir ?? defaultUserDataDir(undefined, options.platform, options.env);
  return createSettingsStore(openConfFile(cwd, options.onCorruptFile));
}

/**
 * A config.json that is not JSON (a crash of another tool, a bad hand edit) is renamed
 * aside and replaced by defaults, so the app and the CLI still start.
 */
function openConfFile(
  cwd: string,
  onCorruptFile?: (movedTo: string, error: Error) => void,
): Conf<Record<string, unknown>> {
  const open = (): Conf<Record<string, unknown>> =>
    new Conf<Record<string, unknown>>({ cwd, configName: 'config', configFileMode: SETTINGS_FILE_MODE });
  try {
    return open();
  } catch (err) {
    if (!(err instanceof SyntaxError) && !/JSON/i.test(String(err))) throw err;
    const path = join(cwd, 'config.json');
    const movedTo = `${path}.corrupt-${Date.now()}`;
    renameSync(path, movedTo);
    onCorruptFile?.(movedTo, err as Error);
    return open();
  }
}
