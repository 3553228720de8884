import type Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/core/runs/api';
import { createRunEngine, type RunEngine } from '../../../src/core/runs/engine';
import type { StorageBlocked } from '../../../src/core/runs/engine/store-hold';
import { openHistory, type HistoryStore } from '../../../src/core/history';
import { startSandbox, type RunningSandbox, type SandboxRequestLogEntry } from '../../../src/sandbox';
import { runCliToEndInProcess as runCliToEnd } from '../../support/cli-in-process';
import { spec } from './harness';

// A full disk, made without a small disk: SQLite's max_page_count makes every write past the cap
// fail with SQLITE_FULL ("database or disk is full") for real, on a real file, and raising it is
// the disk growing. The engine runs against the sandbox over loopback HTTP; what the history holds
// is checked against the sandbox's request log (each call's X-Request-Id names its job) and its
// charges. The same on a real tmpfs filled mid-run is `npm run bench -- full-disk` (root).

let sandbox: RunningSandbox | null = null;
let dir = '';
let store: HistoryStore | null = null;
let engine: RunEngine | null = null;
const log: SandboxRequestLogEntry[] = [];

afterEach(async () => {
  await engine?.close();
  engine = null;
  store?.close();
  store = null;
  await sandbox?.close();
  sandbox = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
  log.length = 0;
});

interface Setup {
  db: Database.Database;
  dbPath: string;
  blocked: Promise<StorageBlocked>;
  cleared: Promise<void>;
}

/** A history capped a few pages above what it holds, and an engine on it. */
async function setup(): Promise<Setup> {
  sandbox = await startSandbox({ plan: 'Lite', latencyMs: 5, seed: 9, onRequest: (e) => log.push(e) });
  dir = mkdtempSync(join(tmpdir(), 'parallax-full-disk-'));
  const dbPath = join(dir, 'history.db');
  let db: Database.Database | null = null;
  store = openHistory({ path: dbPath, configure: (conn) => (db = conn) });
  const conn = db as unknown as Database.Database;
  const pages = conn.pragma('page_count', { simple: true }) as number;
  // Room for a few answers (about three to a page), then SQLITE_FULL.
  conn.pragma(`max_page_count = ${pages + 12}`);
  let onBlocked!: (info: StorageBlocked) => void;
  let onCleared!: () => void;
  const blocked = new Promise<StorageBlocked>((resolve) => (onBlocked = resolve));
  const cleared = new Promise<void>((resolve) => (onCleared = resolve));
  engine = createRunEngine({
    store,
    client: createApiClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey }),
    now: Date.now,
    plan: () => 'Lite',
    onStorageBlocked: onBlocked,
    onStorageCleared: onCleared,
  });
  return { db: conn, dbPath, blocked, cleared };
}

const monitorCalls = (): SandboxRequestLogEntry[] => log.filter((e) => e.template.startsWith('/v1/monitor/'));
const jobOf = (e: SandboxRequestLogEntry): string => e.requestId.split(':')[0] as string;
const served = (): Set<string> =>
  new Set(
    monitorCalls()
      .filter((e) => e.status === 200 && e.ran)
      .map(jobOf),
  );
const sandboxCredits = (): number =>
  Object.values((sandbox as RunningSandbox).stats().creditsCharged).reduce((a, b) => a + b, 0);
const RUN = spec({
  prompts: Array.from({ length: 12 }, (_, i) => `full disk prompt ${i} ${'long '.repeat(40)}`),
  engines: ['assistant-a'],
  countries: ['US', 'DE', 'FR', 'GB', 'ES'],
});
const META = { keyLabel: null, sandbox: false, baseUrl: '' };

/** Waits until the sandbox has seen no new monitor call for `quietMs`. */
async function settledCalls(quietMs: number): Promise<number> {
  let seen = -1;
  while (monitorCalls().length !== seen) {
    seen = monitorCalls().length;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
  return seen;
}

describe('a full disk pauses, holds and waits', () => {
  it('stops sending at the first failed write, holds the paid answers, and goes on by itself when space returns', async () => {
    const s = await setup();
    const { runId } = await engine!.start(RUN, { ...META, baseUrl: sandbox!.baseUrl });
    // The run must stop sending, not go on with its answers failing to store one by one.
    const info = await Promise.race([s.blocked, engine!.wait(runId).then(() => null)]);
    expect(info).not.toBeNull();
    if (info === null) return;
    expect(info.kind).toBe('full');
    expect(info.path).toBe(s.dbPath);
    expect(info.message).toContain(s.dbPath);
    expect(info.message).toMatch(/is full: about [\d.]+ [KMG]?B more space is needed/);
    // Calls in flight when the write failed may finish; nothing new is sent after them.
    const sent = await settledCalls(300);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(monitorCalls().length).toBe(sent);
    expect(sent).toBeLessThan(RUN.prompts.length * RUN.countries.length);
    expect(engine!.progress(runId)?.status).toBe('running');

    s.db.pragma('max_page_count = 1000000'); // the disk grows
    await s.cleared;
    const end = await engine!.wait(runId);
    expect(end.status).toBe('completed');
    expect(end.counts.succeeded).toBe(end.total);
    const stored = new Set(store!.listJobs(runId, { states: ['succeeded'] }).map((j) => j.id));
    expect([...served()].filter((job) => !stored.has(job))).toEqual([]);
    expect(store!.countJobs(runId).creditsCharged).toBe(sandboxCredits());
    // Each job answered once: nothing was sent twice to make up for a lost answer.
    expect(served().size).toBe(monitorCalls().filter((e) => e.status === 200).length);
  });

  it('stopped before space returns: the held answers go to a journal that `parallax resume` takes in before sending anything', async () => {
    const s = await setup();
    const { runId } = await engine!.start(RUN, { ...META, baseUrl: sandbox!.baseUrl });
    await s.blocked;
    await settledCalls(300);
    const heldJobs = [...served()].filter((job) => store!.getJob(job)?.jobState !== 'succeeded');
    expect(heldJobs.length).toBeGreaterThan(0);
    const stopped = await engine!.pauseAll({ graceMs: 2_000 });
    expect(stopped[0]?.notices.join('\n')).toMatch(/written to .*history\.db\.held-.*\.ndjson/);
    const journals = readdirSync(dir).filter((n) => n.includes('.held-'));
    expect(journals).toHaveLength(1);
    await engine!.close();
    engine = null;
    store!.close();
    store = null;

    const callsBefore = monitorCalls().length;
    const out = await runCliToEnd(['resume', runId, '--db', s.dbPath, '--json'], {
      userDataDir: join(dir, 'ud'),
      apiKey: sandbox!.apiKey,
    });
    expect(out.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(dir, journals[0] as string))).toBe(false);
    const check = openHistory({ path: s.dbPath });
    try {
      // The held answers were stored, and none of their jobs was sent again by the resume.
      for (const job of heldJobs) expect(check.getJob(job)?.jobState).toBe('succeeded');
      const resent = monitorCalls()
        .slice(callsBefore)
        .filter((e) => heldJobs.includes(jobOf(e)));
      expect(resent).toEqual([]);
      const run = check.getRun(runId);
      expect(run?.status).toBe('completed');
      const stored = new Set(check.listJobs(runId, { states: ['succeeded'] }).map((j) => j.id));
      expect([...served()].filter((job) => !stored.has(job))).toEqual([]);
      expect(check.countJobs(runId).creditsCharged).toBe(sandboxCredits());
    } finally {
      check.close();
    }
    expect(out.code).toBe(0);
  });
});
