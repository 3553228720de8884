import Database from 'better-sqlite3';
import Conf from 'conf';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/core/app';
import {
  createKeychainSecretStore,
  createSecretStore,
  type SecretStore,
} from '../../../src/core/platform/secrets';
import {
  createSettingsStore,
  SETTINGS_FILE_MODE,
  type SettingsStore,
} from '../../../src/core/platform/settings';
import {
  checkFolder,
  startWithRecovery,
  takeAutoBackupIfDue,
  type DialogModel,
  type StartupAction,
  type StartupDeps,
  type StartupOutcome,
} from '../../../src/main/startup';
import { MIGRATIONS, openHistory } from '../../../src/core/history';
import { createMemorySecretStore } from '../../support/memory-secret-store';
import { createTestCore } from '../../support/test-core';

// Each start-up failure made for real (a damaged file, a file from a newer version, a missing or
// read-only data folder, a broken config.json, no keychain), the dialog it maps to, and the way out
// carried out for real until the core starts on the restored or chosen history.

interface Scripted {
  deps: StartupDeps<Core>;
  shown: Array<DialogModel<StartupAction>>;
  opened: string[];
}

describe('start-up failures → dialogs → ways out', () => {
  let userData: string;
  const cores: Core[] = [];
  const cleanups: Array<() => void> = [];

  beforeEach(() => {
    userData = mkdtempSync(join(tmpdir(), 'parallax-startup-'));
  });
  afterEach(async () => {
    for (const core of cores.splice(0)) await core.close();
    for (const cleanup of cleanups.splice(0)) cleanup();
    rmSync(userData, { recursive: true, force: true });
  });

  /** config.json through conf (what electron-store is built on), without the CLI's set-aside of a broken file. */
  const openSettings = (): SettingsStore =>
    createSettingsStore(
      new Conf<Record<string, unknown>>({
        cwd: userData,
        configName: 'config',
        configFileMode: SETTINGS_FILE_MODE,
      }),
    );

  function scripted(
    actions: StartupAction[],
    options: { secrets?: () => Promise<SecretStore>; choose?: string | null } = {},
  ): Scripted {
    const shown: Array<DialogModel<StartupAction>> = [];
    const opened: string[] = [];
    const deps: StartupDeps<Core> = {
      userDataDir: userData,
      openSettings,
      openSecrets: options.secrets ?? (async () => createMemorySecretStore()),
      startCore: async (input) => {
        const core = await createTestCore(input.dataFolder, input.settings, {
          dbPath: input.dbPath,
          secrets: input.secrets,
        });
        cores.push(core);
        return core;
      },
      ask: async (model) => {
        shown.push(model);
        const next = actions.shift();
        if (!next) throw new Error(`No scripted answer for "${model.message}"`);
        expect(model.buttons.map((b) => b.action)).toContain(next);
        return next;
      },
      chooseFolder: async () => options.choose ?? null,
      openFolder: async (path) => void opened.push(path),
      now: () => Date.parse('2026-11-20T10:00:00Z'),
    };
    return { deps, shown, opened };
  }

  const started = (outcome: StartupOutcome<Core>): Core => {
    if (!outcome.started) throw new Error(`did not start (${outcome.problems.join(', ')})`);
    return outcome.core;
  };

  /** A real history with one saved prompt, written as a backup into <data>/backups. */
  async function makeBackup(
    dataFolder: string,
    promptText: string,
    name = 'parallax-auto-2026-11-19.db',
  ): Promise<string> {
    const source = join(dataFolder, `source-${promptText.length}.db`);
    const store = openHistory({ path: source });
    store.savePrompt({ text: promptText });
    const path = join(dataFolder, 'backups', name);
    await store.backup(path);
    store.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(source + suffix, { force: true });
    return path;
  }

  const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

  it('damaged history: offers the latest backup, and restoring it really restores it', async () => {
    const db = join(userData, 'parallax.db');
    writeFileSync(db, Buffer.alloc(8192, 'this is not an SQLite database. '));
    await makeBackup(userData, 'prompt from the backup');
    const s = scripted(['restore-backup']);

    const core = started(await startWithRecovery(s.deps));

    expect(s.shown).toHaveLength(1);
    const [dialog] = s.shown;
    expect(dialog).toMatchObject({
      type: 'error',
      message: 'The history file is damaged.',
      defaultAction: 'restore-backup',
    });
    expect(dialog?.buttons.map((b) => b.action)).toEqual([
      'restore-backup',
      'set-aside-history',
      'choose-data-folder',
      'open-folder',
      'quit',
    ]);
    expect(dialog?.detail).toContain(db);
    expect(dialog?.detail).toContain('parallax-auto-2026-11-19.db');
    expect(core.store.listPrompts().map((p) => p.text)).toEqual(['prompt from the backup']);
    // The damaged file is kept, not overwritten.
    expect(readFileSync(`${db}.before-restore`, 'utf8')).toMatch(/^this is not an SQLite database/);
  });

  it('damaged history without a backup: no restore button; "start a new empty history" keeps the damaged file aside', async () => {
    const db = join(userData, 'parallax.db');
    writeFileSync(db, Buffer.alloc(8192, 'garbage '));
    const s = scripted(['set-aside-history']);

    const core = started(await startWithRecovery(s.deps));

    expect(s.shown[0]?.buttons.map((b) => b.action)).not.toContain('restore-backup');
    expect(s.shown[0]?.detail).toMatch(/No backup was found/);
    expect(core.store.listPrompts()).toEqual([]);
    const aside = readdirSync(userData).filter((f) => f.startsWith('parallax.db.damaged-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(userData, aside[0] as string), 'utf8')).toMatch(/^garbage/);
  });

  it('newer history (user_version above ours): says both versions, changes nothing, and quit really quits', async () => {
    const db = join(userData, 'parallax.db');
    openHistory({ path: db }).close();
    const raw = new Database(db);
    raw.pragma('journal_mode = DELETE');
    raw.pragma(`user_version = ${MIGRATIONS.length + 3}`);
    raw.close();
    const before = sha(db);
    const s = scripted(['quit']);

    const outcome = await startWithRecovery(s.deps);

    expect(outcome).toEqual({ started: false, problems: ['history-newer'] });
    expect(s.shown[0]?.message).toBe('The history file was written by a newer version of Parallax.');
    expect(s.shown[0]?.detail).toContain(`schema version ${MIGRATIONS.length + 3}`);
    expect(s.shown[0]?.detail).toContain(`knows up to ${MIGRATIONS.length}`);
    expect(s.shown[0]?.buttons.map((b) => b.action)).toEqual(['choose-data-folder', 'open-folder', 'quit']);
    expect(sha(db)).toBe(before);
  });

  it('newer history: "choose another data folder" starts there and remembers the folder in the settings', async () => {
    const db = join(userData, 'parallax.db');
    openHistory({ path: db }).close();
    const raw = new Database(db);
    raw.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    raw.close();
    const other = join(userData, 'elsewhere');
    mkdirSync(other);
    const s = scripted(['choose-data-folder'], { choose: other });

    const core = started(await startWithRecovery(s.deps));

    expect(core.store.path).toBe(join(other, 'parallax.db'));
    expect(openSettings().get().dataFolder).toBe(other);
  });

  it('data folder missing (an unplugged drive): not created behind the user\u2019s back; "use the default folder" starts', async () => {
    const missing = join(userData, 'usb-drive', 'Parallax');
    openSettings().update({ dataFolder: missing });
    const s = scripted(['open-folder', 'use-default-folder']);

    const core = started(await startWithRecovery(s.deps));

    expect(s.shown.map((m) => m.message)).toEqual([
      'The data folder chosen in Settings does not exist.',
      'The data folder chosen in Settings does not exist.',
    ]);
    expect(s.shown[0]?.detail).toContain(missing);
    // "Open the folder" showed the closest folder that exists, and the dialog came back.
    expect(s.opened).toEqual([userData]);
    expect(existsSync(missing)).toBe(false);
    expect(core.store.path).toBe(join(userData, 'parallax.db'));
    expect(openSettings().get().dataFolder).toBeNull();
  });

  it('data folder not writable: says so with the OS reason; another folder gets the history', async () => {
    const readOnly = join(userData, 'read-only');
    mkdirSync(readOnly);
    makeUnwritable(readOnly, cleanups);
    openSettings().update({ dataFolder: readOnly });
    const other = join(userData, 'writable');
    mkdirSync(other);
    const s = scripted(['choose-data-folder'], { choose: other });

    const core = started(await startWithRecovery(s.deps));

    expect(s.shown[0]).toMatchObject({ title: 'The data folder is not writable', defaultAction: 'retry' });
    expect(s.shown[0]?.detail).toMatch(/EACCES|EPERM|permission|not permitted/i);
    expect(s.shown[0]?.buttons.map((b) => b.action)).toEqual([
      'retry',
      'choose-data-folder',
      'use-default-folder',
      'open-folder',
      'quit',
    ]);
    expect(core.store.path).toBe(join(other, 'parallax.db'));
  });

  it('the app\u2019s own folder not writable: retry, open the folder or quit (no folder to choose without settings)', async () => {
    makeUnwritable(userData, cleanups);
    const s = scripted(['quit']);

    const outcome = await startWithRecovery(s.deps);

    expect(outcome.started).toBe(false);
    expect(s.shown[0]?.message).toBe('Parallax cannot write to its own folder.');
    expect(s.shown[0]?.buttons.map((b) => b.action)).toEqual(['retry', 'open-folder', 'quit']);
  });

  it('unreadable settings: "reset the settings" keeps the broken file aside and starts with defaults', async () => {
    const config = join(userData, 'config.json');
    writeFileSync(config, '{"baseUrl": "https://svc.example", "plan": ');
    const s = scripted(['reset-settings']);

    const outcome = await startWithRecovery(s.deps);

    started(outcome);
    expect(s.shown[0]).toMatchObject({
      message: 'The settings file cannot be read.',
      defaultAction: 'reset-settings',
    });
    expect(s.shown[0]?.detail).toContain(config);
    const aside = readdirSync(userData).filter((f) => f.startsWith('config.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(userData, aside[0] as string), 'utf8')).toContain('"plan": ');
    expect(outcome.started && outcome.input.settings.get().baseUrl).toBeNull();
  });

  it.runIf(process.platform === 'linux')(
    'keychain absent (no Secret Service on the bus) after a key was connected: retry, continue without it, or quit',
    async () => {
      const previous = process.env['DBUS_SESSION_BUS_ADDRESS'];
      process.env['DBUS_SESSION_BUS_ADDRESS'] = `unix:path=${join(userData, 'no-such-bus')}`;
      cleanups.push(() => {
        if (previous === undefined) delete process.env['DBUS_SESSION_BUS_ADDRESS'];
        else process.env['DBUS_SESSION_BUS_ADDRESS'] = previous;
      });
      openSettings().update({ baseUrl: 'https://svc.example', sandboxMode: false });
      const realKeychain = (): Promise<SecretStore> =>
        createSecretStore({
          env: {},
          keychain: createKeychainSecretStore({ account: 'startup-test', timeoutMs: 5_000 }),
        });
      const s = scripted(['retry', 'continue'], { secrets: realKeychain });

      const outcome = await startWithRecovery(s.deps);

      started(outcome);
      expect(s.shown.map((m) => m.title)).toEqual([
        'The keychain is not available',
        'The keychain is not available',
      ]);
      expect(s.shown[0]?.buttons.map((b) => b.action)).toEqual(['retry', 'continue', 'quit']);
      expect(s.shown[0]?.detail).toMatch(/keychain/i);
      expect(outcome.started && outcome.input.secrets.backend.kind).toBe('unavailable');

      // In sandbox mode nothing needs the key: no dialog at all.
      for (const core of cores.splice(0)) await core.close();
      openSettings().update({ sandboxMode: true });
      const quiet = scripted([], { secrets: realKeychain });
      started(await startWithRecovery(quiet.deps));
      expect(quiet.shown).toEqual([]);
    },
  );

  it('a way out that fails says why in the next dialog', async () => {
    const db = join(userData, 'parallax.db');
    writeFileSync(db, Buffer.alloc(8192, 'garbage '));
    const backup = await makeBackup(userData, 'x');
    // The backup is damaged after it was listed: the restore's own full check refuses it.
    const s = scripted(['restore-backup', 'quit']);
    const ask = s.deps.ask;
    s.deps.ask = async (model) => {
      if (s.shown.length === 0) writeFileSync(backup, Buffer.alloc(8192, 'garbage '));
      return ask(model);
    };

    const outcome = await startWithRecovery(s.deps);

    expect(outcome.started).toBe(false);
    expect(s.shown[1]?.detail).toMatch(/^"Restore the latest backup" did not work: /);
    expect(readFileSync(db, 'utf8')).toMatch(/^garbage/);
  });

  it('automatic backups: one a day at most, the newest two kept, and the latest is what the damaged-file dialog restores', async () => {
    const store = openHistory({ path: join(userData, 'parallax.db') });
    let now = Date.parse('2026-11-01T08:00:00Z');
    const take = () =>
      takeAutoBackupIfDue({ dataFolder: userData, now: () => now, backup: (p) => store.backup(p) });
    try {
      store.savePrompt({ text: 'day 1' });
      expect(await take()).not.toBeNull();
      expect(await take()).toBeNull(); // same day
      for (const day of [2, 3]) {
        now += 24 * 3600 * 1000;
        store.savePrompt({ text: `day ${day}` });
        expect(await take()).not.toBeNull();
      }
    } finally {
      store.close();
    }
    expect(readdirSync(join(userData, 'backups')).filter((f) => f.endsWith('.db'))).toHaveLength(2);

    writeFileSync(join(userData, 'parallax.db'), Buffer.alloc(8192, 'garbage '));
    for (const suffix of ['-wal', '-shm']) rmSync(join(userData, `parallax.db${suffix}`), { force: true });
    const core = started(await startWithRecovery(scripted(['restore-backup']).deps));
    expect(
      core.store
        .listPrompts()
        .map((p) => p.text)
        .sort(),
    ).toEqual(['day 1', 'day 2', 'day 3']);
  });
});

/**
 * chmod 0500; as root (which ignores permission bits) the immutable attribute as well. Throws when
 * neither makes the folder refuse a write, so the test cannot pass without the failure it is about.
 */
function makeUnwritable(folder: string, cleanups: Array<() => void>): void {
  chmodSync(folder, 0o500);
  cleanups.unshift(() => chmodSync(folder, 0o700));
  if (checkFolder(folder, { create: false }).ok && process.getuid?.() === 0) {
    execFileSync('chattr', ['+i', folder]);
    cleanups.unshift(() => execFileSync('chattr', ['-i', folder]));
  }
  if (checkFolder(folder, { create: false }).ok) throw new Error(`Cannot make ${folder} unwritable here`);
}
