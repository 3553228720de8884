import { createSecretStore } from '../../../src/core/platform/secrets/create-secret-store';
import { createKeychainSecretStore } from '../../../src/core/platform/secrets/keychain-secret-store';

// Run in a child process whose DBUS_SESSION_BUS_ADDRESS points nowhere: what does a user
// without a Secret Service see? Prints one JSON line.
const keychain = createKeychainSecretStore({ service: 'Parallax-test', account: 'no-keychain' });
const probe = await keychain.probe();
const store = await createSecretStore({ env: {}, keychain });
const failure = await store.set(`sk_${'a'.repeat(40)}`).then(
  () => null,
  (err: unknown) => ({
    name: err instanceof Error ? err.name : typeof err,
    message: err instanceof Error ? err.message : String(err),
    reason: (err as { reason?: unknown }).reason ?? null,
    stack: err instanceof Error ? (err.stack ?? '') : '',
  }),
);
const getFailure = await keychain.get().then(
  () => null,
  (err: unknown) => (err instanceof Error ? err.name : String(err)),
);
process.stdout.write(
  `${JSON.stringify({ probeOk: probe.ok, backend: store.backend, failure, getFailure, read: await store.get() })}\n`,
);
