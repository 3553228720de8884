import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { AsyncEntry } from '@napi-rs/keyring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCreditsVerifier } from '../../src/core/runs/api/credits-verifier';
import { createSecretStore } from '../../src/core/platform/secrets/create-secret-store';
import { createKeyService } from '../../src/core/platform/secrets/key-service';
import { createKeychainSecretStore } from '../../src/core/platform/secrets/keychain-secret-store';
import { SecretStoreReadOnlyError } from '../../src/core/platform/secrets/secret-store';
import { startCreditsServer, testKey, type CreditsServer } from '../unit/secrets/support/credits-server';
import { bundledScript } from '../support/bundled-script';
import { requireThrowawayKeyring } from './support/guard';
import { runNode } from './support/run-child';

// Against the real Secret Service of a throwaway gnome-keyring (run-in-keyring.sh).

requireThrowawayKeyring();
const SERVICE = 'Parallax-test';
const account = (): string => `test-${randomUUID()}`;

let server: CreditsServer;
beforeAll(async () => {
  server = await startCreditsServer();
});
afterAll(() => server.close());

describe('OS keychain (Secret Service)', () => {
  it('answers the probe', async () => {
    const probe = await createKeychainSecretStore({ service: SERVICE, account: account() }).probe();
    expect(probe).toEqual({ ok: true });
  });

  it('round-trips set, get, replace and delete in the real keychain', async () => {
    const name = account();
    const store = createKeychainSecretStore({ service: SERVICE, account: name });
    const first = testKey('roundTripOne');
    const second = testKey('roundTripTwo');
    expect(store.backend).toEqual({
      kind: 'os-keychain',
      label: 'Secret Service (D-Bus keyring)',
      persistent: true,
    });
    expect(await store.get()).toBeNull();

    await store.set(first);
    expect(await store.get()).toBe(first);
    // Read back through a separate client of the Secret Service, not through our wrapper.
    const entry = new AsyncEntry(SERVICE, name, { linux: { store: 'secret-service' } });
    expect(await entry.getPassword()).toBe(first);

    await store.set(second);
    expect(await store.get()).toBe(second);
    expect(await entry.getPassword()).toBe(second);

    expect(await store.delete()).toBe(true);
    expect(await store.get()).toBeNull();
    expect(await store.delete()).toBe(false);
  });

  it('keeps separate accounts apart', async () => {
    const a = createKeychainSecretStore({ service: SERVICE, account: account() });
    const b = createKeychainSecretStore({ service: SERVICE, account: account() });
    await a.set(testKey('accountA'));
    expect(await b.get()).toBeNull();
    await a.delete();
  });

  it('picks the keychain in the fallback chain, and PARALLAX_API_KEY over it', async () => {
    const keychain = createKeychainSecretStore({ service: SERVICE, account: account() });
    await keychain.set(testKey('inKeychain'));
    const chosen = await createSecretStore({ env: {}, keychain });
    expect(chosen.backend.kind).toBe('os-keychain');
    expect(await chosen.get()).toBe(testKey('inKeychain'));

    const fromEnv = await createSecretStore({ env: { PARALLAX_API_KEY: testKey('fromEnv') }, keychain });
    expect(fromEnv.backend.kind).toBe('environment');
    expect(await fromEnv.get()).toBe(testKey('fromEnv'));
    await expect(fromEnv.delete()).rejects.toBeInstanceOf(SecretStoreReadOnlyError);
    // The keychain entry is untouched by the override.
    expect(await keychain.get()).toBe(testKey('inKeychain'));
    await keychain.delete();
  });

  it('runs the key lifecycle on the real keychain: verify, save, status, replace, delete', async () => {
    const name = account();
    const secrets = createKeychainSecretStore({ service: SERVICE, account: name });
    const keys = createKeyService({
      secrets,
      verify: createCreditsVerifier({ baseUrl: server.baseUrl, fetch: globalThis.fetch }),
    });
    const one = testKey('lifecycleOne');
    const two = testKey('lifecycleTwo');
    server.accept(one, { remaining: 42, perCycle: 500, cycleResetsAt: null });
    server.accept(two);

    await expect(keys.setKey(testKey('notAccepted'))).rejects.toMatchObject({ kind: 'rejected' });
    expect(await secrets.get()).toBeNull();

    const status = await keys.setKey(one);
    expect(status).toMatchObject({ state: 'ok', masked: `sk_…${one.slice(-4)}`, balance: { remaining: 42 } });
    expect(await secrets.get()).toBe(one);

    await keys.replaceKey(two);
    expect(await secrets.get()).toBe(two);

    // A fresh service (an app restart) finds the key in the keychain.
    const restarted = createKeyService({
      secrets: createKeychainSecretStore({ service: SERVICE, account: name }),
      verify: createCreditsVerifier({ baseUrl: server.baseUrl, fetch: globalThis.fetch }),
    });
    expect(await restarted.status({ refresh: true })).toMatchObject({
      configured: true,
      state: 'ok',
      masked: `sk_…${two.slice(-4)}`,
      balance: { remaining: 500 },
    });
    expect(await restarted.getKeyForRequests()).toBe(two);

    expect((await keys.deleteKey()).state).toBe('missing');
    expect(await secrets.get()).toBeNull();
  });

  it('without a reachable Secret Service, refuses to store with the clear explanation (child process)', async () => {
    const child = await bundledScript(join(import.meta.dirname, 'support', 'no-keychain-child.ts'));
    const result = await runNode([child], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/parallax-no-bus' },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout) as {
      probeOk: boolean;
      backend: { kind: string; warning: string };
      failure: { name: string; message: string; reason: string; stack: string };
      getFailure: string;
      read: string | null;
    };
    expect(out.probeOk).toBe(false);
    expect(out.backend.kind).toBe('unavailable');
    expect(out.read).toBeNull();
    expect(out.getFailure).toBe('SecretStoreUnavailableError');
    expect(out.failure.name).toBe('SecretStoreUnavailableError');
    expect(out.failure.message).toMatch(/^No keychain is reachable\./);
    expect(out.failure.message).toContain('gnome-keyring');
    expect(out.failure.message).toContain('KWallet');
    expect(out.failure.message).toContain('KeePassXC');
    expect(out.failure.message).toContain('D-Bus');
    expect(out.failure.message).toContain('PARALLAX_API_KEY');
    // The native error is kept as a one-line reason, never as the message or a native stack.
    expect(out.failure.reason).toMatch(/nonexistent/);
    expect(out.failure.message).not.toMatch(/DBus error|GenericFailure|\n\s+at /);
    expect(out.failure.reason).not.toContain('\n');
  });
});
