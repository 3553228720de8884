import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/core/app';
import { runCliAt } from '../../support/cli-in-process';
import { combinedLine, IP, UA } from '../../support/crawler-logs';
import { EXPECTED, FILE_NAMES, KEPT, LINES, VISITS, writeEveryFormat, type Written } from './log-files';

// `parallax logs import` over real files in every format (compressed too) read by DuckDB into a
// real history, then `parallax bots --json`: the counts made by hand in log-files.ts, a spoofed
// GPTBot (an address outside every published list) counted apart as "claims to be", the same
// file twice adding nothing, a malformed line named and never fatal.

interface ImportJson {
  files: Array<{
    file: string;
    outcome: string;
    format: string;
    lines: number;
    kept: number;
    malformed: number;
    malformedExamples: string[];
    error: string | null;
  }>;
  missing: string[];
  interrupted: boolean;
}

let dir: string;
let logs: string;
let written: Written[];

const cli = (args: string[]) => runCliAt(args, join(dir, 'data'));
const parsed = <T>(out: { code: number; stdout: string; stderr: string }): T => {
  expect(out.code, out.stderr).toBe(0);
  return JSON.parse(out.stdout) as T;
};
const bots = async (db: string, extra: string[] = []) =>
  parsed<typeof EXPECTED>(
    await cli(['--json', 'bots', '--since', '3650d', '--site', 'example.com', '--db', db, ...extra]),
  );

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-crawl-logs-'));
  logs = join(dir, 'logs');
  rmSync(logs, { recursive: true, force: true });
  mkdirSync(logs);
  written = writeEveryFormat(logs);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parallax logs import, every format', () => {
  it.each(FILE_NAMES.map((name, i) => [name, i] as const))(
    'reads %s to the counts made by hand',
    async (_name, i) => {
      const w = written[i] as Written;
      const db = join(dir, `format-${i}.db`);
      const result = parsed<ImportJson>(
        await cli([
          '--json',
          'logs',
          'import',
          w.file,
          '--format',
          'auto',
          '--site',
          'example.com',
          '--db',
          db,
        ]),
      );
      const file = result.files[0];
      expect(file?.error ?? null).toBeNull();
      expect(file).toMatchObject({
        outcome: 'imported',
        format: w.format,
        lines: LINES,
        kept: KEPT,
        malformed: 1,
      });
      expect(file?.malformedExamples.join(' ')).toContain(w.malformed);
      expect(await bots(db)).toEqual(EXPECTED);
    },
  );

  it('counts a spoofed GPTBot as "claims to be", in words too', async () => {
    const db = join(dir, 'words.db');
    parsed(
      await cli(['--json', 'logs', 'import', join(logs, 'access.log'), '--site', 'example.com', '--db', db]),
    );
    const out = await cli(['bots', '--since', '3650d', '--db', db]);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain("verified: 4 hits on 2 pages from OpenAI's own addresses");
    expect(out.stdout).toContain(
      "claims to be GPTBot: 2 hits on 1 page (from addresses outside OpenAI's published list)",
    );
    expect(out.stdout).toContain('https://example.com/blocked: GPTBot got 403, browsers get 200');
  });
});

describe('importing again', () => {
  it('adds nothing for the same file, a renamed copy, or a folder holding them', async () => {
    const db = join(dir, 'again.db');
    const first = join(logs, 'access.log');
    parsed(await cli(['--json', 'logs', 'import', first, '--site', 'example.com', '--db', db]));
    const copy = join(dir, 'renamed-access.log');
    copyFileSync(first, copy);
    const again = parsed<ImportJson>(
      await cli(['--json', 'logs', 'import', first, copy, '--site', 'example.com', '--db', db]),
    );
    expect(again.files.map((f) => f.outcome)).toEqual(['already imported', 'already imported']);
    expect(await bots(db)).toEqual(EXPECTED);
  });

  it('reads a folder and a glob, each file once, and names a path that matches nothing', async () => {
    const db = join(dir, 'folder.db');
    const folder = parsed<ImportJson>(
      await cli(['--json', 'logs', 'import', logs, '--site', 'example.com', '--db', db]),
    );
    expect(folder.files.filter((f) => f.outcome === 'imported')).toHaveLength(written.length);
    const glob = await cli([
      '--json',
      'logs',
      'import',
      join(logs, '*.gz'),
      join(dir, 'nothing-*.log'),
      '--db',
      db,
    ]);
    const result = parsed<ImportJson>(glob);
    expect(result.files.map((f) => f.outcome)).toEqual(['already imported', 'already imported']);
    expect(result.missing).toEqual([`${join(dir, 'nothing-*.log')}: no file matches`]);
  });

  it('reports a file it cannot read, goes on with the others, and exits 1', async () => {
    const db = join(dir, 'bad.db');
    const binary = join(dir, 'not-a-log.log');
    writeFileSync(binary, 'just some words without any structure\n');
    const out = await cli([
      '--json',
      'logs',
      'import',
      binary,
      join(logs, 'access.log'),
      '--site',
      'example.com',
      '--db',
      db,
    ]);
    expect(out.code, out.stderr).toBe(1);
    const result = JSON.parse(out.stdout) as ImportJson;
    expect(result.files[0]).toMatchObject({ outcome: 'failed' });
    expect(result.files[0]?.error).toContain('--format');
    expect(result.files[1]).toMatchObject({ outcome: 'imported', kept: KEPT });
  });
});

describe('parallax bots update', () => {
  it('replaces one list from the published format, and the next import verifies by it', async () => {
    const list = join(dir, 'gptbot.json');
    writeFileSync(
      list,
      JSON.stringify({
        creationTime: '2026-11-28T12:00:00.000000',
        prefixes: [
          { ipv4Prefix: '20.171.206.0/24' },
          { ipv4Prefix: '203.0.113.0/24' },
          { ipv6Prefix: '2a0b::/32' },
        ],
      }),
    );
    const updated = parsed<{ list: string; date: string; prefixes: number }>(
      await cli(['--json', 'bots', 'update', list]),
    );
    expect(updated).toEqual({ list: 'gptbot.json', date: '2026-11-28', prefixes: 3 });
    const db = join(dir, 'updated.db');
    const file = join(dir, 'fresh.log');
    writeFileSync(
      file,
      `${combinedLine({ ...(VISITS[0] as (typeof VISITS)[0]), ip: IP.spoof, ua: UA.gptbot })}\n`,
    );
    parsed(await cli(['--json', 'logs', 'import', file, '--site', 'example.com', '--db', db]));
    const report = await bots(db);
    expect(report.agents[0]).toMatchObject({ agent: 'GPTBot', verified: { hits: 1, pages: 1 } });
    rmSync(join(dir, 'data', 'crawlers'), { recursive: true, force: true });
  });

  it('refuses a list with a bad entry, naming it, and keeps the one in use', async () => {
    const list = join(dir, 'bingbot.json');
    writeFileSync(
      list,
      JSON.stringify({ prefixes: [{ ipv4Prefix: '157.55.39.0/24' }, { ipv4Prefix: '157.55.39/24' }] }),
    );
    const out = await cli(['bots', 'update', list]);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('prefixes[1].ipv4Prefix: "157.55.39/24" is not an IPv4 prefix');
    const unknown = await cli(['bots', 'update', join(dir, 'gptbot.json'), '--as', 'nobody.json']);
    expect(unknown.stderr).toContain('nobody.json: not a list the catalogue uses');
  });
});

describe('core.services.crawlers(): what the funnel counts as crawled', () => {
  it('gives verified hits per engine and page, and per week, equal to a count by hand', async () => {
    const db = join(dir, 'weeks.db');
    parsed(
      await cli(['--json', 'logs', 'import', join(logs, 'access.log'), '--site', 'example.com', '--db', db]),
    );
    const core = await createCore({
      mode: 'command',
      dbPath: db,
      now: () => Date.UTC(2026, 10, 29),
      fetch,
      activeJudge: () => 'builtin',
      labels: () => ({}),
    });
    try {
      const crawled = (await core.services.crawlers()).crawledPeriod({ days: 60 });
      // 2026-11-02 is a Monday: both days fall in its week. GPTBot feeds ChatGPT (assistant-a),
      // Googlebot four engines; the spoofed GPTBot and the unverifiable ClaudeBot count nowhere.
      const week = '2026-11-02';
      expect(crawled.pages.filter((p) => p.engine === 'assistant-a')).toEqual([
        { engine: 'assistant-a', url: '/a', hits: 3 },
        { engine: 'assistant-a', url: '/blocked', hits: 1 },
      ]);
      expect(crawled.weeks).toEqual(
        ['assistant-a', 'assistant-e', 'search', 'search-ai', 'search-news'].map((engine) => ({
          week,
          engine,
          hits: engine === 'assistant-a' ? 4 : 2,
        })),
      );
    } finally {
      await core.close();
    }
  });
});

describe('bad input', () => {
  it('names an unknown agent and an unknown format, exit 2', async () => {
    const db = join(dir, 'usage.db');
    const agent = await cli(['bots', '--agent', 'NoSuchBot', '--db', join(dir, 'format-0.db')]);
    expect(agent.code).toBe(2);
    expect(agent.stderr).toContain('Unknown agent: NoSuchBot (known: GPTBot, OAI-SearchBot');
    const format = await cli(['logs', 'import', join(logs, 'access.log'), '--format', 'w3c', '--db', db]);
    expect(format.code).toBe(2);
    expect(format.stderr).toContain(
      '--format must be one of auto, combined, jsonl, cloudflare, cloudfront, csv; got "w3c"',
    );
  });
});
