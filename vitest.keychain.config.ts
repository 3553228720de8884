import { defineConfig } from 'vitest/config';

// Runs against a real Secret Service (gnome-keyring under dbus-run-session); see .ci/run.
export default defineConfig({
  test: {
    name: 'keychain',
    environment: 'node',
    include: ['tests/keychain/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
