import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { SandboxRequestLogEntry } from '../../src/sandbox';
import { runCliToEnd, spawnCli, type CliChild } from '../support/cli-child';

// The fault soak, shared by `npm run bench -- soak` (10,000 jobs) and its CI-size
// test (500 jobs): `parallax sandbox` in a child process of its own with 10 % mixed faults
// and a request log, `parallax run` in another child, SIGKILLed mid-run, then `parallax
// resume`. What the history holds is then checked against what the sandbox answered and
// charged, job by job (each synchronous call's X-Request-Id names its job), and the run's
// credit total (recorded + charged without a result, reconciled from the balance at resume)
// against the sandbox's charges.

export const SOAK_FAULTS = '500=0.02,502=0.02,429=0.02,drop=0.01,slow=0.02,malformed=0.01,slowMs=1500';
const COUNTRIES = 'US,DE,FR,GB,ES,IT,NL,SE,PL,JP,BR,MX,CA,AU,IN,KR,TR,CH,AT,BE'.split(',');
const START_CREDITS = 100_000_000;

export interface SoakOptions {
  /** A multiple of 20 (prompts × 20 countries). */
  jobs: number;
  /** SIGKILL once this share of the jobs is done. */
  killAt: number;
  /** Engine latency of the sandbox, e.g. "50-250". */
  latencyMs: string;
  seed?: number;
}

export interface SoakReport {
  jobs: number;
  runId: string;
  doneAtKill: number;
  states: Record<string, number>;
  results: number;
  /** Answered 200 (not a malformed fault) and not stored, outside the kill. Must be 0. */
  lost: string[];
  /** Jobs answered twice with a result (two charged answers). Must be 0. */
  duplicated: string[];
  /** Answers the sandbox sent in the instant the CLI was killed: charged, never stored, the job marked interrupted. */
  answeredAtKill: { jobs: number; credits: number };
  /** Jobs (outside the kill) whose recorded credits differ from what the sandbox charged for them. Must be empty. */
  creditMismatches: Array<{ jobId: string; state: string; recorded: number; charged: number; calls: string }>;
  historyCredits: number;
  /** Charged without a result, as the history worked it out from the balance at resume (run_sessions). */
  historyUnreceived: number;
  /** Cut sessions the balance could not attribute to the run. Must be 0 (nothing else used the account). */
  unattributableSessions: number;
  sandboxCredits: number;
  /** The same from the account balance (GET /v1/credits): start − remaining. */
  balanceCredits: number;
  /** Jobs with a synchronous call sent after one of theirs had run on the service. Must be 0. */
  resentAfterRunning: string[];
  faults: Record<string, number>;
  unfinished: number;
  ms: { toKill: number; resume: number };
}

interface SandboxChild {
  baseUrl: string;
  apiKey: string;
  stop(): Promise<void>;
}

async function startSandboxChild(dir: string, opts: SoakOptions, logFile: string): Promise<SandboxChild> {
  const child = spawnCli(
    [
      '--json',
      'sandbox',
      '--plan',
      'Enterprise-5K',
      '--latency-ms',
      opts.latencyMs,
      '--rate-limit',
      '100000',
      '--credits',
      String(START_CREDITS),
      '--faults',
      SOAK_FAULTS,
      '--seed',
      String(opts.seed ?? 14),
      '--request-log',
      logFile,
    ],
    { userDataDir: join(dir, 'sandbox-ud') },
  );
  const line = await child.waitFor(/\{"baseUrl".*\}/);
  const { baseUrl, apiKey } = JSON.parse(line[0]) as { baseUrl: string; apiKey: string };
  return {
    baseUrl,
    apiKey,
    async stop() {
      child.child.kill('SIGTERM');
      await child.exited;
    },
  };
}

function readLog(file: string): SandboxRequestLogEntry[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as SandboxRequestLogEntry);
}

const jobOf = (e: SandboxRequestLogEntry): string => e.requestId.split(':')[0] as string;

/** The balance, read until an answer is not one of the sandbox's injected faults (500, malformed…). */
async function balanceSpent(sandbox: SandboxChild): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${sandbox.baseUrl}/v1/credits`, {
        headers: { Authorization: `Bearer ${sandbox.apiKey}` },
      });
      const body = (await res.json()) as { remaining?: unknown };
      if (res.ok && typeof body.remaining === 'number') return START_CREDITS - body.remaining;
    } catch {
      // A dropped connection or a malformed body: asked again.
    }
    if (attempt >= 20) throw new Error('the sandbox never answered GET /v1/credits without a fault');
  }
}

async function killWhenDone(cli: CliChild, jobs: number): Promise<number> {
  await cli.waitForDone(jobs);
  cli.child.kill('SIGKILL');
  await cli.exited;
  return Math.max(...[...cli.stderr().matchAll(/progress: (\d+)\//g)].map((m) => Number(m[1])));
}

interface JobRow {
  id: string;
  job_state: string;
  error_code: string | null;
  credits_charged: number | null;
  has_result: number;
}

export async function runSoak(opts: SoakOptions): Promise<SoakReport> {
  const dir = mkdtempSync(join(tmpdir(), 'parallax-soak-'));
  const db = join(dir, 'history.db');
  const logFile = join(dir, 'requests.ndjson');
  const promptsFile = join(dir, 'prompts.txt');
  const prompts = opts.jobs / COUNTRIES.length;
  writeFileSync(promptsFile, Array.from({ length: prompts }, (_, i) => `soak prompt ${i}`).join('\n'));
  const sandbox = await startSandboxChild(dir, opts, logFile);
  const env = { userDataDir: join(dir, 'ud'), apiKey: sandbox.apiKey };
  try {
    const t0 = performance.now();
    const cli = spawnCli(
      [
        'run',
        '--base-url',
        sandbox.baseUrl,
        '--db',
        db,
        '--prompts',
        promptsFile,
        '--countries',
        COUNTRIES.join(','),
        '--yes',
      ],
      env,
    );
    const doneAtKill = await killWhenDone(cli, Math.floor(opts.jobs * opts.killAt));
    const t1 = performance.now();
    const runId = readRunId(db);
    const resumed = await runCliToEnd(['resume', runId, '--db', db], env);
    if (resumed.code !== 0 && resumed.code !== 1)
      throw new Error(`parallax resume exited ${resumed.code}: ${resumed.stderr}`);
    const t2 = performance.now();
    return buildReport({
      runId,
      db,
      log: readLog(logFile),
      jobs: opts.jobs,
      doneAtKill,
      balanceCredits: await balanceSpent(sandbox),
      ms: { toKill: t1 - t0, resume: t2 - t1 },
    });
  } finally {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function readRunId(db: string): string {
  const conn = new Database(db, { readonly: true });
  try {
    return (conn.prepare('SELECT id FROM runs ORDER BY created_at DESC LIMIT 1').get() as { id: string }).id;
  } finally {
    conn.close();
  }
}

function buildReport(args: {
  runId: string;
  db: string;
  log: SandboxRequestLogEntry[];
  jobs: number;
  doneAtKill: number;
  balanceCredits: number;
  ms: SoakReport['ms'];
}): SoakReport {
  const conn = new Database(args.db, { readonly: true });
  let rows: JobRow[];
  let sessions: { unreceived: number; unattributable: number };
  try {
    sessions = conn
      .prepare(
        `SELECT total(CASE WHEN reconcile_state = 'attributed' THEN unreceived_credits END) AS unreceived,
           count(CASE WHEN reconcile_state = 'not-attributable' THEN 1 END) AS unattributable
         FROM run_sessions WHERE run_id = ?`,
      )
      .get(args.runId) as { unreceived: number; unattributable: number };
    rows = conn
      .prepare(
        `SELECT j.id, j.job_state, j.error_code, j.credits_charged,
           EXISTS (SELECT 1 FROM results r WHERE r.job_id = j.id) AS has_result
         FROM jobs j WHERE j.run_id = ?`,
      )
      .all(args.runId) as JobRow[];
  } finally {
    conn.close();
  }
  const calls = args.log.filter((e) => e.template.startsWith('/v1/monitor/'));
  const byJob = new Map<string, SandboxRequestLogEntry[]>();
  for (const c of calls) byJob.set(jobOf(c), [...(byJob.get(jobOf(c)) ?? []), c]);
  const states: Record<string, number> = {};
  const lost: string[] = [];
  const duplicated: string[] = [];
  const atKill = { jobs: 0, credits: 0 };
  const creditMismatches: SoakReport['creditMismatches'] = [];
  for (const job of rows) {
    states[job.job_state] = (states[job.job_state] ?? 0) + 1;
    const jobCalls = byJob.get(job.id) ?? [];
    const charged = jobCalls.reduce((n, c) => n + c.creditsCharged, 0);
    // In flight when the CLI was killed: whatever the sandbox charged never reached the history.
    if (job.job_state === 'interrupted' && job.error_code === 'INTERRUPTED') {
      if (charged > 0) atKill.jobs++;
      atKill.credits += charged;
    } else if (charged !== (job.credits_charged ?? 0)) {
      creditMismatches.push({
        jobId: job.id,
        state: job.job_state,
        recorded: job.credits_charged ?? 0,
        charged,
        calls: jobCalls
          .map((c) => `${c.status}${c.fault ? `/${c.fault}` : ''}:${c.creditsCharged}`)
          .join(' '),
      });
    }
    const answered = jobCalls.filter((c) => c.status === 200 && c.fault !== 'malformed');
    if (answered.length > 1) duplicated.push(job.id);
    // Answered but not stored: only acceptable for a call cut off by the kill.
    if (answered.length > 0 && !job.has_result && job.error_code !== 'INTERRUPTED') lost.push(job.id);
  }
  const faults: Record<string, number> = {};
  for (const c of args.log) if (c.fault) faults[c.fault] = (faults[c.fault] ?? 0) + 1;
  return {
    jobs: args.jobs,
    runId: args.runId,
    doneAtKill: args.doneAtKill,
    states,
    results: rows.filter((r) => r.has_result).length,
    lost,
    duplicated,
    answeredAtKill: atKill,
    creditMismatches,
    historyCredits: rows.reduce((n, r) => n + (r.credits_charged ?? 0), 0),
    historyUnreceived: sessions.unreceived,
    unattributableSessions: sessions.unattributable,
    sandboxCredits: calls.reduce((n, c) => n + c.creditsCharged, 0),
    balanceCredits: args.balanceCredits,
    resentAfterRunning: [...byJob]
      .filter(([, list]) => list.slice(0, -1).some((c) => c.ran))
      .map(([job]) => job),
    faults,
    unfinished: (states.pending ?? 0) + (states.queued ?? 0) + (states.running ?? 0),
    ms: args.ms,
  };
}

/** What the soak promises, as readable failures (empty when every check holds). */
export function soakProblems(r: SoakReport): string[] {
  const problems: string[] = [];
  if (r.unfinished > 0) problems.push(`${r.unfinished} jobs still unfinished after resume`);
  if (r.results !== (r.states.succeeded ?? 0))
    problems.push(`${r.results} results for ${r.states.succeeded ?? 0} succeeded jobs`);
  if (r.lost.length > 0)
    problems.push(`${r.lost.length} answers lost (answered, not stored, not at the kill)`);
  if (r.duplicated.length > 0) problems.push(`${r.duplicated.length} jobs answered twice`);
  if (r.resentAfterRunning.length > 0)
    problems.push(`${r.resentAfterRunning.length} sync calls sent again after they ran on the service`);
  for (const m of r.creditMismatches.slice(0, 5))
    problems.push(
      `job ${m.jobId} (${m.state}) records ${m.recorded} credits, the sandbox charged ${m.charged}: ${m.calls}`,
    );
  if (r.historyCredits + r.answeredAtKill.credits !== r.sandboxCredits)
    problems.push(
      `credits: history ${r.historyCredits} + ${r.answeredAtKill.credits} answered at the kill ≠ sandbox ${r.sandboxCredits}`,
    );
  if (r.historyCredits + r.historyUnreceived !== r.sandboxCredits)
    problems.push(
      `credits: history ${r.historyCredits} recorded + ${r.historyUnreceived} charged without a result (reconciled at resume) ≠ sandbox ${r.sandboxCredits}`,
    );
  if (r.unattributableSessions > 0)
    problems.push(
      `${r.unattributableSessions} interrupted session(s) not attributable (nothing else used the account)`,
    );
  if (r.balanceCredits !== r.sandboxCredits)
    problems.push(`the balance moved by ${r.balanceCredits}, the request log says ${r.sandboxCredits}`);
  return problems;
}

export function soakLines(r: SoakReport): string[] {
  const pct = (n: number): string => `${((100 * n) / r.jobs).toFixed(1)} %`;
  return [
    `${r.jobs} sync jobs, faults ${SOAK_FAULTS}: injected ${JSON.stringify(r.faults)}`,
    `SIGKILL after ${r.doneAtKill} jobs done (${pct(r.doneAtKill)}), ${(r.ms.toKill / 1000).toFixed(1)} s; parallax resume to the end ${(r.ms.resume / 1000).toFixed(1)} s`,
    `final states ${JSON.stringify(r.states)}; results stored ${r.results}; unfinished ${r.unfinished}`,
    `results lost ${r.lost.length}, duplicated ${r.duplicated.length}; sync calls sent again after they ran: ${r.resentAfterRunning.length}`,
    `answers sent by the sandbox as the CLI was killed (charged, never received or stored; jobs marked interrupted): ${r.answeredAtKill.jobs} (${r.answeredAtKill.credits} credits)`,
    `credits: history ${r.historyCredits} recorded + ${r.historyUnreceived} charged without a result (reconciled from the balance at resume) = ${r.historyCredits + r.historyUnreceived}; sandbox charged ${r.sandboxCredits} (request log) / ${r.balanceCredits} (balance); history + answered-at-kill = ${r.historyCredits + r.answeredAtKill.credits}`,
  ];
}
