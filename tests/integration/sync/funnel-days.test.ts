import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importLogs, loadRangeLists } from '../../../src/core/crawlers';
import { combinedLine, IP, UA, visit, type LogLine } from '../../support/crawler-logs';
import { runCliAt } from '../../support/cli-in-process';
import { startTestPostgres, type TestPostgres } from '../../support/postgres';
import { startSyncTeam, type Desktop, type SyncTeam } from '../../support/sync-team';
import { loginAs } from '../team/fixtures';
import { importSharedInputs } from './shared-funnel-inputs';

// Sharing a workspace's funnel aggregates with the team, on a real PostgreSQL: off by default
// (a sync sends none), on after `parallax outcomes share on` (daily counts per engine × page
// equal to a count by hand; no address, log line, user agent or analytics row anywhere on the
// server), off again (this desktop's rows removed). Another workspace's member reads none of
// them and writes none; a member cannot send oversized or malformed aggregates, and the
// workspace's sync goes on after such tries.

const DAY_MS = 86_400_000;
const NOW = Date.UTC(2026, 10, 20, 12);
const D1 = Date.UTC(2026, 10, 18, 9);
const D2 = Date.UTC(2026, 10, 19, 9);

const hit = (ip: string, ua: string, url: string, at: number, status = 200): LogLine =>
  visit(ip, ua, url, status, at, 'acme.example');

/** The rows by hand: GPTBot feeds assistant-a, PerplexityBot assistant-b, Googlebot four engines. */
const BY_HAND = [
  ['2026-11-18', 'assistant-a', '/pricing', 2, 5, 1],
  ['2026-11-18', 'assistant-e', '/docs', 1, 0, 0],
  ['2026-11-18', 'search', '/docs', 1, 0, 0],
  ['2026-11-18', 'search-ai', '/docs', 1, 0, 0],
  ['2026-11-18', 'search-news', '/docs', 1, 0, 0],
  ['2026-11-19', 'assistant-b', '/blog/a', 1, 3, 0],
];

let server: TestPostgres;
let team: SyncTeam;
let alice: Desktop;
let dir = '';
let acmeId = '';
const sessions: pg.Client[] = [];

async function teamRows(): Promise<Array<Array<string | number>>> {
  const { rows } = await team.owner.query<{
    day: string;
    engine: string;
    page: string;
    c: string;
    r: string;
    k: string;
  }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, engine, page, crawled_hits AS c, referred_sessions AS r, key_events AS k
       FROM parallax.funnel_days WHERE workspace_id = $1 ORDER BY day, engine, page`,
    [acmeId],
  );
  return rows.map((x) => [x.day, x.engine, x.page, Number(x.c), Number(x.r), Number(x.k)]);
}

/** Every value of every table of the team schema, as text, for what must never be there. */
async function everythingOnTheServer(): Promise<string> {
  const { rows } = await team.owner.query<{ t: string }>(
    `SELECT format('%I.%I', table_schema, table_name) AS t FROM information_schema.tables
      WHERE table_schema = 'parallax' AND table_type = 'BASE TABLE'`,
  );
  const parts: string[] = [];
  for (const { t } of rows) {
    const dump = await team.owner.query<{ j: string | null }>(
      `SELECT string_agg(to_jsonb(x)::text, ' ') AS j FROM ${t} x`,
    );
    parts.push(dump.rows[0]?.j ?? '');
  }
  return parts.join('\n');
}

/** Imports one more log line into alice's history, as `parallax logs import` does. */
async function importLine(name: string, line: LogLine): Promise<void> {
  const file = join(dir, name);
  writeFileSync(file, `${combinedLine(line)}\n`);
  await importLogs({
    store: alice.store,
    paths: [file],
    site: 'acme.example',
    ranges: loadRangeLists(),
    now: () => NOW,
  });
}

async function as(role: string): Promise<pg.Client> {
  const client = await loginAs(server, team.database, team.roles[role] as never);
  sessions.push(client);
  return client;
}

async function sqlCode(client: pg.Client, sql: string, params: unknown[]): Promise<string> {
  const error = await client.query(sql, params).then(
    () => null,
    (e: unknown) => e as { code: string },
  );
  if (error === null) throw new Error(`expected an error from: ${sql}`);
  return error.code;
}

const PUT = `SELECT parallax.put_funnel_days($1::uuid, $2::date, $3::date, $4::date[], $5::text[], $6::text[],
  $7::text[], $8::bigint[], $9::bigint[], $10::bigint[])`;
/** Schema 14's call, without the sites: what an older desktop still sends. */
const PUT_WITHOUT_SITES = `SELECT parallax.put_funnel_days($1::uuid, $2::date, $3::date, $4::date[], $5::text[],
  $6::text[], $7::bigint[], $8::bigint[], $9::bigint[])`;
const putArgs = (
  ws: string,
  rows: Array<[string, string, string, number]>,
  first = '2026-11-01',
  last = '2026-11-20',
  site = 'acme.example',
) => [
  ws,
  first,
  last,
  rows.map((r) => r[0]),
  rows.map(() => site),
  rows.map((r) => r[1]),
  rows.map((r) => r[2]),
  rows.map((r) => r[3]),
  rows.map(() => 0),
  rows.map(() => 0),
];

beforeAll(async () => {
  server = await startTestPostgres();
  team = await startSyncTeam(server, { alice: 'member', vera: 'viewer' });
  acmeId = (
    await team.owner.query<{ id: string }>(
      `SELECT id::text AS id FROM parallax.workspaces WHERE slug = 'acme'`,
    )
  ).rows[0]?.id as string;
  await team.owner.query(`SELECT parallax.create_workspace('beta', 'BETA', 0)`);
  team.roles['bob'] = await server.createRole(`bob_${team.database}`.slice(0, 60));
  await team.owner.query(`SELECT parallax.grant_workspace('beta', $1, 'member')`, [team.roles['bob']?.name]);

  alice = team.desktop('alice');
  dir = mkdtempSync(join(tmpdir(), 'parallax-funnel-days-'));
  await importSharedInputs(alice.store, dir, { d1: D1, d2: D2, now: () => NOW });
});

afterAll(async () => {
  for (const s of sessions) await s.end().catch(() => undefined);
  await team?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('sharing the funnel aggregates with the team', () => {
  it('sends nothing while the workspace has not turned sharing on', async () => {
    expect(alice.store.outcomeSharing()).toEqual({
      aggregates: false,
      changedAt: null,
      pushedAt: null,
      pushedDigest: null,
    });
    const report = await alice.sync({ now: () => NOW });
    expect(report.funnelDays).toBeNull();
    expect(await team.count('funnel_days')).toBe(0);
  });

  it('sends the daily counts per engine and page once on, equal to a count by hand, and nothing raw', async () => {
    const on = await runCliAt(['outcomes', 'share', 'on', '--json', '--db', alice.path], dir);
    expect(on.code, on.stderr).toBe(0);
    expect(JSON.parse(on.stdout)).toMatchObject({ aggregates: true });
    alice.reopen();
    const report = await alice.sync({ now: () => NOW });
    expect(report.funnelDays).toEqual({
      rows: BY_HAND.length,
      cleared: false,
      sent: true,
      leftOut: 0,
      refused: null,
    });
    expect(await teamRows()).toEqual(BY_HAND);
    // Each row carries the site it was imported for, under the server's mark of this desktop.
    const { rows: marks } = await team.owner.query<{ site: string; writer: string }>(
      `SELECT DISTINCT site, writer FROM parallax.funnel_days`,
    );
    expect(marks).toEqual([
      { site: 'acme.example', writer: `${team.roles['alice']?.name}/${alice.store.replica.origin()}` },
    ]);
    const dump = await everythingOnTheServer();
    expect(dump).toContain('"page": "/pricing"');
    for (const secret of [
      IP.gptbot,
      IP.spoof,
      IP.browser,
      'GPTBot/1.2',
      'utm_source',
      'google / organic',
      '?ref=1',
    ])
      expect({ secret, found: dump.includes(secret) }).toEqual({ secret, found: false });
    // Again, with nothing imported since: nothing goes, a day later either.
    expect((await alice.sync({ now: () => NOW })).funnelDays).toEqual({
      rows: 0,
      cleared: false,
      sent: false,
      leftOut: 0,
      refused: null,
    });
    expect((await alice.sync({ now: () => NOW + DAY_MS })).funnelDays).toMatchObject({ sent: false });
    expect(await teamRows()).toEqual(BY_HAND);
    expect(alice.store.outcomeSharing().pushedAt).toBe(NOW);
  });

  it('lets no member of another workspace read or write them, and no viewer write them', async () => {
    const bob = await as('bob');
    expect((await bob.query('SELECT count(*)::int AS n FROM parallax.funnel_days')).rows).toEqual([{ n: 0 }]);
    expect(await sqlCode(bob, PUT, putArgs(acmeId, [['2026-11-18', 'assistant-a', '/x', 1]]))).toBe('42501');
    expect(
      await sqlCode(
        bob,
        `INSERT INTO parallax.funnel_days (workspace_id, writer, day, engine, page, crawled_hits, referred_sessions, key_events)
         VALUES ($1, 'bob', '2026-11-18', 'assistant-a', '/x', 1, 0, 0)`,
        [acmeId],
      ),
    ).toBe('42501');
    const vera = await as('vera');
    expect((await vera.query('SELECT count(*)::int AS n FROM parallax.funnel_days')).rows).toEqual([
      { n: BY_HAND.length },
    ]);
    expect(await sqlCode(vera, PUT, putArgs(acmeId, [['2026-11-18', 'assistant-a', '/x', 1]]))).toBe('42501');
    const aliceSql = await as('alice');
    expect(await sqlCode(aliceSql, `DELETE FROM parallax.funnel_days`, [])).toBe('42501');
    expect(await sqlCode(aliceSql, `UPDATE parallax.funnel_days SET crawled_hits = 0`, [])).toBe('42501');
    expect(await teamRows()).toEqual(BY_HAND);
  });

  it('refuses oversized and malformed aggregates from a member, and the workspace syncs on', async () => {
    const mallory = await as('alice');
    const many = Array.from({ length: 20_001 }, (_, i): [string, string, string, number] => [
      '2026-11-18',
      'assistant-a',
      `/p${i}`,
      1,
    ]);
    expect(await sqlCode(mallory, PUT, putArgs(acmeId, many))).toBe('54000');
    expect(await sqlCode(mallory, PUT, putArgs(acmeId, [['2026-11-18', 'Evil Engine', '/x', 1]]))).toBe(
      '23514',
    );
    expect(
      await sqlCode(mallory, PUT, putArgs(acmeId, [['2026-11-18', 'assistant-a', 'x'.repeat(3000), 1]])),
    ).toBe('23514');
    expect(await sqlCode(mallory, PUT, putArgs(acmeId, [['2026-11-18', 'assistant-a', '/x', -5]]))).toBe(
      '23514',
    );
    expect(await sqlCode(mallory, PUT, putArgs(acmeId, [['2026-12-18', 'assistant-a', '/x', 1]]))).toBe(
      '22023',
    );
    expect(await sqlCode(mallory, PUT, putArgs(acmeId, [], '2020-01-01', '2026-11-20'))).toBe('22023');
    expect(
      await sqlCode(mallory, PUT, [
        ...putArgs(acmeId, [['2026-11-18', 'assistant-a', '/x', 1]]).slice(0, 9),
        [0, 0],
      ]),
    ).toBe('22023');
    for (const site of ['Acme.example', 'acme example', 'acme.example/x', 'a'.repeat(254)])
      expect({
        site,
        code: await sqlCode(
          mallory,
          PUT,
          putArgs(acmeId, [['2026-11-18', 'assistant-a', '/x', 1]], undefined, undefined, site),
        ),
      }).toEqual({ site, code: '23514' });
    // Schema 14's call refuses, saying why: rows without a site would be added to a teammate's.
    const old = putArgs(acmeId, [['2026-11-18', 'assistant-a', '/x', 1]]);
    const refusal = await mallory.query(PUT_WITHOUT_SITES, [...old.slice(0, 4), ...old.slice(5)]).then(
      () => null,
      (e: unknown) => e as { code: string; message: string },
    );
    expect(refusal).toMatchObject({ code: '22023', message: expect.stringContaining('update Parallax') });
    // A member's call stores under the server's mark of her session, never a word of hers:
    // she cannot write as a teammate, nor over her own desktop's rows from another session.
    await mallory.query(`SELECT set_config('parallax.origin', '../bea', false)`);
    expect(
      (
        await mallory.query(
          PUT,
          putArgs(
            acmeId,
            [['2026-11-18', 'assistant-a', '/x', 1]],
            '2026-11-18',
            '2026-11-18',
            'other.example',
          ),
        )
      ).rowCount,
    ).toBe(1);
    const { rows: writers } = await team.owner.query<{ writer: string }>(
      `SELECT writer FROM parallax.funnel_days WHERE site = 'other.example'`,
    );
    expect(writers).toEqual([{ writer: `${team.roles['alice']?.name}/../bea` }]);
    await mallory.query(PUT, putArgs(acmeId, [], '2026-11-18', '2026-11-18'));
    expect(await teamRows()).toEqual(BY_HAND);
    // A new import changes a day: its rows replace that span's, the others stay as they were.
    await importLine('more.log', hit(IP.gptbot, UA.gptbot, '/pricing', D1 + 3600_000));
    const report = await alice.sync({ now: () => NOW });
    expect(report.funnelDays).toEqual({
      rows: BY_HAND.length,
      cleared: false,
      sent: true,
      leftOut: 0,
      refused: null,
    });
    expect(await teamRows()).toEqual([
      ['2026-11-18', 'assistant-a', '/pricing', 3, 5, 1],
      ...BY_HAND.slice(1),
    ]);
  });

  it('says when the team server refuses them (a workspace over its cap), and the rest of the sync goes on', async () => {
    await team.owner.query(
      `UPDATE parallax.server_limits SET value = 3 WHERE name = 'funnel_rows_per_workspace'`,
    );
    try {
      await importLine('over.log', hit(IP.gptbot, UA.gptbot, '/new', D2));
      const report = await alice.sync({ now: () => NOW });
      expect(report.funnelDays).toMatchObject({
        sent: false,
        refused: expect.stringContaining('over its cap of 3'),
      });
      expect(report.canceled).toBe(false);
      expect(await teamRows()).toEqual([
        ['2026-11-18', 'assistant-a', '/pricing', 3, 5, 1],
        ...BY_HAND.slice(1),
      ]);
    } finally {
      await team.owner.query(
        `UPDATE parallax.server_limits SET value = 1000000 WHERE name = 'funnel_rows_per_workspace'`,
      );
    }
    const again = await alice.sync({ now: () => NOW });
    expect(again.funnelDays).toMatchObject({ sent: true, rows: BY_HAND.length + 1, refused: null });
  });

  it('removes this desktop\u2019s rows at the next sync once sharing is off', async () => {
    alice.store.setOutcomeSharing(false);
    const report = await alice.sync({ now: () => NOW + DAY_MS });
    expect(report.funnelDays).toEqual({ rows: 0, cleared: true, sent: true, leftOut: 0, refused: null });
    expect(await teamRows()).toEqual([]);
    expect(alice.store.outcomeSharing()).toMatchObject({
      aggregates: false,
      pushedAt: null,
      pushedDigest: null,
    });
    expect((await alice.sync({ now: () => NOW + DAY_MS })).funnelDays).toBeNull();
  });
});
