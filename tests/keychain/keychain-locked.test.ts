import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundledScript } from '../support/bundled-script';
import { requireThrowawayKeyring } from './support/guard';

// A LOCKED keychain at start-up, for real: a gnome-keyring of its own in a private D-Bus
// session (so the suite's shared keyring is never locked under the other tests), the login
// collection locked through the Secret Service's Lock method, then the app's start-up check
// as a user who connected a key before. Headless, the unlock prompt cannot be shown and is
// dismissed: the start-up must say "locked" (unlock it, then Try again), not "no keychain".

requireThrowawayKeyring();

interface ChildOutput {
  lockedAfterLock: boolean;
  lockedAtEnd: boolean;
  shown: Array<{
    title: string;
    message: string;
    detail: string;
    buttons: string[];
    defaultAction: string;
    cancelAction: string;
  }>;
  started: boolean;
  problems: string[];
  core: { backend: { kind: string; unavailable?: string; warning?: string }; key: string | null } | null;
}

const scratchDirs: string[] = [];
afterEach(() => {
  for (const d of scratchDirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The child script inside `dbus-run-session` with a fresh gnome-keyring, unlocked at first. */
async function inPrivateKeyring(mode: 'continue' | 'unlock-retry'): Promise<ChildOutput> {
  const childScript = await bundledScript(join(import.meta.dirname, 'support', 'locked-keychain-child.ts'));
  const scratch = mkdtempSync(join(tmpdir(), 'parallax-locked-keyring-'));
  scratchDirs.push(scratch);
  for (const d of ['data', 'runtime', 'config']) mkdirSync(join(scratch, d));
  chmodSync(join(scratch, 'runtime'), 0o700);
  const script = `printf %s "$KEYRING_PASSWORD" | gnome-keyring-daemon --unlock --components=secrets >/dev/null
exec "$NODE_BIN" "$CHILD_SCRIPT" "$0"`;
  const child = spawn('dbus-run-session', ['--', 'sh', '-c', script, mode], {
    env: {
      ...process.env,
      XDG_DATA_HOME: join(scratch, 'data'),
      XDG_RUNTIME_DIR: join(scratch, 'runtime'),
      XDG_CONFIG_HOME: join(scratch, 'config'),
      KEYRING_PASSWORD: 'locked-test-password',
      NODE_BIN: process.execPath,
      CHILD_SCRIPT: childScript,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{'))
        return reject(new Error(`locked-keychain child exited ${code}:\n${out}\n${err}`));
      resolve(JSON.parse(line) as ChildOutput);
    });
  });
}

describe('start-up with the keychain locked', () => {
  it('says the keychain is locked (not absent) with unlock-then-retry, continue without the key, quit; continuing starts without the key', async () => {
    const out = await inPrivateKeyring('continue');
    expect(out.lockedAfterLock).toBe(true);
    expect(out.problems).toEqual(['keychain-unavailable']);
    const dialog = out.shown[0];
    expect(out.shown).toHaveLength(1);
    expect(dialog).toMatchObject({
      title: 'The keychain is locked',
      message: 'Your API key is in the keychain, and the keychain is locked.',
      buttons: ['retry', 'continue', 'quit'],
      defaultAction: 'retry',
      cancelAction: 'continue',
    });
    expect(dialog?.detail).toMatch(/The keychain is locked \(its unlock prompt was dismissed\)/);
    expect(dialog?.detail).toMatch(/Unlock the login keyring/);
    expect(dialog?.detail).toMatch(/Unlock it, then choose "Try again"/);
    expect(dialog?.detail).not.toMatch(/No keychain is reachable/);
    // "Continue without the key": the app opens, the key out of reach, the reason kept.
    expect(out.started).toBe(true);
    expect(out.core?.backend).toMatchObject({ kind: 'unavailable', unavailable: 'locked' });
    expect(out.core?.key).toBeNull();
    expect(out.lockedAtEnd).toBe(true);
  }, 60_000);

  it('unlocking, then "Try again", starts with the key from the keychain', async () => {
    const out = await inPrivateKeyring('unlock-retry');
    expect(out.lockedAfterLock).toBe(true);
    expect(out.shown.map((m) => m.title)).toEqual(['The keychain is locked']);
    expect(out.started).toBe(true);
    expect(out.lockedAtEnd).toBe(false);
    expect(out.core?.backend.kind).toBe('os-keychain');
    expect(out.core?.key).toBe(`sk_${'L'.repeat(40)}`);
  }, 60_000);
});
