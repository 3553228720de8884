import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireBackgroundSync } from '../../../src/core/app/sync-wiring';
import { importLogs, loadRangeLists } from '../../../src/core/crawlers';
import type { HistoryStore } from '../../../src/core/history';
import { funnelDays, type FunnelDay } from '../../../src/core/outcomes';
import { createEventBus } from '../../../src/core/platform';
import { openSettingsStore } from '../../../src/core/platform/settings';
import { createBackgroundSync, funnelDaysOn, type FunnelDaysOnThread } from '../../../src/core/team/sync';
import { FUNNEL_CHUNK_ROWS } from '../../../src/core/team/sync/funnel-worker';
import { SHARED_DAYS } from '../../../src/core/team/sync/push-funnel';
import { writeCombinedLog } from '../../support/crawler-logs';
import { POSITIONING_WORKER } from '../../support/judge-threads';
import { startTestPostgres, type TestPostgres } from '../../support/postgres';
import { recordRun, startSyncTeam, type Desktop, type SyncTeam } from '../../support/sync-team';
import { importSharedInputs } from './shared-funnel-inputs';

// The funnel totals a member shares, computed on a thread of their own as the app computes them
// (src/core/team/sync/funnel-worker.ts), on a real history file holding a generated log of most
// of a year and a GA4 export, against a real PostgreSQL: the thread's rows equal the rows the
// sync computes in-process; the app's background sync, wired as createCore wires it, sends them
// from that thread (the sync's own thread cannot read them here) with the report an in-process
// sync gives; a thread that fails is the step's failure, said in one line, and the rest of the
// sync goes on.

const DAY_MS = 86_400_000;
const NOW = Date.UTC(2026, 10, 20, 12);
const D1 = Date.UTC(2026, 10, 18, 9);
const D2 = Date.UTC(2026, 10, 19, 9);

let server: TestPostgres;
let team: SyncTeam;
let inWorker: Desktop;
let inProcess: Desktop;
let dir = '';
let expected: FunnelDay[] = [];

/** The generated log (300 days, 400 pages) and the shared GA4 export, imported and shared. */
async function importAndShare(d: Desktop, name: string): Promise<void> {
  const log = join(dir, `${name}-year.log`);
  await writeCombinedLog(log, 1_500_000, { seed: 7, start: NOW - 300 * DAY_MS, days: 300, pages: 400 });
  await importLogs({
    store: d.store,
    paths: [log],
    site: 'acme.example',
    ranges: loadRangeLists(),
    now: () => NOW,
  });
  await importSharedInputs(d.store, join(dir, name), { d1: D1, d2: D2, now: () => NOW });
  d.store.setOutcomeSharing(true);
}

/** The store, except that the funnel's inputs cannot be read through it: only another connection can. */
function unreadableInputs(store: HistoryStore): HistoryStore {
  const refuse = (): never => {
    throw new Error('the funnel inputs were read on the sync thread');
  };
  return new Proxy(store, {
    get: (target, key) =>
      key === 'crawlDays' || key === 'outcomeTrafficDays' ? refuse : Reflect.get(target, key),
  });
}

/** This desktop's rows on the server, as the sync sent them. */
async function rowsOnServer(d: Desktop): Promise<string[][]> {
  const { rows } = await team.owner.query<Record<string, string>>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, site, engine, page, crawled_hits::text AS c,
            referred_sessions::text AS r, key_events::text AS k
       FROM parallax.funnel_days WHERE writer LIKE '%/' || $1 ORDER BY day, site, engine, page`,
    [d.store.replica.origin()],
  );
  return rows.map((x) => [x.day, x.site, x.engine, x.page, x.c, x.r, x.k] as string[]);
}

const asText = (rows: readonly FunnelDay[]): string[][] =>
  rows.map((d) => [
    d.day,
    d.site,
    d.engine,
    d.page,
    ...[d.crawledHits, d.referredSessions, d.keyEvents].map(String),
  ]);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-funnel-worker-'));
  for (const name of ['worker', 'process']) mkdirSync(join(dir, name));
  server = await startTestPostgres();
  team = await startSyncTeam(server, { alice: 'member' });
  inWorker = team.desktop('alice', 'alice-app');
  inProcess = team.desktop('alice', 'alice-cli');
  await importAndShare(inWorker, 'worker');
  await importAndShare(inProcess, 'process');
  expected = funnelDays(inProcess.store, { days: SHARED_DAYS, now: NOW });
}, 120_000);
afterAll(async () => {
  await team?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the shared funnel totals on a thread of their own', () => {
  it('are the rows the sync computes in-process', async () => {
    const rows = await funnelDaysOn(POSITIONING_WORKER)({
      dbPath: inWorker.path,
      days: SHARED_DAYS,
      now: NOW,
    });
    // A year's worth: hundreds of days, many pages, the GA4 sessions among them, in several chunks.
    expect(expected.length).toBeGreaterThan(FUNNEL_CHUNK_ROWS);
    expect(new Set(expected.map((d) => d.day)).size).toBeGreaterThan(250);
    expect(expected.some((d) => d.page === '/pricing' && d.referredSessions === 5 && d.keyEvents === 1)).toBe(
      true,
    );
    expect(rows).toEqual(expected);
  });

  it('are what the app’s background sync sends, from that thread, with the in-process sync’s report', async () => {
    const wired = wireBackgroundSync({
      team: inWorker.team,
      store: unreadableInputs(inWorker.store),
      events: createEventBus(),
      settings: openSettingsStore({ userDataDir: join(dir, 'worker') }),
      workspace: () => team.workspace,
      now: () => NOW,
      enabled: false,
      logError: (message) => {
        throw new Error(message);
      },
      positioningWorker: POSITIONING_WORKER,
    });
    try {
      const status = await wired.service.syncNow();
      expect(status.error).toBeNull();
      const fromThread = status.last?.funnelDays;
      const fromProcess = (await inProcess.sync({ now: () => NOW })).funnelDays;
      expect(fromThread).toEqual({
        rows: expected.length,
        cleared: false,
        sent: true,
        leftOut: 0,
        refused: null,
      });
      expect(fromThread).toEqual(fromProcess);
      expect(await rowsOnServer(inWorker)).toEqual(asText(expected));
      expect(await rowsOnServer(inProcess)).toEqual(asText(expected));
    } finally {
      await wired.close();
    }
  });

  it('fail as the step’s failure, said in one line: nothing sent, the rest of the sync goes on, the next sync sends', async () => {
    const gone: FunnelDaysOnThread = (request) =>
      funnelDaysOn(POSITIONING_WORKER)({ ...request, dbPath: join(dir, 'gone.db') });
    const crashing = join(dir, 'crashing-thread.mjs');
    writeFileSync(crashing, "throw new Error('out of memory in the roll-up');\n");
    const crashes = funnelDaysOn({ file: pathToFileURL(crashing) });
    inProcess.store.setOutcomeSharing(false);
    await inProcess.sync({ now: () => NOW });
    inProcess.store.setOutcomeSharing(true);
    expect(await rowsOnServer(inProcess)).toEqual([]);

    recordRun(inProcess.store, 5);
    const missing = await inProcess.sync({ now: () => NOW, funnelDaysOn: gone });
    expect(missing.funnelDays).toEqual({
      rows: 0,
      cleared: false,
      sent: false,
      leftOut: 0,
      refused: null,
      failed: expect.stringMatching(
        /^The funnel totals could not be computed: There is no history file at .*gone\.db/,
      ),
    });
    expect(missing.pushed).toMatchObject({ run: 1, result: 5 });
    const crashed = await inProcess.sync({ now: () => NOW, funnelDaysOn: crashes });
    expect(crashed.funnelDays?.failed).toBe("The funnel totals' thread failed: out of memory in the roll-up");
    expect(await rowsOnServer(inProcess)).toEqual([]);
    // In the app, the sync is synced and the failure is in its log.
    const logged: string[] = [];
    const background = createBackgroundSync({
      team: inProcess.team,
      store: () => inProcess.store,
      workspace: () => team.workspace,
      windowDays: () => null,
      now: () => NOW,
      onStatus: () => undefined,
      logError: (message) => logged.push(message),
      listen: false,
      funnelDaysOn: crashes,
    });
    try {
      const status = await background.syncNow();
      expect(status.state).toBe('idle');
      expect(status.last?.funnelDays?.failed).toMatch(/thread failed: out of memory/);
      expect(logged).toEqual(["sync: The funnel totals' thread failed: out of memory in the roll-up"]);
    } finally {
      await background.close();
    }

    const next = await inProcess.sync({ now: () => NOW, funnelDaysOn: funnelDaysOn(POSITIONING_WORKER) });
    expect(next.funnelDays).toEqual({
      rows: expected.length,
      cleared: false,
      sent: true,
      leftOut: 0,
      refused: null,
    });
    expect(await rowsOnServer(inProcess)).toEqual(asText(expected));
  });
});
