import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCreditsVerifier } from '../../../src/core/runs/api/credits-verifier';
import { createEnvironmentSecretStore } from '../../../src/core/platform/secrets/environment-secret-store';
import {
  createKeyService,
  KeyServiceError,
  type KeyService,
} from '../../../src/core/platform/secrets/key-service';
import { SecretStoreUnavailableError } from '../../../src/core/platform/secrets/secret-store';
import { createUnavailableSecretStore } from '../../../src/core/platform/secrets/unavailable-secret-store';
import type { KeyStatusView } from '../../../src/shared/ipc/channels/settings';
import { startCreditsServer, testKey, type CreditsServer } from './support/credits-server';
import { memorySecretStore } from './support/memory-secret-store';

let server: CreditsServer;
beforeAll(async () => {
  server = await startCreditsServer();
});
afterAll(() => server.close());

const good = testKey('goodKey1');
const second = testKey('secondKey2');
const unknown = testKey('unknownKey3');

function service(store = memorySecretStore()): {
  keys: KeyService;
  store: ReturnType<typeof memorySecretStore>;
} {
  const verify = createCreditsVerifier({ baseUrl: server.baseUrl, fetch: globalThis.fetch, maxRetries: 0 });
  return { keys: createKeyService({ secrets: store, verify, fallbackPlan: () => 'Free' }), store };
}

async function failure(promise: Promise<unknown>): Promise<KeyServiceError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(KeyServiceError);
  return err as KeyServiceError;
}

beforeEach(() => {
  server.accept(good, { remaining: 480, perCycle: 500, cycleResetsAt: '2026-12-01T00:00:00.000Z' });
  server.accept(second);
  server.revoke(unknown);
});

describe('key service: set', () => {
  it('verifies with GET /v1/credits, then saves, and reports the balance without the key', async () => {
    const { keys, store } = service();
    const before = server.seen.length;
    const status = await keys.setKey(`  ${good}\n`);
    expect(store.value()).toBe(good);
    expect(server.seen.slice(before)).toEqual([`Bearer ${good}`]);
    expect(status).toEqual<KeyStatusView>({
      configured: true,
      masked: `sk_…${good.slice(-4)}`,
      backend: { kind: 'os-keychain', label: 'In-memory test keychain' },
      state: 'ok',
      balance: { remaining: 480, perCycle: 500, cycleResetsAt: '2026-12-01T00:00:00.000Z' },
      plan: 'Free',
      error: null,
    });
    expect(JSON.stringify(status)).not.toContain(good.slice(0, 12));
  });

  it('refuses a malformed key without asking the service or saving', async () => {
    const { keys, store } = service();
    const before = server.seen.length;
    const err = await failure(keys.setKey(`sk_${'a'.repeat(39)}`));
    expect(err.kind).toBe('format');
    expect(err.code).toBe('INVALID_API_KEY_FORMAT');
    expect(server.seen.length).toBe(before);
    expect(store.writes).toBe(0);
  });

  it('does not save a key the service rejects (401 INVALID_OR_EXPIRED_API_KEY)', async () => {
    const { keys, store } = service(memorySecretStore(good));
    const err = await failure(keys.setKey(unknown));
    expect(err.kind).toBe('rejected');
    expect(err.message).toContain('INVALID_OR_EXPIRED_API_KEY');
    expect(err.message).not.toContain(unknown);
    expect(store.value()).toBe(good);
  });

  it('does not save when the service cannot be reached or fails, and says so', async () => {
    const { keys, store } = service();
    server.failNext(500, 'INTERNAL_SERVER_ERROR');
    const err = await failure(keys.setKey(good));
    expect(err.kind).toBe('unreachable');
    expect(err.message).toContain('500');
    expect(store.writes).toBe(0);

    const offline = createKeyService({
      secrets: store,
      verify: createCreditsVerifier({
        baseUrl: 'http://127.0.0.1:9',
        fetch: globalThis.fetch,
        maxRetries: 0,
      }),
    });
    const down = await failure(offline.setKey(good));
    expect(down.kind).toBe('unreachable');
    expect(down.message).toMatch(/http:\/\/127\.0\.0\.1:9: .*connection failed/);
    expect(down.message).not.toContain(good);
    expect(store.writes).toBe(0);
  });

  it('replaces a key only once the new one is verified', async () => {
    const { keys, store } = service(memorySecretStore(good));
    await failure(keys.replaceKey(unknown));
    expect(store.value()).toBe(good);
    const status = await keys.replaceKey(second);
    expect(store.value()).toBe(second);
    expect(status.masked).toBe(`sk_…${second.slice(-4)}`);
    expect(status.balance?.remaining).toBe(500);
    expect(await keys.getKeyForRequests()).toBe(second);
  });

  it('maps a keychain that refuses to store into keychain-unavailable, with its explanation', async () => {
    const refusing = createUnavailableSecretStore(new SecretStoreUnavailableError('Install gnome-keyring.'));
    const keys = createKeyService({
      secrets: refusing,
      verify: createCreditsVerifier({ baseUrl: server.baseUrl, fetch, maxRetries: 0 }),
    });
    const before = server.seen.length;
    const err = await failure(keys.setKey(good));
    expect(err.kind).toBe('keychain-unavailable');
    expect(err.message).toBe('Install gnome-keyring.');
    expect(server.seen.length).toBe(before);
  });

  it('refuses to set or delete a key that comes from PARALLAX_API_KEY, and says to unset it', async () => {
    const env = createEnvironmentSecretStore(good);
    const keys = createKeyService({
      secrets: env,
      verify: createCreditsVerifier({ baseUrl: server.baseUrl, fetch, maxRetries: 0 }),
    });
    const set = await failure(keys.setKey(second));
    expect(set.kind).toBe('environment-override');
    expect(set.message).toMatch(/Unset PARALLAX_API_KEY/);
    const del = await failure(keys.deleteKey());
    expect(del.kind).toBe('environment-override');
    expect(await keys.getKeyForRequests()).toBe(good);
  });
});

describe('key service: status, delete, revoked', () => {
  it('reports a missing key', async () => {
    const { keys } = service();
    const status = await keys.status({ refresh: true });
    expect(status).toMatchObject({ configured: false, masked: null, state: 'missing', balance: null });
    expect(await keys.getKeyForRequests()).toBeNull();
    expect((await failure(keys.requireKeyForRequests())).kind).toBe('missing');
  });

  it('shows a stored key as unverified until the balance is read, then ok', async () => {
    const { keys } = service(memorySecretStore(good));
    expect((await keys.status()).state).toBe('unverified');
    const fresh = await keys.status({ refresh: true });
    expect(fresh.state).toBe('ok');
    expect(fresh.balance?.remaining).toBe(480);
  });

  it('keeps the key but reports the error when the balance cannot be read', async () => {
    const { keys, store } = service(memorySecretStore(good));
    server.failNext(502, 'EXTERNAL_SERVICE_ERROR');
    const status = await keys.status({ refresh: true });
    expect(status.state).toBe('unverified');
    expect(status.error).toContain('502');
    expect(store.value()).toBe(good);
  });

  it('notices a key revoked on the dashboard when refreshing', async () => {
    const { keys, store } = service(memorySecretStore(good));
    server.revoke(good);
    const status = await keys.status({ refresh: true });
    expect(status.state).toBe('revoked');
    expect(status.error).toMatch(/no longer accepts/);
    expect(store.value()).toBe(good);
  });

  it('flags a key revoked mid-run, notifies, and recovers when a new key is set', async () => {
    const { keys } = service(memorySecretStore(good));
    const seen: KeyStatusView['state'][] = [];
    const off = keys.onChange((s) => seen.push(s.state));
    await keys.reportRevoked(good);
    expect((await keys.status()).state).toBe('revoked');
    expect((await failure(keys.requireKeyForRequests())).kind).toBe('revoked');
    const status = await keys.setKey(second);
    expect(status.state).toBe('ok');
    expect(await keys.requireKeyForRequests()).toBe(second);
    expect(seen).toEqual(['revoked', 'ok']);
    off();
  });

  it('ignores a late 401 for a key that was already replaced', async () => {
    const { keys } = service(memorySecretStore(good));
    await keys.setKey(second);
    await keys.reportRevoked(good);
    expect((await keys.status()).state).toBe('ok');
  });

  it('deletes the key', async () => {
    const { keys, store } = service(memorySecretStore(good));
    const status = await keys.deleteKey();
    expect(store.value()).toBeNull();
    expect(status.state).toBe('missing');
    expect(await keys.getKeyForRequests()).toBeNull();
    expect(keys.knownSecrets()).toEqual([]);
  });

  it('offers the key in use to the redacting logger once read', async () => {
    const { keys } = service(memorySecretStore(good));
    expect(keys.knownSecrets()).toEqual([]);
    await keys.getKeyForRequests();
    expect(keys.knownSecrets()).toEqual([good]);
  });
});
