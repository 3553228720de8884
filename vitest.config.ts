import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Unit and integration tests. Renderer component tests run in jsdom; everything else
// runs in plain Node against real parts (SQLite files, the sandbox over loopback HTTP).
// End-to-end (real Chromium) and keychain (real Secret Service) suites have their own configs.
export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is a worker per core but one (on two cores: one file at a time, a core
    // idle whenever a file waits on a child process or the sandbox's latency). A worker per core
    // and one more keeps every core busy (docs/internals/testing.md, "Speed").
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          exclude: ['tests/unit/renderer/**'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['tests/unit/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/renderer/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
