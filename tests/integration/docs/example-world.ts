import { spawn } from 'node:child_process';
import {
  chmodSync,
  constants,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { freshBuiltCli } from '../../../bin/built-cli.mjs';
import { buildCli } from '../../../scripts/build-cli.mjs';
import { buildDemoHistory, DEMO_ENGINES, demoBrands, demoDays } from '../../../src/core/demo';
import { openSettingsStore } from '../../../src/core/platform/settings';
import { checkedFilesIn, openHistory } from '../../../src/core/history';
import { fileState } from '../../../src/core/history/file';
import { dayNumber, startSandbox, type RunningSandbox } from '../../../src/sandbox';
import { redirectLink } from '../../../src/sandbox/engines/redirect';
import { runCliInProcess } from '../../support/cli-in-process';
import { ROOT } from './markdown';

// The world the docs' CLI examples run in: the built CLI on PATH as `parallax`, a sandbox on a
// loopback port standing in for the service (its URL in the history's settings, its key in
// PARALLAX_API_KEY), a webhook receiver, and one small history every example runs on as built:
// - a 2-day demo whose monitor runs were compared, with alerts: on its last day every demo brand
//   vanished from the answers, so brands dropped from the answers beyond any noise;
// - "Demo · Buying guides" enabled and due, so `monitors run` runs it now, the brands are back,
//   and the comparison raises alerts again (what `--fail-on-alert` turns into exit 3);
// - a run whose answer pages were archived, and a run paused by Ctrl-C.
// Nothing touches the user's files or keychain: every example has its own HOME and working
// folder, a data folder no other example's changes reach (example-data.ts), and the key is the
// sandbox's, from the environment.

export interface Placeholders {
  /** An alert of the demo's monitor runs. */
  alertId: string;
  /** The last demo run of "Demo · Buying guides" (4 prompts × 6 locations × 4 repeats). */
  runId: string;
  /** A run paused by Ctrl-C: what `parallax resume RUN_ID` continues. */
  pausedRunId: string;
  /** An answer with an archived page. */
  resultId: string;
  /** "Demo · Buying guides". */
  monitorId: string;
  /** A redirect link the sandbox resolves. */
  redirectLink: string;
  /** A prompt suggestion (`parallax prompts suggest`): one of the demo's fan-out queries. */
  suggestionId: string;
}

export interface World {
  dir: string;
  /** Folder holding the `parallax` shim (put first on PATH). */
  binDir: string;
  /** The sandbox's key, what examples use as theirs. */
  apiKey: string;
  sandbox: RunningSandbox;
  webhookUrl: string;
  /** parallax.db and config.json of the shared history. */
  baseDataDir: string;
  /** config.json alone (for history=empty examples). */
  emptyDataDir: string;
  placeholders: Placeholders;
  close(): Promise<void>;
}

export interface ProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The environment of a `parallax` child: this folder's data and home, the sandbox's key, no keyring. */
export function exampleEnv(world: { binDir: string; apiKey: string }, dataDir: string, home: string) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // No real Secret Service is ever reached, and no setting of the developer's leaks in.
  for (const key of Object.keys(env)) {
    if (key.startsWith('PARALLAX_') || key === 'DBUS_SESSION_BUS_ADDRESS') delete env[key];
  }
  return {
    ...env,
    PATH: `${world.binDir}:${env['PATH'] ?? ''}`,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    PARALLAX_USER_DATA_DIR: dataDir,
    PARALLAX_API_KEY: world.apiKey,
    PARALLAX_KEY: world.apiKey,
    PARALLAX_PROGRESS_INTERVAL_MS: '100',
  };
}

/**
 * `parallax ARGS --json` in this process (the CLI's own runCli: setting the world up is not
 * about the process), its output parsed.
 */
async function json<T>(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<T> {
  const out = await runCliInProcess([...args, '--json'], { env, cwd });
  if (out.code !== 0) throw new Error(`parallax ${args.join(' ')} exited ${out.code}:\n${out.stderr}`);
  return JSON.parse(out.stdout) as T;
}

/** The CLI entry to run: the bundle bin/parallax.mjs runs when current, else one built now for this process. */
async function cliEntry(): Promise<{ entry: string; cleanup: () => void }> {
  if (freshBuiltCli(ROOT)) return { entry: join(ROOT, 'bin', 'parallax.mjs'), cleanup: () => undefined };
  // Sources newer than out/cli: a bundle of our own (the shared out/cli may be rebuilt meanwhile),
  // inside the checkout so its packages resolve.
  const outDir = join(ROOT, 'out', `cli-docs-${process.pid}`);
  const { entry } = await buildCli({ outDir });
  return { entry, cleanup: () => rmSync(outDir, { recursive: true, force: true }) };
}

function webhookReceiver(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/docs` }),
    ),
  );
}

/**
 * Two days: the fewest that give a comparison with alerts. Every example's command opens the
 * history, and what an open, a copy and an integrity check cost grows with it.
 */
const DEMO_DAYS = 2;

/** A demo built in-process, every demo brand vanishing from the answers on its last day. */
async function buildDemo(dbPath: string): Promise<void> {
  const lastDay = dayNumber(demoDays(Date.now(), DEMO_DAYS).at(-1) as number);
  const vanish = demoBrands().map((b) => ({
    kind: 'vanish' as const,
    brand: b.name,
    engine: DEMO_ENGINES[0] as string,
    fromDay: lastDay,
    toDay: lastDay,
  }));
  await buildDemoHistory({
    openStore: (now) => openHistory({ path: dbPath, now }),
    days: DEMO_DAYS,
    startSandbox: (options) => startSandbox({ ...options, driftEvents: vanish }),
  });
}

/** Makes a monitor enabled and due now, as one a user switched on and the clock reached. */
function makeDue(dbPath: string, monitorId: string): void {
  const store = openHistory({ path: dbPath });
  try {
    const monitor = store.getMonitor(monitorId);
    if (!monitor) throw new Error(`no monitor ${monitorId}`);
    const { id, name, spec, cadence } = monitor;
    store.saveMonitor({ id, name, spec, cadence, enabled: true, nextDueAt: Date.now() - 60_000 });
  } finally {
    store.close();
  }
}

/** The sandbox's latency but while the run to pause is in flight (see startWorld). */
const EXAMPLE_LATENCY_MS = { min: 5, max: 15 };

const PAUSED_PROMPTS = Array.from({ length: 4 }, (_, i) => `best running shoes, question ${i + 1}`);

/**
 * A 200-job run against the sandbox (4 waves of at least 250 ms), paused by SIGINT as soon as it
 * reports progress, so it is still running when the signal comes (exit 130).
 */
async function pausedRun(env: NodeJS.ProcessEnv, cwd: string): Promise<string> {
  const args = ['run', ...PAUSED_PROMPTS.flatMap((p) => ['--prompt', p])];
  args.push('--countries', 'US,GB,DE,FR,JP', '--repeat', '10', '--name', 'Paused by Ctrl-C', '--yes');
  const child = spawn('parallax', args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve) => {
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (/progress: \d+\//.test(stderr)) resolve();
    });
    void exited.then(() => resolve());
  });
  child.kill('SIGINT');
  const code = await exited;
  if (code !== 130) throw new Error(`the run to pause exited ${code}, not 130 (paused):\n${stderr}`);
  const { runs } = await json<{ runs: Array<{ id: string; status: string }> }>(
    ['history', '--status', 'paused'],
    env,
    cwd,
  );
  const run = runs[0];
  if (!run) throw new Error('no paused run in the history after Ctrl-C');
  return run.id;
}

interface ShownRun {
  jobs: Array<{ resultId: string | null; pages: Array<{ state: string }> }>;
}

/** Builds the world; the caller closes it. */
export async function startWorld(): Promise<World> {
  const dir = mkdtempSync(join(tmpdir(), 'parallax-docs-'));
  const binDir = join(dir, 'bin');
  const baseDataDir = join(dir, 'base');
  const emptyDataDir = join(dir, 'empty');
  const home = join(dir, 'home');
  for (const d of [binDir, baseDataDir, emptyDataDir, home]) mkdirSync(d, { recursive: true });
  const cli = await cliEntry();
  // `parallax` as a user has it: exec, so signals reach the CLI itself.
  writeFileSync(join(binDir, 'parallax'), `#!/bin/sh\nexec "${process.execPath}" "${cli.entry}" "$@"\n`);
  chmodSync(join(binDir, 'parallax'), 0o755);
  const sandbox = await startSandbox({ latencyMs: EXAMPLE_LATENCY_MS, credits: 1_000_000_000 });
  const receiver = await webhookReceiver();
  try {
    for (const d of [baseDataDir, emptyDataDir])
      openSettingsStore({ userDataDir: d }).update({ baseUrl: sandbox.baseUrl, plan: 'Starter' });
    const dbPath = join(baseDataDir, 'parallax.db');
    await buildDemo(dbPath);
    const env = exampleEnv({ binDir, apiKey: sandbox.apiKey }, baseDataDir, home);
    // The demo's monitor runs compared, as the app does at its next start.
    const { alerts } = await json<{ alerts: Array<{ id: string }> }>(['alerts', '--limit', '1'], env, home);
    const { monitors } = await json<{
      monitors: Array<{ id: string; name: string; lastRunId: string | null }>;
    }>(['monitors', 'list'], env, home);
    const monitor = monitors.find((m) => m.name === 'Demo · Buying guides');
    const alertId = alerts[0]?.id;
    if (!monitor?.lastRunId || !alertId)
      throw new Error('the demo has no compared "Demo · Buying guides" runs');
    makeDue(dbPath, monitor.id);
    const pages = await json<{ runId: string }>(
      ['run', '--prompt', 'best running shoes', '--countries', 'US,DE', '--include', 'html', '--yes'],
      env,
      home,
    );
    const shown = await json<ShownRun>(['show', pages.runId], env, home);
    const resultId = shown.jobs.find((j) => j.pages.some((p) => p.state === 'archived'))?.resultId;
    if (!resultId) throw new Error(`no archived page in run ${pages.runId}`);
    // 250-400 ms a call while the run to pause is in flight, so Ctrl-C catches it mid-run (at its
    // first progress line, three waves, at least 750 ms, are still to come); 4 slow waves rather
    // than 8 of 100-200 ms, because the examples' resumes store all the pause left. The examples
    // only have to finish (none times anything): a run or resume in waves of 250-400 ms
    // would idle for seconds.
    sandbox.setLatency({ min: 250, max: 400 });
    const pausedRunId = await pausedRun(env, home);
    sandbox.setLatency(EXAMPLE_LATENCY_MS);
    // A second client's workspace, for the examples that switch to one (docs/guides/team.md).
    await json(['workspace', 'create', 'Globex', '--local'], env, home);
    const suggested = await json<{ suggestions: Array<{ id: string }> }>(['prompts', 'suggest'], env, home);
    const suggestionId = suggested.suggestions[0]?.id;
    if (!suggestionId) throw new Error('the demo has no prompt suggestion (no fan-out queries)');
    return {
      dir,
      binDir,
      apiKey: sandbox.apiKey,
      sandbox,
      webhookUrl: receiver.url,
      baseDataDir,
      emptyDataDir,
      placeholders: {
        alertId,
        runId: monitor.lastRunId,
        pausedRunId,
        resultId,
        monitorId: monitor.id,
        redirectLink: redirectLink('https://www.reviewhub.com/best-running-shoes'),
        suggestionId,
      },
      async close() {
        await sandbox.close();
        await new Promise((resolve) => receiver.server.close(resolve));
        cli.cleanup();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await sandbox.close();
    receiver.server.close();
    cli.cleanup();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A fresh data folder for one example: a copy of the shared history (and its workspaces), or
 * settings alone. The copy is the data folder of a user whose history was checked at its last
 * close, as the shared one was: the source's record of checked files (checked-files.ts) is carried
 * over to the copies of the files it holds unchanged. Without it, each example's open checked its
 * new copy of the same bytes again (the integrity check reads every answer): some 150 checks of
 * one history in this file, none of them what an example is about.
 */
export function copyDataDir(from: string, to: string): void {
  copyFolder(from, to);
  const source = checkedFilesIn(from);
  const copy = checkedFilesIn(to);
  for (const path of historyFiles(from)) {
    const state = fileState(path);
    const copied = join(to, relative(from, path));
    const copiedState = fileState(copied);
    if (state !== null && copiedState !== null && source.recorded(path) === state)
      copy.record(copied, copiedState);
  }
}

/** The history files under a data folder (its own and its workspaces'). */
function historyFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return historyFiles(path);
    return entry.name.endsWith('.db') ? [path] : [];
  });
}

function copyFolder(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    if (entry.isDirectory()) copyFolder(source, join(to, entry.name));
    // The shared memory index is rebuilt by the next opener; the WAL, if any, is part of the file.
    else if (!entry.name.endsWith('-shm'))
      copyFileSync(source, join(to, entry.name), constants.COPYFILE_FICLONE);
  }
}
