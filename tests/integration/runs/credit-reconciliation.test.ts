import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox';
import { spawnCli, type CliEnv } from '../../support/cli-child';
import { runCliToEndInProcess as runCliToEnd } from '../../support/cli-in-process';
import {
  startWithholdingProxy,
  type ProxyOptions,
  type WithholdingProxy,
} from '../../support/withholding-proxy';

// Credits charged without a result: a real `parallax run` child against the sandbox
// over loopback HTTP, through a proxy that SIGKILLs it the moment an answer comes back from the
// sandbox (charged) and never delivers that answer nor the ones still on the wire. `parallax
// resume` (in this process: cli-in-process.ts) then works out from the account balance what was charged without a result: the
// history's credits (recorded + unreceived) equal what the sandbox charged, exactly, also when
// the balance reads come from a cache (the service's is up to 60 s stale). When
// another run used the same account in that window, the balance cannot say whose the credits
// were: the run says "not attributable" instead of a number.

const START = 1_000_000;
const COUNTRIES = 'US,DE,FR,GB,ES,IT,NL,SE,PL,JP';

let sandbox: RunningSandbox | null = null;
let proxy: WithholdingProxy | null = null;
let dir = '';

afterEach(async () => {
  await proxy?.close();
  await sandbox?.close();
  proxy = null;
  sandbox = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

interface Setup {
  sb: RunningSandbox;
  px: WithholdingProxy;
  db: string;
  env: CliEnv;
}

async function setup(options: ProxyOptions = {}): Promise<Setup> {
  sandbox = await startSandbox({ plan: 'Lite', latencyMs: { min: 80, max: 200 }, seed: 8, credits: START });
  proxy = await startWithholdingProxy(sandbox.baseUrl, options);
  dir = mkdtempSync(join(tmpdir(), 'parallax-credits-'));
  return {
    sb: sandbox,
    px: proxy,
    db: join(dir, 'history.db'),
    env: { userDataDir: join(dir, 'ud'), apiKey: sandbox.apiKey },
  };
}

const runArgs = (s: Setup, prompts: string[]): string[] => [
  'run',
  '--base-url',
  s.px.baseUrl,
  '--db',
  s.db,
  ...prompts.flatMap((p) => ['--prompt', p]),
  '--countries',
  COUNTRIES,
  '--yes',
];

/** Starts a run, SIGKILLs it as an answer comes back once `afterDone` jobs are done; returns its id. */
async function runAndKill(s: Setup, prompts: string[], afterDone: number): Promise<string> {
  const cli = spawnCli(runArgs(s, prompts), s.env);
  await cli.waitForDone(afterDone);
  s.px.arm(() => cli.child.kill('SIGKILL'));
  const exit = await cli.exited;
  expect(exit.signal).toBe('SIGKILL');
  // The calls still on the wire finish on the service (and are charged), unseen by anyone.
  await s.px.idle();
  s.px.disarm();
  return newestRunId(s.db);
}

function newestRunId(db: string): string {
  const conn = new Database(db, { readonly: true });
  try {
    return (conn.prepare('SELECT id FROM runs ORDER BY created_at DESC LIMIT 1').get() as { id: string }).id;
  } finally {
    conn.close();
  }
}

async function balanceSpent(sb: RunningSandbox): Promise<number> {
  const res = await fetch(`${sb.baseUrl}/v1/credits`, { headers: { Authorization: `Bearer ${sb.apiKey}` } });
  return START - ((await res.json()) as { remaining: number }).remaining;
}

interface RunJson {
  id: string;
  status: string;
  creditsCharged: number;
  creditsUnreceived: number;
  creditsUnattributable: number;
  creditsTotal: number;
}

async function history(s: Setup): Promise<Map<string, RunJson>> {
  const out = await runCliToEnd(['--json', 'history', '--db', s.db], s.env);
  expect(out.code).toBe(0);
  const runs = (JSON.parse(out.stdout) as { runs: RunJson[] }).runs;
  return new Map(runs.map((r) => [r.id, r]));
}

describe('credits charged without a result, reconciled at resume', () => {
  it('SIGKILL while answers are on the wire, then parallax resume: recorded + unreceived = what the sandbox charged', async () => {
    const s = await setup();
    const runId = await runAndKill(s, ['a0', 'a1', 'a2', 'a3', 'a4', 'a5'], 12);
    const lost = s.px.withheld();
    expect(lost.answers).toBeGreaterThan(0);
    expect(lost.credits).toBeGreaterThan(0);

    const resumed = await runCliToEnd(['--json', 'resume', runId, '--db', s.db], s.env);
    expect([0, 1]).toContain(resumed.code);
    const end = JSON.parse(resumed.stdout) as RunJson & { runId: string };
    const run = (await history(s)).get(runId) as RunJson;
    const charged = await balanceSpent(s.sb);
    expect(Object.values(s.sb.stats().creditsCharged).reduce((a, b) => a + b, 0)).toBe(charged);

    // What no client could store is counted, from the balance, and only that.
    expect(run.creditsUnreceived).toBeGreaterThanOrEqual(lost.credits);
    expect(run.creditsCharged + run.creditsUnreceived).toBe(charged);
    expect(run.creditsTotal).toBe(charged);
    expect(run.creditsUnattributable).toBe(0);
    expect(end.creditsUnreceived).toBe(run.creditsUnreceived);

    const show = await runCliToEnd(['show', runId, '--db', s.db], s.env);
    expect(show.stdout).toContain(
      `Credits charged ${charged} (${run.creditsCharged} recorded with results + ${run.creditsUnreceived} charged without a result)`,
    );
    const shown = JSON.parse((await runCliToEnd(['--json', 'show', runId, '--db', s.db], s.env)).stdout) as {
      creditSessions: Array<{
        reconcileState: string | null;
        unreceivedCredits: number | null;
        interruptedJobs: number | null;
      }>;
    };
    expect(shown.creditSessions).toHaveLength(2);
    expect(shown.creditSessions[0]).toMatchObject({
      reconcileState: 'attributed',
      unreceivedCredits: run.creditsUnreceived,
    });
    expect(shown.creditSessions[0]?.interruptedJobs).toBeGreaterThanOrEqual(lost.answers);

    // The Markdown export's run total says the same.
    const md = join(dir, 'run.md');
    expect(
      (await runCliToEnd(['export', runId, '--format', 'md', '--out', md, '--db', s.db], s.env)).code,
    ).toBe(0);
    const text = readFileSync(md, 'utf8');
    expect(text).toContain(`- Credits charged: ${charged}\n`);
    expect(text).toContain(
      `- Of which charged without a result: ${run.creditsUnreceived} (answers never received)`,
    );
  }, 120_000);

  it("a cached balance (GET /v1/credits as stale as the service may serve it): the answers' X-Credits-Remaining still close the window exactly", async () => {
    const s = await setup({ cachedBalance: true });
    const runId = await runAndKill(s, ['d0', 'd1', 'd2', 'd3'], 8);
    expect(s.px.withheld().credits).toBeGreaterThan(0);
    const resumed = await runCliToEnd(['resume', runId, '--db', s.db], s.env);
    expect([0, 1]).toContain(resumed.code);
    const run = (await history(s)).get(runId) as RunJson;
    const charged = await balanceSpent(s.sb);
    expect(run.creditsUnattributable).toBe(0);
    expect(run.creditsUnreceived).toBeGreaterThanOrEqual(s.px.withheld().credits);
    expect(run.creditsCharged + run.creditsUnreceived).toBe(charged);
  }, 120_000);

  it('another run on the same account in the window: not attributable, no number made up', async () => {
    const s = await setup();
    const runId = await runAndKill(s, ['b0', 'b1', 'b2', 'b3'], 8);
    expect(s.px.withheld().credits).toBeGreaterThan(0);
    // A second run on the same service and key while the first one is dead.
    const other = await runCliToEnd(runArgs(s, ['c0']), s.env);
    expect(other.code).toBe(0);

    const resumed = await runCliToEnd(['resume', runId, '--db', s.db], s.env);
    expect([0, 1]).toContain(resumed.code);
    const run = (await history(s)).get(runId) as RunJson;
    expect(run.creditsUnreceived).toBe(0);
    expect(run.creditsUnattributable).toBe(1);
    const table = await runCliToEnd(['history', '--db', s.db], s.env);
    expect(table.stdout).toContain(`${run.creditsCharged} + ?`);
    const show = await runCliToEnd(['show', runId, '--db', s.db], s.env);
    expect(show.stdout).toMatch(
      /interrupted session not attributable: 1 session\(s\) of other runs on the same account overlapped/,
    );
  }, 120_000);
});
