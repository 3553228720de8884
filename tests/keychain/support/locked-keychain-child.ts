import Conf from 'conf';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSecretStore } from '../../../src/core/platform/secrets/create-secret-store';
import { createKeychainSecretStore } from '../../../src/core/platform/secrets/keychain-secret-store';
import type { SecretBackendInfo } from '../../../src/core/platform/secrets/secret-store';
import { createSettingsStore, SETTINGS_FILE_MODE } from '../../../src/core/platform/settings';
import type { DialogModel, StartupAction } from '../../../src/main/startup';
import { startWithRecovery } from '../../../src/main/startup/start-with-recovery';

// Runs inside a private D-Bus session with its own gnome-keyring (keychain-locked.test.ts):
// stores a key, LOCKS the login collection through the Secret Service's own Lock method, and
// runs the app's start-up check as a user who connected a key before. The first dialog is
// answered with argv[2] ('continue', or 'unlock-retry': unlock the keyring, then "Try again").
// Prints one JSON line: what the keyring said, the dialogs shown and how the start ended.

const SERVICE = 'Parallax-test';
const ACCOUNT = 'locked-keychain';
const KEY = `sk_${'L'.repeat(40)}`;
const PASSWORD = process.env['KEYRING_PASSWORD'] ?? '';
const mode = process.argv[2];

const SECRETS = '/org/freedesktop/secrets';
const LOGIN = `${SECRETS}/collection/login`;

function gdbus(objectPath: string, method: string, ...args: string[]): string {
  return execFileSync(
    'gdbus',
    [
      'call',
      '--session',
      '--dest',
      'org.freedesktop.secrets',
      '--object-path',
      objectPath,
      '--method',
      method,
      ...args,
    ],
    { encoding: 'utf8' },
  ).trim();
}

const isLocked = (): boolean =>
  gdbus(LOGIN, 'org.freedesktop.DBus.Properties.Get', 'org.freedesktop.Secret.Collection', 'Locked').includes(
    'true',
  );

/** The Secret Service's Lock method (what a screen lock or "Lock keyring" in Seahorse calls). */
const lock = (): string => gdbus(SECRETS, 'org.freedesktop.Secret.Service.Lock', `['${LOGIN}']`);

/**
 * Unlocking asks for the password through a GUI prompter, which a headless session lacks: a
 * daemon started with --unlock reads it on stdin instead and replaces the running one (same
 * keyring files), as a login would.
 */
function unlock(): void {
  spawnSync('gnome-keyring-daemon', ['--replace', '--unlock', '--components=secrets'], {
    input: PASSWORD,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  for (let i = 0; i < 50 && isLocked(); i++) spawnSync('sleep', ['0.1']);
}

const keychain = (): ReturnType<typeof createKeychainSecretStore> =>
  createKeychainSecretStore({ service: SERVICE, account: ACCOUNT, timeoutMs: 10_000 });

await keychain().set(KEY);
const lockAnswer = lock();
const lockedAfterLock = isLocked();

const userData = mkdtempSync(join(tmpdir(), 'parallax-locked-'));
const openSettings = (): ReturnType<typeof createSettingsStore> =>
  createSettingsStore(
    new Conf<Record<string, unknown>>({
      cwd: userData,
      configName: 'config',
      configFileMode: SETTINGS_FILE_MODE,
    }),
  );
// A key was connected before: a keychain that does not answer means a key out of reach.
openSettings().update({ baseUrl: 'https://svc.example', sandboxMode: false });

const shown: Array<DialogModel<StartupAction>> = [];
const outcome = await startWithRecovery<{ backend: SecretBackendInfo; key: string | null }>({
  userDataDir: userData,
  openSettings,
  openSecrets: () => createSecretStore({ env: {}, keychain: keychain() }),
  startCore: async (input) => ({ backend: input.secrets.backend, key: await input.secrets.get() }),
  ask: async (model) => {
    shown.push(model);
    if (shown.length > 1) return 'quit';
    if (mode === 'unlock-retry') {
      unlock();
      return 'retry';
    }
    return 'continue';
  },
  chooseFolder: async () => null,
  openFolder: async () => undefined,
  now: Date.now,
});
rmSync(userData, { recursive: true, force: true });

process.stdout.write(
  `${JSON.stringify({
    lockAnswer,
    lockedAfterLock,
    lockedAtEnd: isLocked(),
    shown: shown.map((m) => ({
      title: m.title,
      message: m.message,
      detail: m.detail,
      buttons: m.buttons.map((b) => b.action),
      defaultAction: m.defaultAction,
      cancelAction: m.cancelAction,
    })),
    started: outcome.started,
    problems: outcome.problems,
    core: outcome.started ? outcome.core : null,
  })}\n`,
);
