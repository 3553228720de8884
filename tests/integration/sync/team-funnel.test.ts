import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importOutcomeFile } from '../../../src/core/outcomes';
import type { FunnelView } from '../../../src/shared/funnel/types';
import { runCliAt } from '../../support/cli-in-process';
import { startTestPostgres, type TestPostgres } from '../../support/postgres';
import { startSyncTeam, type Desktop, type SyncTeam } from '../../support/sync-team';
import { ga4Csv } from '../outcomes/exports';
import { loginAs } from '../team/fixtures';
import { importSharedInputs } from './shared-funnel-inputs';

// The funnel totals a member shares, read by teammates, on a real PostgreSQL: alice imports a
// generated log and GA4 export and shares; bea (same workspace, nothing imported) syncs and her
// `parallax funnel --json` shows alice's crawled, referred and key events per engine and page,
// offline; carl (another workspace) sees none; `--source all` takes each figure from one
// source; alice turning sharing off removes her totals from the server and, at bea's next
// sync, from bea's history.

const DAY_MS = 86_400_000;
const TODAY = Math.floor(Date.now() / DAY_MS) * DAY_MS;
const D1 = TODAY - 3 * DAY_MS + 9 * 3_600_000;
const D2 = TODAY - 2 * DAY_MS + 9 * 3_600_000;
const ymd = (at: number): string => new Date(at).toISOString().slice(0, 10).replaceAll('-', '');

/**
 * By hand, per engine: [crawledHits, crawledPages, referredSessions, keyEvents]. GPTBot feeds
 * assistant-a (two verified hits of /pricing; the spoofed one left out), PerplexityBot
 * assistant-b (a 403 is still a hit), Googlebot four engines; GA4: 5 sessions and 1 key event
 * from chatgpt.com on /pricing, 3 sessions from perplexity.ai on /blog/a, organic left out.
 */
const ENGINES_BY_HAND = {
  'assistant-a': [2, 1, 5, 1],
  'assistant-b': [1, 1, 3, 0],
  'assistant-e': [1, 1, 0, 0],
  search: [1, 1, 0, 0],
  'search-ai': [1, 1, 0, 0],
  'search-news': [1, 1, 0, 0],
};
/** Per page: [crawledHits, referredSessions, keyEvents]; /docs counts once per engine Googlebot feeds. */
const PAGES_BY_HAND = {
  '/blog/a': [1, 3, 0],
  '/docs': [4, 0, 0],
  '/pricing': [2, 5, 1],
};

let server: TestPostgres;
let team: SyncTeam;
let alice: Desktop;
let bea: Desktop;
let carl: Desktop;
let dir = '';

const engines = (v: FunnelView): Record<string, number[]> =>
  Object.fromEntries(
    v.engines.map((e) => [e.engine, [e.crawledHits, e.crawledPages, e.referredSessions, e.keyEvents]]),
  );
const pages = (v: FunnelView): Record<string, number[]> =>
  Object.fromEntries(v.pages.map((p) => [p.url, [p.crawledHits, p.referredSessions, p.keyEvents]]));

/** `parallax funnel --json` of a desktop's history, with no team server to reach. */
async function funnel(d: Desktop, ...args: string[]): Promise<FunnelView> {
  const out = await runCliAt(['funnel', '--json', '--db', d.path, ...args], dir, {
    PARALLAX_TEAM_URL: 'postgres://nobody@127.0.0.1:1/none',
  });
  expect(out.stderr).toBe('');
  expect(out.code).toBe(0);
  return JSON.parse(out.stdout) as FunnelView;
}

async function ga4Import(d: Desktop, name: string, csv: string): Promise<void> {
  const file = join(dir, name);
  writeFileSync(file, csv);
  await importOutcomeFile(d.store, { kind: 'ga4', path: file, site: 'acme.example' });
}

beforeAll(async () => {
  server = await startTestPostgres();
  team = await startSyncTeam(server, { alice: 'member', bea: 'member' });
  await team.owner.query(`SELECT parallax.create_workspace('beta', 'BETA', 0)`);
  team.roles['carl'] = await server.createRole(`carl_${team.database}`.slice(0, 60));
  await team.owner.query(`SELECT parallax.grant_workspace('beta', $1, 'member')`, [team.roles['carl']?.name]);
  alice = team.desktop('alice');
  bea = team.desktop('bea');
  carl = team.desktop('carl', 'carl', 'beta');
  dir = mkdtempSync(join(tmpdir(), 'parallax-team-funnel-'));
  await importSharedInputs(alice.store, dir, { d1: D1, d2: D2, now: Date.now });
});

afterAll(async () => {
  await team?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the funnel totals a member shares, read by teammates', () => {
  it('gives a teammate without imports the sharer’s figures per engine and page, offline after a pull', async () => {
    const aliceName = team.roles['alice']?.name as string;
    expect((await runCliAt(['outcomes', 'share', 'on', '--db', alice.path], dir)).code).toBe(0);
    const sent = await alice.sync();
    expect(sent.funnelDays).toMatchObject({ sent: true, rows: 6 });
    // Her own totals are never pulled back as a teammate's.
    expect(sent.sharedFunnel).toEqual({ sharers: [], rows: 0, pulled: 0, removed: 0 });
    const own = await funnel(alice);
    expect(own).toMatchObject({ source: 'mine', crawledFrom: 'mine', referredFrom: 'mine', sharers: [] });
    expect(engines(own)).toEqual(ENGINES_BY_HAND);

    // Pages of 4 rows: the 6 come in two, and are counted once.
    const pulled = await bea.sync({ tuning: { pushBatch: 1000, pullBatch: 4 } });
    expect(pulled.sharedFunnel).toMatchObject({ rows: 6, pulled: 6, removed: 0 });
    expect(pulled.sharedFunnel?.sharers.map((s) => s.name)).toEqual([aliceName]);
    const shared = await funnel(bea);
    expect(shared).toMatchObject({ source: 'team', crawledFrom: 'team', referredFrom: 'team' });
    expect(shared.sharers).toEqual([
      { name: aliceName, sharedAt: expect.any(Number), pulledAt: expect.any(Number) },
    ]);
    expect(shared.sourceNote).toMatch(
      new RegExp(
        `^Crawler and traffic figures shared by ${aliceName}, synced (just now|\\d+ min ago); answers from this workspace’s history\\.$`,
      ),
    );
    expect(engines(shared)).toEqual(ENGINES_BY_HAND);
    expect(pages(shared)).toEqual(PAGES_BY_HAND);
    expect(pages(shared)).toEqual(pages(own));
    expect(shared.empty).toBeNull();
    // A site asked for does not narrow the team's totals, and the funnel says so.
    const site = await funnel(bea, '--site', 'acme.example');
    expect(site.sourceNote).toMatch(/The shared totals carry no site/);
    expect(engines(site)).toEqual(ENGINES_BY_HAND);
    // Her own imports hold nothing: asked for them, the funnel is empty and says whose it is.
    const mine = await funnel(bea, '--source', 'mine');
    expect(mine).toMatchObject({ source: 'mine', engines: [], pages: [], sharers: [] });
    const text = await runCliAt(['funnel', '--by', 'page', '--db', bea.path], dir);
    expect(text.stdout).toContain(`Crawler and traffic figures shared by ${aliceName}, synced`);
    expect(text.stdout).toMatch(/\/pricing\s+2\s+0\s+5\s+1/);
    // Nothing changed on the server: the next sync reads nothing again.
    expect((await bea.sync()).sharedFunnel).toMatchObject({ rows: 6, pulled: 0, removed: 0 });
  });

  it('shows a member of another workspace none of them', async () => {
    const report = await carl.sync();
    expect(report.sharedFunnel).toEqual({ sharers: [], rows: 0, pulled: 0, removed: 0 });
    expect(carl.store.sharedFunnelWriters()).toEqual([]);
    const view = await funnel(carl, '--source', 'team');
    expect(view).toMatchObject({ source: 'team', engines: [], pages: [], sharers: [] });
    expect(view.sourceNote).toMatch(/shared by no teammate yet/);
    const sql = await loginAs(server, team.database, team.roles['carl'] as never);
    try {
      expect((await sql.query('SELECT count(*)::int AS n FROM parallax.funnel_days')).rows).toEqual([
        { n: 0 },
      ]);
    } finally {
      await sql.end();
    }
  });

  it('with --source all, takes each figure from one source, this computer’s first, never both', async () => {
    await ga4Import(
      bea,
      'bea-ga4.csv',
      ga4Csv([
        {
          date: ymd(D2),
          sourceMedium: 'chatgpt.com / referral',
          landing: '/pricing',
          sessions: '7',
          keyEvents: '2',
        },
      ]),
    );
    // Now she has analytics of her own: the default is hers alone.
    expect(await funnel(bea)).toMatchObject({ source: 'mine', crawledFrom: 'mine', referredFrom: 'mine' });
    const all = await funnel(bea, '--source', 'all');
    expect(all).toMatchObject({ source: 'all', crawledFrom: 'team', referredFrom: 'mine' });
    expect(all.sourceNote).toMatch(
      /^Crawler figures shared by .+; traffic figures from this computer’s imports \(one source per figure/,
    );
    // Crawled: alice's; referred: bea's 7 sessions and 2 key events only, not alice's 5 + 1 added.
    expect(engines(all)['assistant-a']).toEqual([2, 1, 7, 2]);
    expect(engines(all)['assistant-b']).toEqual([1, 1, 0, 0]);
    expect(pages(all)['/pricing']).toEqual([2, 7, 2]);
  });

  it('removes the sharer’s totals from the server when sharing is turned off, and from the teammate at her next sync', async () => {
    expect((await runCliAt(['outcomes', 'share', 'off', '--db', alice.path], dir)).code).toBe(0);
    expect((await alice.sync()).funnelDays).toMatchObject({ cleared: true, sent: true });
    expect(await team.count('funnel_days')).toBe(0);
    expect((await funnel(bea, '--source', 'team')).engines).not.toEqual([]);
    expect((await bea.sync()).sharedFunnel).toEqual({ sharers: [], rows: 0, pulled: 0, removed: 1 });
    expect(bea.store.sharedFunnelWriters()).toEqual([]);
    expect(bea.store.sharedFunnelWeeks('2000-01-01')).toEqual([]);
    expect(await funnel(bea, '--source', 'team')).toMatchObject({ engines: [], pages: [], sharers: [] });
  });
});
