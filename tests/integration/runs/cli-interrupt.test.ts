import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openHistory, type HistoryStore } from '../../../src/core/history';
import { startSandbox, type RunningSandbox, type SandboxRequestLogEntry } from '../../../src/sandbox';
import { spawnCli, type CliEnv } from '../../support/cli-child';
import { runCliToEndInProcess as runCliToEnd } from '../../support/cli-in-process';

// Ctrl-C, SIGTERM and kill -9 sent to a real `parallax run` child process working against the
// sandbox over loopback HTTP, then `parallax resume` (in this process: cli-in-process.ts): what the history holds
// (states, counts, credits) is checked against what the sandbox saw (its request log: every
// monitor call with the job named in its X-Request-Id).

const PROMPTS = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5'];
const COUNTRIES = 'US,DE,FR,GB,ES,IT,NL,SE,PL,JP';
const JOBS = PROMPTS.length * 10;
/**
 * The sandbox's latency once the interrupt or kill is done: calls are slow only while a test
 * needs them in flight; the resumes that follow just have to finish.
 */
const FINISH_LATENCY_MS = 20;

let sandbox: RunningSandbox | null = null;
let dir = '';
let log: SandboxRequestLogEntry[] = [];

afterEach(async () => {
  await sandbox?.close();
  sandbox = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

async function setup(latencyMs: number): Promise<{ sb: RunningSandbox; db: string; env: CliEnv }> {
  log = [];
  sandbox = await startSandbox({
    plan: 'Lite',
    latencyMs,
    seed: 5,
    onRequest: (e) => log.push(e),
  });
  dir = mkdtempSync(join(tmpdir(), 'parallax-cli-interrupt-'));
  return {
    sb: sandbox,
    db: join(dir, 'history.db'),
    env: { userDataDir: join(dir, 'ud'), apiKey: sandbox.apiKey },
  };
}

function runArgs(sb: RunningSandbox, db: string, extra: string[] = []): string[] {
  return [
    'run',
    '--base-url',
    sb.baseUrl,
    '--db',
    db,
    ...PROMPTS.flatMap((p) => ['--prompt', p]),
    '--countries',
    COUNTRIES,
    '--yes',
    ...extra,
  ];
}

const monitorCalls = (): SandboxRequestLogEntry[] => log.filter((e) => e.template.startsWith('/v1/monitor/'));
const jobOf = (e: SandboxRequestLogEntry): string => e.requestId.split(':')[0] as string;
const sandboxCredits = (sb: RunningSandbox): number =>
  Object.values(sb.stats().creditsCharged).reduce((a, b) => a + b, 0);

/** Jobs with a call sent after one of theirs had already run on the service. */
function resentAfterRunning(): string[] {
  const byJob = new Map<string, SandboxRequestLogEntry[]>();
  for (const e of monitorCalls()) byJob.set(jobOf(e), [...(byJob.get(jobOf(e)) ?? []), e]);
  return [...byJob].filter(([, calls]) => calls.slice(0, -1).some((c) => c.ran)).map(([job]) => job);
}

/**
 * What the history should record: for each job it stored as succeeded or failed, the charge of
 * its last call that ran. A call the sandbox answered just as its process was killed may be
 * charged without being stored: its job is interrupted ("may have been charged") and left out.
 */
function chargesOfStoredJobs(store: HistoryStore, runId: string): number {
  const last = new Map<string, SandboxRequestLogEntry>();
  for (const e of monitorCalls()) if (e.ran) last.set(jobOf(e), e);
  return store
    .listJobs(runId, { states: ['succeeded', 'failed'] })
    .reduce((sum, j) => sum + (last.get(j.id)?.creditsCharged ?? 0), 0);
}

function withStore<T>(db: string, fn: (store: HistoryStore) => T): T {
  const store = openHistory({ path: db });
  try {
    return fn(store);
  } finally {
    store.close();
  }
}

/** What `parallax --json resume` prints: the run's end state. */
interface ResumeSummary {
  status: string;
  counts: Record<string, number>;
  creditsSpent: number;
}

/** `parallax --json resume RUN` to its end: the exit code and the parsed summary. */
async function resumeRun(
  runId: string,
  db: string,
  env: CliEnv,
  extra: string[] = [],
): Promise<{ code: number | null; out: ResumeSummary }> {
  const done = await runCliToEnd(['--json', 'resume', runId, '--db', db, ...extra], env);
  return { code: done.code, out: JSON.parse(done.stdout) as ResumeSummary };
}

describe('parallax run interrupted, then parallax resume', () => {
  it('SIGINT pauses a sync run cleanly (exit 130, nothing running); resume completes with exact counts and credits', async () => {
    const { sb, db, env } = await setup(300);
    const cli = spawnCli(runArgs(sb, db), env);
    await cli.waitForDone(5);
    cli.child.kill('SIGINT');
    const end = await cli.exited;
    expect(end.code).toBe(130);
    const runId = /Paused run (\S+):/.exec(end.stderr)?.[1] as string;
    expect(end.stderr).toContain(`Resume with: parallax resume ${runId} --db ${db}`);
    expect(end.stderr).toMatch(/progress: \d+\/60 done/);

    withStore(db, (store) => {
      const t = store.countJobs(runId);
      expect(store.getRun(runId)?.status).toBe('paused');
      expect(t.counts.running + t.counts.queued + t.counts.interrupted).toBe(0);
      // Every call the sandbox ran was waited for and stored.
      expect(t.counts.succeeded).toBe(monitorCalls().filter((c) => c.status === 200).length);
      expect(t.counts.succeeded).toBeGreaterThanOrEqual(5);
      expect(t.counts.pending).toBe(JOBS - t.counts.succeeded);
      expect(t.creditsCharged).toBe(sandboxCredits(sb));
    });
    expect(end.stderr).toContain(`Paused run ${runId}: `);

    // The slow calls were for the interrupt; the resume only has to finish.
    sb.setLatency(FINISH_LATENCY_MS);
    const { code, out } = await resumeRun(runId, db, env);
    expect(code).toBe(0);
    expect(out.status).toBe('completed');
    expect(out.counts.succeeded).toBe(JOBS);
    // Each job sent exactly once over the two processes, and charged once.
    expect(monitorCalls()).toHaveLength(JOBS);
    expect(new Set(monitorCalls().map(jobOf)).size).toBe(JOBS);
    expect(out.creditsSpent).toBe(sandboxCredits(sb));
  }, 120_000);

  it('SIGTERM pauses an async run: its tasks stay with the service and are collected on resume, none posted twice', async () => {
    const { sb, db, env } = await setup(300);
    const cli = spawnCli(runArgs(sb, db, ['--async']), env);
    await cli.waitForDone(3);
    cli.child.kill('SIGTERM');
    const end = await cli.exited;
    expect(end.code).toBe(130);
    expect(end.stderr).toMatch(/SIGTERM: pausing run/);
    const runId = /Paused run (\S+):/.exec(end.stderr)?.[1] as string;
    withStore(db, (store) => {
      expect(store.getRun(runId)?.status).toBe('paused');
      const open = store.listJobs(runId, { states: ['pending', 'queued', 'running'] });
      // Submitted before the pause: every unfinished job has its task id, none was lost.
      expect(open.length).toBeGreaterThan(0);
      expect(open.every((j) => j.taskId !== null)).toBe(true);
    });
    expect(end.stderr).toMatch(/async task\(s\) stay with the service and are collected on resume/);

    sb.setLatency(FINISH_LATENCY_MS);
    const { code, out } = await resumeRun(runId, db, env);
    expect(code).toBe(0);
    expect(out.status).toBe('completed');
    expect(out.counts.succeeded).toBe(JOBS);
    const stats = sb.stats();
    expect(stats.tasksCreated).toBe(JOBS);
    expect(stats.requests['POST /v1/async/task/batch']).toBe(1);
    expect(out.creditsSpent).toBe(sandboxCredits(sb));
    withStore(db, (store) => {
      const results = store.getRunMatrix(runId).map((c) => c.resultId);
      expect(new Set(results).size).toBe(JOBS);
    });
  }, 120_000);

  it('a second SIGINT stops at once, marking calls in flight interrupted; resume leaves them, --rerun-interrupted sends them', async () => {
    const { sb, db, env } = await setup(1_500);
    const cli = spawnCli(runArgs(sb, db), env);
    await cli.waitForDone(1);
    cli.child.kill('SIGINT');
    await cli.waitFor(/pausing run/);
    cli.child.kill('SIGINT');
    const end = await cli.exited;
    expect(end.code).toBe(130);
    expect(end.stderr).toMatch(/stopped at once; \d+ call\(s\) in flight marked interrupted/);
    const runId = /parallax resume (\S+)/.exec(end.stderr)?.[1] as string;
    const interrupted = withStore(db, (store) => {
      const t = store.countJobs(runId);
      expect(store.getRun(runId)?.status).toBe('paused');
      expect(t.counts.running + t.counts.queued).toBe(0);
      expect(t.counts.interrupted).toBeGreaterThan(0);
      expect(t.counts.succeeded + t.counts.interrupted + t.counts.pending).toBe(JOBS);
      return t.counts.interrupted;
    });

    sb.setLatency(FINISH_LATENCY_MS);
    const { code: plainCode, out: first } = await resumeRun(runId, db, env);
    expect(plainCode).toBe(1); // the interrupted jobs did not succeed
    expect(first.counts.interrupted).toBe(interrupted);
    expect(first.counts.succeeded).toBe(JOBS - interrupted);
    expect(resentAfterRunning()).toEqual([]);

    const again = await runCliToEnd(['resume', runId, '--db', db], env);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('--rerun-interrupted');

    const { code: rerunCode, out: last } = await resumeRun(runId, db, env, ['--rerun-interrupted']);
    expect(rerunCode).toBe(0);
    expect(last.status).toBe('completed');
    expect(last.counts.succeeded).toBe(JOBS);
    withStore(db, (store) => expect(last.creditsSpent).toBe(chargesOfStoredJobs(store, runId)));
  }, 180_000);
});

describe('parallax resume after kill -9', () => {
  async function killMidRun(): Promise<{
    sb: RunningSandbox;
    db: string;
    env: CliEnv;
    runId: string;
    inFlight: number;
    inFlightIds: string[];
  }> {
    const { sb, db, env } = await setup(400);
    const cli = spawnCli(runArgs(sb, db), env);
    await cli.waitForDone(5);
    cli.child.kill('SIGKILL');
    await cli.exited;
    sb.setLatency(FINISH_LATENCY_MS);
    return withStore(db, (store) => {
      const run = store.listRuns({ limit: 1 }).runs[0];
      if (!run) throw new Error('no run');
      // Left 'running' by a process that is gone.
      expect(run.status).toBe('running');
      const ids = store.listInFlightJobs(run.id).map((j) => j.id);
      return { sb, db, env, runId: run.id, inFlight: ids.length, inFlightIds: ids };
    });
  }

  it('plain resume: the calls in flight at the kill become interrupted and are not sent again', async () => {
    const { db, env, runId, inFlight } = await killMidRun();
    expect(inFlight).toBeGreaterThan(0);
    const history = await runCliToEnd(['--json', 'history', '--db', db], env);
    const listed = JSON.parse(history.stdout) as { runs: Array<{ id: string; resumable: string }> };
    expect(listed.runs.find((r) => r.id === runId)?.resumable).toBe('resumable');

    const { code, out } = await resumeRun(runId, db, env);
    expect(code).toBe(1);
    expect(out.status).toBe('completed');
    expect(out.counts.interrupted).toBe(inFlight);
    expect(out.counts.succeeded).toBe(JOBS - inFlight);
    expect(resentAfterRunning()).toEqual([]);
    // Every job reached the sandbox at most once.
    const calls = monitorCalls().filter((c) => c.ran);
    expect(new Set(calls.map(jobOf)).size).toBe(calls.length);
    withStore(db, (store) => expect(out.creditsSpent).toBe(chargesOfStoredJobs(store, runId)));
  }, 120_000);

  it('resume --rerun-interrupted: the interrupted jobs are sent again and every job ends succeeded', async () => {
    const { db, env, runId, inFlight, inFlightIds } = await killMidRun();
    const resumed = await runCliToEnd(['resume', runId, '--db', db, '--rerun-interrupted'], env);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(`${inFlight} interrupted job(s) are sent again`);
    withStore(db, (store) => {
      const t = store.countJobs(runId);
      expect(store.getRun(runId)?.status).toBe('completed');
      expect(t.counts.succeeded).toBe(JOBS);
      expect(t.creditsCharged).toBe(chargesOfStoredJobs(store, runId));
    });
    // Only jobs in flight at the kill were sent twice (an answer that arrived as the process
    // died was charged without being stored: that is why they are 'interrupted').
    const succeededCalls = monitorCalls().filter((c) => c.status === 200);
    expect(new Set(succeededCalls.map(jobOf)).size).toBe(JOBS);
    for (const job of resentAfterRunning()) expect(inFlightIds).toContain(job);
  }, 120_000);
});

describe('parallax resume refuses what it cannot resume (exit 2)', () => {
  it('an unknown run, a finished run, another base URL, another key, a run another process drives', async () => {
    // Slow calls, so the run is still going when the second process looks at it.
    const { sb, db, env } = await setup(3_000);
    const unknown = await runCliToEnd(['resume', 'no-such-run', '--db', db], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No run with id no-such-run');

    const cli = spawnCli(runArgs(sb, db), env);
    await cli.waitForDone(1);
    const runId = withStore(db, (store) => store.listRuns({ limit: 1 }).runs[0]?.id as string);
    const held = await runCliToEnd(['resume', runId, '--db', db], env);
    expect(held.code).toBe(2);
    expect(held.stderr).toMatch(/is running in another process \(pid \d+/);
    cli.child.kill('SIGINT');
    expect((await cli.exited).code).toBe(130);

    const otherUrl = await runCliToEnd(
      ['resume', runId, '--db', db, '--base-url', 'http://127.0.0.1:9'],
      env,
    );
    expect(otherUrl.code).toBe(2);
    expect(otherUrl.stderr).toContain(`was started against ${sb.baseUrl}`);

    const otherKey = await runCliToEnd(['resume', runId, '--db', db], {
      ...env,
      apiKey: sb.createAccount().apiKey,
    });
    expect(otherKey.code).toBe(2);
    expect(otherKey.stderr).toMatch(/was started with the key sk_\S+; the key set now is sk_/);

    sb.setLatency(FINISH_LATENCY_MS);
    const done = await runCliToEnd(['resume', runId, '--db', db], env);
    expect(done.code).toBe(0);
    const finished = await runCliToEnd(['resume', runId, '--db', db], env);
    expect(finished.code).toBe(2);
    expect(finished.stderr).toContain(`Run ${runId} is already completed: nothing to resume.`);
  }, 180_000);
});
