import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDemoHistory } from '../../src/core/demo';
import { openHistory } from '../../src/core/history';
import { startSandbox } from '../../src/sandbox';
import { spawnCli, type CliChild } from '../support/cli-child';

// `npm run bench -- signals`: how long each long-running command takes to stop after
// SIGINT or SIGTERM, as real child processes. Target: 2 s. For `run` the figure is the time to its
// "pausing" line (nothing new is sent from then on); the run itself ends once the calls already on
// the wire have answered (they are paid for, and stored), here at most the sandbox's latency.

const TARGET_MS = 2_000;

interface Case {
  name: string;
  args: string[];
  /** Printed once the command is busy (else a short wait). */
  busy?: RegExp;
  signal: NodeJS.Signals;
  /** What marks the stop: the process's exit (default) or a line it prints. */
  stopped?: RegExp;
}

/** ms from the signal to the stop; null when the command had finished before the signal. */
async function stopTime(c: Case, env: { userDataDir: string; apiKey?: string }): Promise<number | null> {
  const child: CliChild = spawnCli(c.args, env, { stdin: 'pipe' });
  if (c.busy) await child.waitFor(c.busy);
  else await new Promise((resolve) => setTimeout(resolve, 700));
  if (child.child.exitCode !== null) return null;
  const t0 = performance.now();
  child.child.kill(c.signal);
  if (c.stopped) await child.waitFor(c.stopped);
  else await child.exited;
  const ms = performance.now() - t0;
  child.child.kill('SIGKILL');
  await child.exited;
  return ms;
}

export default async function bench(): Promise<{ name: string; targetsMet: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), 'parallax-signals-bench-'));
  const sandbox = await startSandbox({ plan: 'Starter', latencyMs: { min: 800, max: 1_200 } });
  const db = join(dir, 'history.db');
  await buildDemoHistory({ openStore: (now) => openHistory({ path: db, now }), days: 30 });
  const store = openHistory({ path: db });
  const runId = store.listRuns({ limit: 1 }).runs[0]!.id;
  const monitor = store.listMonitors()[0]!.name;
  store.close();
  const env = { userDataDir: join(dir, 'ud'), apiKey: sandbox.apiKey };
  const many = Array.from({ length: 40 }, (_, i) => ['--prompt', `signal prompt ${i}`]).flat();
  const cases: Case[] = [
    {
      name: 'run (to its pausing line)',
      args: [
        'run',
        '--base-url',
        sandbox.baseUrl,
        '--db',
        join(dir, 'run.db'),
        ...many,
        '--countries',
        'US,DE',
        '--yes',
      ],
      busy: /progress: [1-9]/,
      signal: 'SIGINT',
      stopped: /pausing run/,
    },
    {
      name: 'demo --days 120',
      args: ['demo', '--days', '120', '--db', join(dir, 'demo.db')],
      busy: /Day 2\//,
      signal: 'SIGINT',
    },
    {
      name: 'export xlsx',
      args: ['export', runId, '--format', 'xlsx', '--out', join(dir, 'x.xlsx'), '--db', db],
      signal: 'SIGINT',
    },
    {
      name: 'report',
      args: ['report', '--monitor', monitor, '--out', join(dir, 'r.html'), '--db', db],
      signal: 'SIGTERM',
    },
    { name: 'search', args: ['search', 'the OR de OR la', '--db', db], signal: 'SIGINT' },
    { name: 'db stats', args: ['db', 'stats', '--db', db], signal: 'SIGTERM' },
    { name: 'mcp', args: ['mcp', '--db', db], busy: /serving/, signal: 'SIGTERM' },
    { name: 'sandbox', args: ['sandbox', '--port', '0'], busy: /sandbox|127\.0\.0\.1/i, signal: 'SIGINT' },
  ];
  const missed: string[] = [];
  try {
    for (const c of cases) {
      const ms = await stopTime(c, env);
      if (ms === null) {
        console.log(`${c.name}: finished within 0.7 s, before the signal`);
        continue;
      }
      console.log(`${c.name}, ${c.signal}: stopped in ${ms.toFixed(0)} ms`);
      if (ms > TARGET_MS) missed.push(`${c.name}: ${ms.toFixed(0)} ms`);
    }
  } finally {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
  for (const m of missed) console.log(`MISSED: ${m}`);
  return {
    name: 'long-running commands stop within 2 s of SIGINT or SIGTERM',
    targetsMet: missed.length === 0,
  };
}
