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
// offline; carl (another workspace) sees none. Per site one sharer counts: dan sharing the same
// site is never added to alice, eve sharing another site is; `--site` narrows the shared totals;
// `--source all` takes per site one source, bea's own first; alice turning sharing off removes
// her totals from the server and, at bea's next sync, from bea's history.

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
let dan: Desktop;
let eve: Desktop;
let dir = '';

const engines = (v: FunnelView): Record<string, number[]> =>
  Object.fromEntries(
    v.engines.map((e) => [e.engine, [e.crawledHits, e.crawledPages, e.referredSessions, e.keyEvents]]),
  );
/** The per-engine figures by hand, times `n` (two sites of the same counts). */
const times = (n: number): Record<string, number[]> =>
  Object.fromEntries(
    // Pages are distinct paths: the same paths of two sites are the same pages.
    Object.entries(ENGINES_BY_HAND).map(([e, v]) => [e, v.map((x, i) => (i === 1 ? x : n * x))]),
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
  team = await startSyncTeam(server, { alice: 'member', bea: 'member', dan: 'member', eve: 'member' });
  await team.owner.query(`SELECT parallax.create_workspace('beta', 'BETA', 0)`);
  team.roles['carl'] = await server.createRole(`carl_${team.database}`.slice(0, 60));
  await team.owner.query(`SELECT parallax.grant_workspace('beta', $1, 'member')`, [team.roles['carl']?.name]);
  alice = team.desktop('alice');
  bea = team.desktop('bea');
  carl = team.desktop('carl', 'carl', 'beta');
  dan = team.desktop('dan');
  eve = team.desktop('eve');
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
    expect(shared.sites).toEqual([
      { site: 'acme.example', from: 'team', sharer: aliceName, sharedAt: expect.any(Number), notAdded: [] },
    ]);
    // A site asked for narrows the team's totals to it.
    expect(engines(await funnel(bea, '--site', 'acme.example'))).toEqual(ENGINES_BY_HAND);
    const other = await funnel(bea, '--site', 'other.example');
    expect(other).toMatchObject({ engines: [], pages: [], sites: [], sharers: [] });
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

  it('never adds two teammates sharing the same site: takes the one who sent last, and says so', async () => {
    const [aliceName, danName] = [team.roles['alice']?.name, team.roles['dan']?.name] as string[];
    await importSharedInputs(dan.store, dir, { d1: D1, d2: D2, now: Date.now });
    expect((await runCliAt(['outcomes', 'share', 'on', '--db', dan.path], dir)).code).toBe(0);
    expect((await dan.sync()).funnelDays).toMatchObject({ sent: true, rows: 6 });
    expect((await bea.sync()).sharedFunnel).toMatchObject({ rows: 12, pulled: 6 });
    const view = await funnel(bea, '--source', 'team');
    expect(engines(view)).toEqual(ENGINES_BY_HAND);
    expect(pages(view)).toEqual(PAGES_BY_HAND);
    expect(view.sites).toEqual([
      {
        site: 'acme.example',
        from: 'team',
        sharer: danName,
        sharedAt: expect.any(Number),
        notAdded: [aliceName],
      },
    ]);
    expect(view.sharers.map((s) => s.name)).toEqual([danName]);
    expect(view.sourceNote).toContain(
      `acme.example: figures shared by ${danName}; ${aliceName} shares the same site, not added.`,
    );
  });

  it('adds teammates sharing different sites, and narrows them with --site', async () => {
    const eveName = team.roles['eve']?.name as string;
    await importSharedInputs(eve.store, dir, { d1: D1, d2: D2, now: Date.now }, 'beta.example');
    expect((await runCliAt(['outcomes', 'share', 'on', '--db', eve.path], dir)).code).toBe(0);
    expect((await eve.sync()).funnelDays).toMatchObject({ sent: true, rows: 6 });
    expect(await team.count('funnel_days')).toBe(18);
    expect((await bea.sync()).sharedFunnel).toMatchObject({ rows: 18, pulled: 6 });
    const both = await funnel(bea, '--source', 'team');
    expect(engines(both)).toEqual(times(2));
    expect(both.sites.map((s) => [s.site, s.sharer])).toEqual([
      ['acme.example', team.roles['dan']?.name],
      ['beta.example', eveName],
    ]);
    const beta = await funnel(bea, '--source', 'team', '--site', 'beta.example');
    expect(engines(beta)).toEqual(ENGINES_BY_HAND);
    expect(beta.sharers.map((s) => s.name)).toEqual([eveName]);
    expect(beta.sourceNote).not.toContain('not added');
  });

  it('with --source all, takes per site one source, this computer’s first, never both', async () => {
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
    expect(all.sites.map((s) => [s.site, s.from])).toEqual([
      ['acme.example', 'mine'],
      ['beta.example', 'team'],
    ]);
    expect(all.sourceNote).toMatch(
      /^Crawler and traffic figures per site, one source each \(this computer’s first, never added together\): acme\.example from this computer’s imports; beta\.example shared by /,
    );
    // acme.example: bea's 7 sessions and 2 key events alone (no logs of hers: no crawled hits),
    // never alice's or dan's added; beta.example: eve's figures whole.
    expect(engines(all)['assistant-a']).toEqual([2, 1, 5 + 7, 1 + 2]);
    expect(engines(all)['assistant-b']).toEqual([1, 1, 3, 0]);
    expect(pages(all)['/pricing']).toEqual([2, 5 + 7, 1 + 2]);
    // Asked for her own site, the team adds nothing to it.
    const acme = await funnel(bea, '--source', 'all', '--site', 'acme.example');
    expect(engines(acme)).toEqual({ 'assistant-a': [0, 0, 7, 2] });
    expect(acme).toMatchObject({ crawledFrom: 'mine', referredFrom: 'mine', sharers: [] });
  });

  it('removes the sharer’s totals from the server when sharing is turned off, and from the teammate at her next sync', async () => {
    expect((await runCliAt(['outcomes', 'share', 'off', '--db', alice.path], dir)).code).toBe(0);
    expect((await alice.sync()).funnelDays).toMatchObject({ cleared: true, sent: true });
    expect(await team.count('funnel_days')).toBe(12);
    expect((await funnel(bea, '--source', 'team')).engines).not.toEqual([]);
    expect((await bea.sync()).sharedFunnel).toMatchObject({ rows: 12, pulled: 0, removed: 1 });
    expect(bea.store.sharedFunnelWriters().map((w) => w.sharer)).toEqual(
      [team.roles['dan']?.name, team.roles['eve']?.name].sort(),
    );
    expect(bea.store.sharedFunnelSites().map((s) => s.site)).toEqual(['acme.example', 'beta.example']);
  });

  it('reads rows an older Parallax shared before the site was kept as a site of their own, never added to a named one', async () => {
    const { rows } = await team.owner.query<{ id: string }>(
      `SELECT id::text AS id FROM parallax.workspaces WHERE slug = $1`,
      [team.workspace],
    );
    // As team schema 15 leaves a row stored by schema 14: its site ''.
    await team.owner.query(
      `INSERT INTO parallax.funnel_days (workspace_id, writer, day, engine, page, crawled_hits, referred_sessions, key_events)
       VALUES ($1, 'old_member/h9', $2, 'assistant-a', '/pricing', 9, 0, 0)`,
      [rows[0]?.id, new Date(D1).toISOString().slice(0, 10)],
    );
    expect((await bea.sync()).sharedFunnel).toMatchObject({ rows: 13, pulled: 1 });
    const view = await funnel(bea, '--source', 'team');
    expect(view.sites.map((s) => [s.site, s.sharer])).toEqual([
      ['', 'old_member'],
      ['acme.example', team.roles['dan']?.name],
      ['beta.example', team.roles['eve']?.name],
    ]);
    expect(engines(view)['assistant-a']?.[0]).toBe(2 * 2 + 9);
    expect(engines(await funnel(bea, '--source', 'team', '--site', 'acme.example'))).toEqual(ENGINES_BY_HAND);
  });
});
