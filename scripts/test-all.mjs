#!/usr/bin/env node
// @ts-check
// `npm test`: every suite. `vitest run` (unit, renderer, integration, e2e: vitest.config.ts) and
// the keychain suite (its own vitest run in a throwaway D-Bus session and gnome-keyring:
// tests/keychain/run-in-keyring.sh) side by side. The keychain suite is a few seconds of CPU
// and mostly waits on the keyring daemon; run after vitest it added its whole time to the end
// of every run, beside it it fills gaps. Its output is held back and printed once it ends, so
// it does not cut into vitest's. Exit code: vitest's, else the keychain suite's.
// Extra arguments go to `vitest run`.
// First the CLI bundle (out/cli) is rebuilt if a source changed since it was built: the CLI
// children and the worker threads the tests start run the bundle only while it is current, and
// through tsx otherwise, which costs a developer's run after an edit far more CPU than the
// rebuild (docs/internals/testing.md, "The CLI bundle before a run").
// Its processes write their temp files to a folder in memory where there is one
// (scripts/test-tmpdir.mjs).

import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshBuiltCli } from '../bin/built-cli.mjs';
import { sweepCompileCache, sweepLeftovers, testEntries, testTempDir } from './test-tmpdir.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TEMP = testTempDir();
/** The environment of the run's processes: TMPDIR on the chosen temp folder. */
const ENV = TEMP ? { ...process.env, TMPDIR: TEMP } : process.env;

/**
 * Rebuilds the CLI bundle when it is older than a source. A build that fails is reported and
 * the run goes on: the tests then run the CLI from the sources, as they did before.
 * @returns {Promise<void>}
 */
async function refreshCliBundle() {
  if (freshBuiltCli(ROOT)) return;
  const started = Date.now();
  try {
    const { buildCli } = await import('./build-cli.mjs');
    await buildCli();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`npm test: the CLI bundle was older than the sources; rebuilt it in ${seconds} s.`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.warn(`npm test: could not rebuild the CLI bundle (${message}); the CLI runs from the sources.`);
  }
}

/**
 * The keychain suite, its output kept until it ends.
 * @returns {Promise<{ code: number; output: string }>}
 */
function keychainSuite() {
  if (process.platform !== 'linux')
    return Promise.resolve({ code: 0, output: 'run-in-keyring: skipped (needs Linux)\n' });
  return new Promise((resolve) => {
    const child = spawn('bash', [join(ROOT, 'tests', 'keychain', 'run-in-keyring.sh')], {
      cwd: ROOT,
      env: ENV,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    /** @type {Buffer[]} */
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    child.on('error', (error) => resolve({ code: 1, output: `keychain suite: ${error.message}\n` }));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString('utf8') }),
    );
  });
}

/**
 * `vitest run ARGS`, on this terminal.
 * @param {string[]} args
 * @returns {Promise<number>}
 */
function vitestRun(args) {
  const bin = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, 'run', ...args], { cwd: ROOT, env: ENV, stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

await refreshCliBundle();
if (TEMP) console.log(`npm test: temp files in ${TEMP} (PARALLAX_TEST_TMPDIR=os for the OS temp folder).`);
// Only in the folder in memory (no PARALLAX_TEST_TMPDIR): a folder given is its owner's to clean.
if (TEMP && !process.env['PARALLAX_TEST_TMPDIR']) {
  sweepLeftovers(TEMP);
  sweepCompileCache(join(TEMP, 'node-compile-cache'));
}
const before = TEMP ? testEntries(TEMP) : null;
const keychain = keychainSuite();
const vitestCode = await vitestRun(process.argv.slice(2));
const { code: keychainCode, output } = await keychain;
process.stdout.write(`\n--- keychain suite (tests/keychain, exit ${keychainCode})\n${output}`);
if (TEMP && before) {
  // A test must remove what it makes (in memory, a leftover holds RAM until the machine
  // restarts); another run beside this one shows here too.
  const left = [...testEntries(TEMP)].filter((name) => !before.has(name));
  if (left.length > 0)
    console.warn(`npm test: the tests left ${left.length} entries in ${TEMP}: ${left.join(', ')}`);
}
process.exit(vitestCode !== 0 ? vitestCode : keychainCode);
