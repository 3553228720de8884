import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AsyncEntry } from '@napi-rs/keyring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSettingsStore } from '../../src/core/platform/settings/conf-settings-store';
import { startCreditsServer, testKey, type CreditsServer } from '../unit/secrets/support/credits-server';
import { requireThrowawayKeyring } from './support/guard';
import { runNode, type ChildResult } from './support/run-child';

// `parallax key set|status|delete` end to end: the real bin entry in a child of this test's Node,
// the key piped on stdin, verified against a loopback /v1/credits, stored in the throwaway
// keychain under the app's real service and account names.

requireThrowawayKeyring();

let server: CreditsServer;
let configHome: string;
const outputs: ChildResult[] = [];
const key = testKey('cliEndToEnd');
const other = testKey('cliEnvOverride');
const appEntry = (): AsyncEntry =>
  new AsyncEntry('Parallax', 'api-key', { linux: { store: 'secret-service' } });

beforeAll(async () => {
  server = await startCreditsServer();
  configHome = mkdtempSync(join(tmpdir(), 'parallax-cli-keychain-'));
  await appEntry().deletePassword();
});
afterAll(async () => {
  await appEntry().deletePassword();
  await server.close();
  rmSync(configHome, { recursive: true, force: true });
});

async function parallax(args: string[], input = '', env: NodeJS.ProcessEnv = {}): Promise<ChildResult> {
  const result = await runNode(['bin/parallax.mjs', ...args], {
    env: { ...process.env, PARALLAX_API_KEY: '', XDG_CONFIG_HOME: configHome, ...env },
    input,
  });
  outputs.push(result);
  return result;
}

describe('parallax key (real keychain, child process)', () => {
  it('refuses the key as an argument with exit 2 and stores nothing', async () => {
    const result = await parallax(['key', 'set', key, '--base-url', server.baseUrl]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/never accepted as an argument/);
    expect(await appEntry().getPassword()).toBeNull();
  });

  it('sets a piped key after verifying it, into the OS keychain', async () => {
    server.accept(key, { remaining: 1234, perCycle: 37500, cycleResetsAt: '2026-12-01T00:00:00.000Z' });
    const result = await parallax(['key', 'set', '--base-url', server.baseUrl], `${key}\n`);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `API key sk_…${key.slice(-4)} verified and saved in Secret Service (D-Bus keyring).`,
    );
    expect(await appEntry().getPassword()).toBe(key);
    expect(server.seen.at(-1)).toBe(`Bearer ${key}`);
  });

  it('does not store a key the service rejects (exit 2)', async () => {
    const rejected = testKey('cliRejected');
    const result = await parallax(['key', 'set', '--base-url', server.baseUrl], rejected);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/rejected this key \(INVALID_OR_EXPIRED_API_KEY\)/);
    expect(await appEntry().getPassword()).toBe(key);
  });

  it('shows status as JSON: masked, backend, balance, plan from settings', async () => {
    const result = await parallax(['--json', 'key', 'status', '--base-url', server.baseUrl]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      configured: true,
      masked: `sk_…${key.slice(-4)}`,
      backend: { kind: 'os-keychain', label: 'Secret Service (D-Bus keyring)' },
      state: 'ok',
      balance: { remaining: 1234, perCycle: 37500, cycleResetsAt: '2026-12-01T00:00:00.000Z' },
      plan: 'Free',
      error: null,
    });
  });

  it('reads the base URL and plan from the settings file the app uses', async () => {
    openSettingsStore({ env: { XDG_CONFIG_HOME: configHome }, platform: 'linux' }).update({
      baseUrl: server.baseUrl,
      plan: 'Lite',
    });
    const result = await parallax(['key', 'status']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`API key:   sk_…${key.slice(-4)}`);
    expect(result.stdout).toContain('Stored in: Secret Service (D-Bus keyring)');
    expect(result.stdout).toContain('Balance:   1234 credits of 37500 per cycle');
    expect(result.stdout).toContain('Plan:      Lite');
  });

  it('lets PARALLAX_API_KEY override the keychain, read-only', async () => {
    const status = await parallax(['--json', 'key', 'status'], '', { PARALLAX_API_KEY: other });
    expect(JSON.parse(status.stdout)).toMatchObject({
      masked: `sk_…${other.slice(-4)}`,
      backend: { kind: 'environment' },
    });
    const del = await parallax(['key', 'delete'], '', { PARALLAX_API_KEY: other });
    expect(del.code).toBe(2);
    expect(del.stderr).toMatch(/Unset PARALLAX_API_KEY/);
    expect(await appEntry().getPassword()).toBe(key);
  });

  it('reports a key revoked on the dashboard', async () => {
    server.revoke(key);
    const result = await parallax(['--json', 'key', 'status']);
    expect(JSON.parse(result.stdout)).toMatchObject({ state: 'revoked', configured: true });
  });

  it('deletes the key from the keychain', async () => {
    const result = await parallax(['key', 'delete']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Deleted the API key from Secret Service (D-Bus keyring).');
    expect(await appEntry().getPassword()).toBeNull();
    const status = await parallax(['--json', 'key', 'status']);
    expect(JSON.parse(status.stdout)).toMatchObject({ configured: false, state: 'missing' });
  });

  it('without a Secret Service, exits 1 with how to get a keyring, no native stack', async () => {
    const result = await parallax(['key', 'set', '--base-url', server.baseUrl], key, {
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/parallax-no-bus',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^parallax: No keychain is reachable\./);
    expect(result.stderr).toContain('gnome-keyring');
    expect(result.stderr).not.toMatch(/\n\s+at |DBus error|GenericFailure/);
  });

  it('leaked the key nowhere: no output, no file in the settings folder', () => {
    const files = readdirSync(configHome, { recursive: true, encoding: 'utf8' })
      .map((name) => join(configHome, name))
      .filter((path) => statSync(path).isFile());
    expect(files).toContain(join(configHome, 'Parallax', 'config.json'));
    const haystacks = [
      ...outputs.flatMap((o) => [o.stdout, o.stderr]),
      ...files.map((path) => readFileSync(path, 'latin1')),
    ];
    for (const secret of [key, other]) {
      for (const text of haystacks) {
        expect(text).not.toContain(secret);
        expect(text).not.toContain(secret.slice(0, 12));
      }
    }
  });
});
