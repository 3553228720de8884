import { defineConfig } from 'vitest/config';

// End-to-end: the built renderer in Debian's headless Chromium (playwright-core) with
// window.parallax bridged to the real main-process services running in this Node process.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
