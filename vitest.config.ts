import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { DemoAwareSequencer } from './tests/support/demo-sequencer';

// Every suite but the keychain's, in one run: unit and integration tests in plain Node against
// real parts (SQLite files, the sandbox over loopback HTTP), the renderer's in jsdom, and the
// end-to-end suite (real Chromium, vitest.e2e.config.ts, also runnable alone). One run shares its
// workers: the short renderer and unit files, queued after the long e2e files
// (tests/support/demo-sequencer.ts), fill the cores around them, where two runs in a row would
// leave a core idle behind each one's slowest file. The keychain suite needs its own D-Bus
// session (tests/keychain/run-in-keyring.sh).
/**
 * Integration folders whose files share a worker's module state (the integration-shared project).
 * The rest stay isolated: two `app` files (`startup-failures` points D-Bus at a missing bus for
 * the keychain's store, `built-shell` drives the built shell; the other `app` files are the core
 * in-process and share) and `installers` (electron-builder). `runner` shares: its files start
 * and stop their runner children and PostgreSQL, and change nothing global. `cli` shares: most
 * of its files run the CLI in-process (tests/support/cli-in-process.ts), which imports every
 * command. A file in an isolated worker imports the core (and the CLI) again: 1 to 2 s of CPU a
 * file.
 */
const SHARED_WORKER_INTEGRATION = [
  'tests/integration/{store,positioning,sandbox,export,alerts,visibility,api,archive,mcp,findings}/**/*.test.ts',
  'tests/integration/{cli,commerce,db-export,demo,discovery,docs,reports,runs,sync,team}/**/*.test.ts',
  'tests/integration/{crawlers,facts,outcomes,runner}/**/*.test.ts',
  'tests/integration/app/{core-handlers,facts-core,funnel-sharing-core,key-leak,migrate-worker}.test.ts',
  'tests/integration/app/{prompts-csv-core,quit-and-resume,service-profile-core,startup-migration,suggestions-core}.test.ts',
];

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is a worker per core but one (on two cores: one file at a time, a core
    // idle whenever a file waits on a child process or the sandbox's latency). A worker per core
    // and one more keeps every core busy (docs/internals/testing.md, "Speed").
    maxWorkers: availableParallelism() + 1,
    // Vitest's order, but the shared demo templates are built in a background process as the run
    // starts, and the files that open a large one wait a third of the queue for it
    // (tests/support/demo-sequencer.ts).
    sequence: { sequencer: DemoAwareSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          exclude: ['tests/unit/renderer/**'],
          // Pure functions and single modules: a worker imports them once for all its files
          // instead of once a file (half the CPU); no file may rely on fresh module state.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          exclude: SHARED_WORKER_INTEGRATION,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration-shared',
          environment: 'node',
          include: SHARED_WORKER_INTEGRATION,
          // In-process files (the store, the sandbox, the services on a real SQLite file): a
          // worker imports the core once for all its files instead of once a file. Every file
          // closes what it opens and restores what it changes globally (process.umask, an
          // environment variable); the core's module-level state is caches of pure data.
          isolate: false,
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
          // One jsdom and one import of React and the views per worker, not per file (58 -> 24 s
          // of CPU): every file resets the zustand stores (reset-stores.ts) and restores what it
          // changes globally (timers, mocks), so files do not lean on a fresh module state.
          isolate: false,
          testTimeout: 30_000,
        },
      },
      './vitest.e2e.config.ts',
    ],
  },
});
