import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/core/runs/api';
import { openHistory, type HistoryStore } from '../../../src/core/history';
import { createRunEngine, type RunEngine } from '../../../src/core/runs/engine';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox';

// A child Node process starts a run and is SIGKILLed mid-run; the test reopens the same
// history file and resumes. Nothing stored is lost or stored twice, no task is created twice,
// and a sync call that was in flight is marked interrupted instead of being sent again.

const CHILD = join(import.meta.dirname, 'child-run.ts');

let sandbox: RunningSandbox | null = null;
let store: HistoryStore | null = null;
let engine: RunEngine | null = null;
let dir = '';
afterEach(async () => {
  await engine?.close();
  store?.close();
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
  engine = null;
  store = null;
  sandbox = null;
});

async function runChildUntil(args: string[], doneLines: number): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const runId = await new Promise<string>((resolve, reject) => {
    let id = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      id ||= /run (\S+)/.exec(out)?.[1] ?? '';
      const done = out.split('\n').filter((l) => l.startsWith('done ')).length;
      if (id && done >= doneLines) {
        child.kill('SIGKILL');
        resolve(id);
      }
    });
    child.on('exit', () => (id ? resolve(id) : reject(new Error(`child ended early: ${err}`))));
  });
  await new Promise((r) =>
    child.exitCode !== null || child.signalCode !== null ? r(null) : child.on('exit', r),
  );
  expect(out).not.toContain('finished');
  return runId;
}

function reopen(dbPath: string, baseUrl: string, apiKey: string): void {
  store = openHistory({ path: dbPath });
  engine = createRunEngine({
    store,
    client: createApiClient({ baseUrl, apiKey }),
    now: Date.now,
    plan: () => 'Lite',
    pollIntervalMs: { min: 20, max: 100 },
  });
}

describe('resume after the process is killed mid-run', () => {
  it('sync: in-flight calls become interrupted, the rest runs, nothing is sent or stored twice', async () => {
    sandbox = await startSandbox({ plan: 'Lite', latencyMs: 150, seed: 3 });
    dir = mkdtempSync(join(tmpdir(), 'parallax-kill-'));
    const dbPath = join(dir, 'history.db');
    const runId = await runChildUntil([sandbox.baseUrl, sandbox.apiKey, dbPath, 'sync'], 12);

    reopen(dbPath, sandbox.baseUrl, sandbox.apiKey);
    const s = store as HistoryStore;
    const e = engine as RunEngine;
    const inFlight = s.listInFlightJobs(runId).length;
    expect(inFlight).toBeGreaterThan(0);
    expect(await e.resumeOnOpen()).toEqual([runId]);
    const end = await e.wait(runId);
    expect(end.counts.pending + end.counts.running + end.counts.queued).toBe(0);
    expect(end.counts.interrupted).toBe(inFlight);
    expect(end.counts.succeeded + end.counts.interrupted).toBe(40);
    // No call was sent twice: at most one request per job (a job committed as running may
    // have been killed before its request left), and every success is one of them.
    const sent = sandbox.stats().requests['POST /v1/monitor/assistant-a'] ?? 0;
    expect(sent).toBeLessThanOrEqual(40);
    expect(sent).toBeGreaterThanOrEqual(end.counts.succeeded);
    expect(sent).toBeGreaterThanOrEqual(40 - inFlight);
    const cells = s.getRunMatrix(runId);
    const results = cells.filter((c) => c.resultId !== null);
    expect(results).toHaveLength(end.counts.succeeded);
    expect(new Set(results.map((c) => c.resultId)).size).toBe(results.length);
  });

  it('async: tasks are polled again by their stored ids, none created twice, every result stored once', async () => {
    sandbox = await startSandbox({ plan: 'Lite', latencyMs: 100, seed: 4 });
    dir = mkdtempSync(join(tmpdir(), 'parallax-kill-'));
    const dbPath = join(dir, 'history.db');
    const runId = await runChildUntil([sandbox.baseUrl, sandbox.apiKey, dbPath, 'async'], 5);

    reopen(dbPath, sandbox.baseUrl, sandbox.apiKey);
    const s = store as HistoryStore;
    const e = engine as RunEngine;
    const before = s.countJobs(runId).counts.succeeded;
    expect(before).toBeGreaterThanOrEqual(5);
    expect(before).toBeLessThan(40);
    expect(await e.resumeOnOpen()).toEqual([runId]);
    const end = await e.wait(runId);
    expect(end.status).toBe('completed');
    expect(end.counts.succeeded).toBe(40);
    const stats = sandbox.stats();
    expect(stats.tasksCreated).toBe(40);
    expect(stats.requests['POST /v1/async/task/batch']).toBe(1);
    const results = s.getRunMatrix(runId).map((c) => c.resultId);
    expect(new Set(results).size).toBe(40);
  });
});
