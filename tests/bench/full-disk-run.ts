import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { registerStoreFunctions } from '../../src/core/history/codec';
import { startSandbox, type SandboxRequestLogEntry } from '../../src/sandbox';
import { runCliToEnd, spawnCli } from '../support/cli-child';

// The full-disk soak (`npm run bench -- full-disk`, needs root to mount): a
// history on a small tmpfs (64 MB: the WAL alone grows to 64 MB before a checkpoint), a real `parallax run` child process against the sandbox over
// loopback HTTP, the tmpfs filled to the last byte mid-run, then grown (mount -o remount,size=).
// Twice: once the run is left to go on by itself, once it is paused with Ctrl-C while the
// disk is full (the answers it holds go to a journal in the temp folder, the tmpfs having no
// room) and continued with `parallax resume` after the disk grew. Every answer the sandbox
// charged for must be in the history, and the credits recorded must equal the credits taken.

const COUNTRIES = 'US,DE,FR,GB,ES,IT,NL,SE,PL,JP,BR,MX,CA,AU,IN,KR,TR,CH,AT,BE';
const START_CREDITS = 10_000_000;

export interface FullDiskReport {
  scenario: 'waits' | 'paused';
  jobs: number;
  exitCode: number | null;
  resumeExitCode: number | null;
  /** The line the CLI printed when the write failed. */
  blockedLine: string | null;
  /** Monitor calls sent while the disk was full, after the calls in flight had finished. Must be 0. */
  sentWhileFull: number;
  servedAnswers: number;
  storedAnswers: number;
  creditsRecorded: number;
  creditsTaken: number;
  heldInJournal: number;
  ms: number;
}

const mount = (args: string[]): void => void execFileSync('mount', args);

/** Writes zeros into the file system until it is full. */
function fill(dir: string): number {
  const fd = openSync(join(dir, 'filler'), 'w');
  const chunk = Buffer.alloc(64 * 1024);
  let written = 0;
  try {
    for (;;) {
      try {
        written += writeSync(fd, chunk);
      } catch {
        if (chunk.length === 1) break;
        return written + fillSmall(fd);
      }
    }
  } finally {
    closeSync(fd);
  }
  return written;
}

function fillSmall(fd: number): number {
  let written = 0;
  for (const size of [4096, 512, 1]) {
    const chunk = Buffer.alloc(size);
    for (;;) {
      try {
        written += writeSync(fd, chunk);
      } catch {
        break;
      }
    }
  }
  return written;
}

async function withTimeout<T>(work: Promise<T>, ms: number, why: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(why())), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function quietCalls(log: readonly SandboxRequestLogEntry[], quietMs: number): Promise<number> {
  let seen = -1;
  while (log.length !== seen) {
    seen = log.length;
    await wait(quietMs);
  }
  return seen;
}

export async function runFullDisk(opts: {
  scenario: 'waits' | 'paused';
  prompts: number;
}): Promise<FullDiskReport> {
  const root = mkdtempSync(join(tmpdir(), 'parallax-full-disk-'));
  const disk = join(root, 'disk');
  const log: SandboxRequestLogEntry[] = [];
  const sandbox = await startSandbox({
    plan: 'Starter',
    latencyMs: { min: 20, max: 60 },
    seed: 31,
    credits: START_CREDITS,
    rateLimit: 1_000_000,
    onRequest: (e) => {
      if (e.template.startsWith('/v1/monitor/')) log.push(e);
    },
  });
  execFileSync('mkdir', ['-p', disk]);
  mount(['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', disk]);
  const db = join(disk, 'history.db');
  const promptsFile = join(root, 'prompts.txt');
  writeFileSync(
    promptsFile,
    Array.from({ length: opts.prompts }, (_, i) => `full disk prompt ${i}`).join('\n'),
  );
  const env = { userDataDir: join(root, 'ud'), apiKey: sandbox.apiKey };
  const t0 = performance.now();
  try {
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
        COUNTRIES,
        '--yes',
      ],
      env,
    );
    await withTimeout(cli.waitForDone(Math.floor(opts.prompts * 20 * 0.2)), 120_000, () =>
      cli.stderr().slice(-2000),
    );
    fill(disk);
    const blocked = await withTimeout(
      cli.waitFor(/The disk holding the history file .*Ctrl-C pauses the run.*/),
      60_000,
      () => `no "disk is full" line within 60 s:\n${cli.stderr().slice(-2000)}`,
    ).catch((error: unknown) => {
      cli.child.kill('SIGKILL');
      throw error;
    });
    const sent = await quietCalls(log, 500);
    await wait(2_000);
    const sentWhileFull = log.length - sent;
    let resumeExitCode: number | null = null;
    if (opts.scenario === 'paused') {
      cli.child.kill('SIGINT');
      await cli.exited;
    }
    mount(['-o', 'remount,size=512m', disk]);
    const end = await cli.exited;
    const held = /(\d+) paid answer\(s\) the history could not take were written to/.exec(cli.stderr());
    if (opts.scenario === 'paused') {
      const runId = /Resume with: parallax resume (\S+)/.exec(cli.stderr())?.[1];
      if (!runId) throw new Error(`no resume command printed:\n${cli.stderr()}`);
      resumeExitCode = (await runCliToEnd(['resume', runId, '--db', db], env)).code;
    }
    const counts = countStored(db, log);
    const creditsTaken = Object.values(sandbox.stats().creditsCharged).reduce((a, b) => a + b, 0);
    return {
      scenario: opts.scenario,
      jobs: opts.prompts * 20,
      exitCode: end.code,
      resumeExitCode,
      blockedLine: blocked[0],
      sentWhileFull,
      ...counts,
      creditsTaken,
      heldInJournal: Number(held?.[1] ?? 0),
      ms: performance.now() - t0,
    };
  } finally {
    await sandbox.close();
    try {
      execFileSync('umount', [disk]);
    } catch {
      // left mounted: reported by the caller's cleanup below failing
    }
    rmSync(root, { recursive: true, force: true });
  }
}

function countStored(
  db: string,
  log: readonly SandboxRequestLogEntry[],
): Pick<FullDiskReport, 'servedAnswers' | 'storedAnswers' | 'creditsRecorded'> {
  const conn = new Database(db, { readonly: true });
  try {
    registerStoreFunctions(conn);
    const served = new Set(
      log.filter((e) => e.status === 200 && e.ran).map((e) => e.requestId.split(':')[0]),
    );
    const has = conn.prepare('SELECT 1 FROM results WHERE job_id = ?');
    const stored = [...served].filter((job) => has.get(job) !== undefined).length;
    const credits = conn
      .prepare('SELECT coalesce(sum(credits_charged), 0) FROM jobs')
      .pluck()
      .get() as number;
    return { servedAnswers: served.size, storedAnswers: stored, creditsRecorded: credits };
  } finally {
    conn.close();
  }
}

export function fullDiskLines(r: FullDiskReport): string[] {
  return [
    `${r.scenario === 'waits' ? 'left to wait' : 'Ctrl-C while full, resumed after'}: ${r.jobs} jobs, exit ${r.exitCode}${r.resumeExitCode === null ? '' : `, resume exit ${r.resumeExitCode}`}, ${(r.ms / 1000).toFixed(1)} s`,
    `  line printed: ${r.blockedLine ?? '(none)'}`,
    `  calls sent while full: ${r.sentWhileFull}; answers served ${r.servedAnswers}, stored ${r.storedAnswers}; held in a journal: ${r.heldInJournal}`,
    `  credits recorded ${r.creditsRecorded}, taken by the sandbox ${r.creditsTaken}`,
  ];
}

export function fullDiskProblems(r: FullDiskReport): string[] {
  const problems: string[] = [];
  if (r.sentWhileFull > 0) problems.push(`${r.sentWhileFull} call(s) sent while the disk was full`);
  if (r.storedAnswers !== r.servedAnswers)
    problems.push(`${r.servedAnswers - r.storedAnswers} charged answer(s) not stored`);
  if (r.creditsRecorded !== r.creditsTaken)
    problems.push(`credits recorded ${r.creditsRecorded} != taken ${r.creditsTaken}`);
  const expected = r.scenario === 'waits' ? 0 : 130;
  if (r.exitCode !== expected) problems.push(`run exited ${r.exitCode}, expected ${expected}`);
  if (r.scenario === 'paused' && r.resumeExitCode !== 0) problems.push(`resume exited ${r.resumeExitCode}`);
  return problems;
}
