import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { DemoAwareSequencer } from './tests/support/demo-sequencer';

// End-to-end: the built renderer in Debian's headless Chromium (playwright-core) with
// window.parallax bridged to the real main-process services running in this Node process.
// Files run side by side: each owns its browser, data folder, core and ports (0), and the demo
// histories they open are copies of templates built once (tests/support/demo-history.ts).
// A worker per core and one more: a file waiting on a demo template's build (or on its browser)
// leaves its core to another (docs/internals/testing.md, "Speed").
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: availableParallelism() + 1,
    // A worker imports the core, Playwright and the harness once for all its files instead of
    // once a file: every file starts and closes its own core, browser and server, and the
    // core's module-level state is caches of pure data (as in integration-shared).
    isolate: false,
    // The demo templates built in the background as the run starts (tests/support/demo-sequencer.ts).
    sequence: { sequencer: DemoAwareSequencer },
  },
});
