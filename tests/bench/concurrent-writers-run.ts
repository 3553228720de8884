import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openHistory } from '../../src/core/history';
import { registerStoreFunctions } from '../../src/core/history/codec';
import { startSandbox, type RunningSandbox, type SandboxRequestLogEntry } from '../../src/sandbox';

// The concurrency stress, shared by `npm run bench -- concurrent` (200 trials)
// and its CI-size test (tests/integration/store/concurrent-writers.test.ts): in each trial 2 to
// 8 real `parallax run` child processes are started at the same instant (tests/support/start-on-go.mjs:
// each child's Node starts, says it is ready, and all are told to go together) on one history file, a NEW one (not there yet) or an EXISTING one (created and
// migrated by an earlier open, closed, nothing else has it open), against one sandbox over loopback HTTP. Then every
// run each process reported is looked up in the file, and every answer the sandbox served
// (its request log: each synchronous call's X-Request-Id names its job) is looked for among
// the stored results.

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'parallax.mjs');
const START_ON_GO = join(import.meta.dirname, '..', 'support', 'start-on-go.mjs');
const COUNTRIES = 'US,DE';

export interface ChildOutcome {
  code: number | null;
  runId: string | null;
  stderr: string;
}

export interface TrialOutcome {
  processes: number;
  file: 'new' | 'existing';
  children: ChildOutcome[];
  /** Runs a process said it completed (exit 0) that the file does not hold, or holds without all their answers. */
  lostRuns: number;
  /** Answers the sandbox served (200) that no stored result holds. */
  lostAnswers: number;
  /** Processes that did not exit 0 (each says why on stderr). */
  failedProcesses: number;
  integrity: string;
}

export interface StressReport {
  trials: number;
  processes: number;
  lostRuns: number;
  lostAnswers: number;
  failedProcesses: number;
  damagedFiles: number;
  servedAnswers: number;
  storedAnswers: number;
  ms: number;
  /** Up to five failed or losing trials, with what their processes printed. */
  examples: string[];
}

/** A child whose `parallax` waits for go(): it starts once every child of its trial is ready. */
interface GatedChild {
  /** Resolves once the child's Node is up (or the child ended before it was). */
  ready: Promise<void>;
  go(): void;
  done: Promise<ChildOutcome>;
}

function spawnGated(args: string[], env: NodeJS.ProcessEnv): GatedChild {
  const child = spawn(process.execPath, [START_ON_GO, BIN, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  // A fourth 'pipe' is a socket pair: the child's fd 3 is its other end.
  const control = child.stdio[3] as Socket;
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const done = new Promise<ChildOutcome>((resolve) => {
    child.on('close', (code) => resolve({ code, runId: runIdOf(out), stderr: err.trim() }));
  });
  const ready = new Promise<void>((resolve) => {
    control.once('data', () => resolve());
    void done.then(() => resolve());
  });
  // The child closes its end once told to go (or when it dies): nothing to report then.
  control.on('error', () => {});
  return { ready, go: () => control.write('go'), done };
}

/** Every child spawned at once, started together once all are ready: their outcomes. */
async function runTogether(runs: Array<{ args: string[]; env: NodeJS.ProcessEnv }>): Promise<ChildOutcome[]> {
  const children = runs.map((r) => spawnGated(r.args, r.env));
  await Promise.all(children.map((c) => c.ready));
  for (const c of children) c.go();
  return Promise.all(children.map((c) => c.done));
}

function runIdOf(json: string): string | null {
  try {
    return (JSON.parse(json) as { runId?: string }).runId ?? null;
  } catch {
    return null;
  }
}

function childEnv(dir: string, i: number, apiKey: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PARALLAX_USER_DATA_DIR: join(dir, `ud-${i}`),
    PARALLAX_API_KEY: apiKey,
  };
}

function runArgs(sandbox: RunningSandbox, db: string, prompt: string): string[] {
  return ['--json', 'run', '--base-url', sandbox.baseUrl, '--db', db, '--prompt', prompt];
}

/** One trial: `processes` runs started together on one file. */
export async function runTrial(
  sandbox: RunningSandbox,
  log: SandboxRequestLogEntry[],
  opts: { processes: number; file: 'new' | 'existing'; trial: number },
): Promise<TrialOutcome> {
  const dir = mkdtempSync(join(tmpdir(), 'parallax-writers-'));
  const db = join(dir, 'history.db');
  try {
    // An existing file: a history created, migrated and closed by the store's own open, as any
    // earlier command leaves one (what the race is about is the open of a file already there,
    // not what it holds). It was a `parallax run` child of its own before each such trial.
    if (opts.file === 'existing') openHistory({ path: db }).close();
    log.length = 0;
    const children = await runTogether(
      Array.from({ length: opts.processes }, (_, i) => ({
        args: [...runArgs(sandbox, db, `t${opts.trial} p${i}`), '--countries', COUNTRIES, '--yes'],
        env: childEnv(dir, i, sandbox.apiKey),
      })),
    );
    return { ...checkFile(db, log, children), processes: opts.processes, file: opts.file, children };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What the file holds against what the processes reported and the sandbox served. */
function checkFile(
  db: string,
  log: readonly SandboxRequestLogEntry[],
  children: readonly ChildOutcome[],
): Pick<TrialOutcome, 'lostRuns' | 'lostAnswers' | 'failedProcesses' | 'integrity'> & {
  served: number;
  stored: number;
} {
  const conn = new Database(db, { readonly: true });
  try {
    registerStoreFunctions(conn);
    const integrity = (conn.pragma('quick_check', { simple: true }) as string) ?? 'no answer';
    const resultsOfRun = conn.prepare(
      'SELECT count(*) FROM results r JOIN jobs j ON j.id = r.job_id WHERE j.run_id = ?',
    );
    const jobsOfRun = conn.prepare('SELECT count(*) FROM jobs WHERE run_id = ?');
    const jobWithResult = conn.prepare('SELECT 1 FROM results WHERE job_id = ?');
    let lostRuns = 0;
    for (const c of children) {
      if (c.code !== 0 || c.runId === null) continue;
      const jobs = jobsOfRun.pluck().get(c.runId) as number;
      const results = resultsOfRun.pluck().get(c.runId) as number;
      if (jobs === 0 || results < jobs) lostRuns++;
    }
    const servedJobs = new Set(
      log
        .filter((e) => e.template.startsWith('/v1/monitor/') && e.status === 200 && e.ran)
        .map((e) => e.requestId.split(':')[0] as string),
    );
    const lostAnswers = [...servedJobs].filter((jobId) => jobWithResult.get(jobId) === undefined).length;
    return {
      lostRuns,
      lostAnswers,
      failedProcesses: children.filter((c) => c.code !== 0).length,
      integrity,
      served: servedJobs.size,
      stored: servedJobs.size - lostAnswers,
    };
  } finally {
    conn.close();
  }
}

/**
 * `trials` trials, alternating new and existing files, with 2…maxProcesses processes each, or
 * with `processCounts` in turn (trial t takes `processCounts[t % length]`).
 */
export async function runStress(opts: {
  trials: number;
  maxProcesses: number;
  processCounts?: readonly number[];
}): Promise<StressReport> {
  const log: SandboxRequestLogEntry[] = [];
  const sandbox = await startSandbox({
    plan: 'Lite',
    latencyMs: 5,
    seed: 31,
    rateLimit: 1_000_000,
    onRequest: (e) => log.push(e),
  });
  const report: StressReport = {
    trials: 0,
    processes: 0,
    lostRuns: 0,
    lostAnswers: 0,
    failedProcesses: 0,
    damagedFiles: 0,
    servedAnswers: 0,
    storedAnswers: 0,
    ms: 0,
    examples: [],
  };
  const started = performance.now();
  try {
    for (let t = 0; t < opts.trials; t++) {
      const processes = opts.processCounts
        ? (opts.processCounts[t % opts.processCounts.length] as number)
        : 2 + (t % (opts.maxProcesses - 1));
      const file = t % 2 === 0 ? 'new' : 'existing';
      const outcome = await runTrial(sandbox, log, { processes, file, trial: t });
      const checked = outcome as TrialOutcome & { served: number; stored: number };
      report.trials++;
      report.processes += processes;
      report.lostRuns += outcome.lostRuns;
      report.lostAnswers += outcome.lostAnswers;
      report.failedProcesses += outcome.failedProcesses;
      report.servedAnswers += checked.served;
      report.storedAnswers += checked.stored;
      if (outcome.integrity !== 'ok') report.damagedFiles++;
      const bad = outcome.lostRuns + outcome.lostAnswers + outcome.failedProcesses > 0;
      if (bad && report.examples.length < 5) report.examples.push(describeTrial(t, outcome));
    }
  } finally {
    await sandbox.close();
  }
  report.ms = performance.now() - started;
  return report;
}

function describeTrial(t: number, o: TrialOutcome): string {
  const codes = o.children.map((c) => c.code).join(',');
  const errors = o.children
    .filter((c) => c.code !== 0)
    .map((c) => c.stderr.split('\n').slice(-2).join(' | '))
    .join(' / ');
  return `trial ${t} (${o.processes} processes, ${o.file} file): exit codes ${codes}; ${o.lostRuns} run(s) and ${o.lostAnswers} answer(s) lost${errors ? `; ${errors}` : ''}`;
}

export function stressLines(r: StressReport): string[] {
  return [
    `trials: ${r.trials} (2-8 processes each, new and existing files alternating), ${r.processes} processes in all`,
    `answers served by the sandbox: ${r.servedAnswers}, stored: ${r.storedAnswers}`,
    `lost runs: ${r.lostRuns}, lost answers: ${r.lostAnswers}, processes that failed: ${r.failedProcesses}, files failing quick_check: ${r.damagedFiles}`,
    `wall time: ${(r.ms / 1000).toFixed(1)} s (${(r.ms / Math.max(1, r.trials)).toFixed(0)} ms a trial)`,
    ...r.examples,
  ];
}

export function stressProblems(r: StressReport): string[] {
  const problems: string[] = [];
  if (r.lostRuns > 0) problems.push(`${r.lostRuns} run(s) lost`);
  if (r.lostAnswers > 0) problems.push(`${r.lostAnswers} answer(s) lost`);
  if (r.failedProcesses > 0) problems.push(`${r.failedProcesses} process(es) failed`);
  if (r.damagedFiles > 0) problems.push(`${r.damagedFiles} file(s) failed quick_check`);
  return problems;
}
