import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHistory } from '../../../src/core/history';
import { runCliAt as runCli } from '../../support/cli-in-process';
import {
  demoFixture,
  historyCount,
  historyQuery,
  historyTableCounts,
  sqlite3Json,
  type Fixture,
} from './fixture';

// `parallax db export --format sqlite` read back by the stock sqlite3 shell (no extension, no
// Parallax function): every table's rows, one brand's mentions as the Visibility view counts
// them, an answer's text exactly as the store and `parallax show` give it, the filters, and the
// synthetic-data flag of a demo history.

let fx: Fixture;
const DAY = 86_400_000;

beforeAll(async () => {
  fx = await demoFixture('db-export-sqlite');
}, 120_000);
afterAll(() => fx.cleanup());

async function exportSqlite(
  name: string,
  ...flags: string[]
): Promise<{ file: string; json: Record<string, unknown> }> {
  const file = fx.file(name);
  const out = await runCli(
    ['db', 'export', '--format', 'sqlite', '--out', file, '--db', fx.db, '--json', ...flags],
    fx.dir,
  );
  expect(out.code, out.stderr).toBe(0);
  return { file, json: JSON.parse(out.stdout) as Record<string, unknown> };
}

const counts = async (file: string): Promise<Record<string, number>> => {
  const tables = [
    'runs',
    'jobs',
    'answers',
    'sources',
    'brands',
    'mentions',
    'positioning',
    'positioning_attributes',
    'facts',
    'products',
    'offers',
    'ads',
    'visibility_daily',
  ];
  const rows = await sqlite3Json<{ t: string; n: number }>(
    file,
    tables.map((t) => `SELECT '${t}' AS t, count(*) AS n FROM ${t}`).join(' UNION ALL '),
  );
  return Object.fromEntries(rows.map((r) => [r.t, r.n]));
};

describe('parallax db export --format sqlite', { timeout: 120_000 }, () => {
  let whole = '';
  beforeAll(async () => {
    whole = (await exportSqlite('whole.sqlite')).file;
  });

  it('holds every table in full, read by the stock sqlite3 shell', async () => {
    const got = await counts(whole);
    expect(got).toMatchObject(historyTableCounts(fx.db));
    expect(got.answers).toBeGreaterThan(0);
    expect(got.positioning).toBeGreaterThan(0);
    expect(got.positioning_attributes).toBeGreaterThan(0);
    expect(got.facts).toBeGreaterThan(0);
    expect(got.visibility_daily).toBeGreaterThan(0);
    expect(await sqlite3Json(whole, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    // Every key resolves: each answer's run and job, each source's answer, each mention's brand.
    expect(await sqlite3Json(whole, 'PRAGMA foreign_key_check')).toEqual([]);
    // Plain tables: no generated column, nothing calling a function only Parallax registers.
    const schema = await sqlite3Json<{ sql: string | null }>(whole, 'SELECT sql FROM sqlite_schema');
    expect(schema.map((s) => s.sql ?? '').join('\n')).not.toMatch(/GENERATED|doc_text|zstd_text|STRICT/i);
    const indexes = await sqlite3Json<{ name: string }>(
      whole,
      "SELECT name FROM sqlite_schema WHERE type = 'index'",
    );
    expect(indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining(['answers_by_run_id', 'sources_by_result_id_position', 'mentions_by_brand_id']),
    );
  });

  it("one brand's mentions are the Visibility view's figures", async () => {
    const vis = await runCli(
      ['--json', 'visibility', '--db', fx.db, '--since', '30d', '--brand', 'Veloxa'],
      fx.dir,
    );
    expect(vis.code, vis.stderr).toBe(0);
    const kpis = (
      JSON.parse(vis.stdout) as {
        kpis: { mentionRate: { k: number; n: number }; citationRate: { k: number } };
      }
    ).kpis;
    const [named] = await sqlite3Json<{ n: number; cited: number }>(
      whole,
      "SELECT count(*) AS n, sum(cited) AS cited FROM mentions WHERE brand = 'Veloxa'",
    );
    expect(named?.n).toBe(kpis.mentionRate.k);
    expect(kpis.mentionRate.k).toBeGreaterThan(0);
    const [daily] = await sqlite3Json<{ answers: number; mentioned: number; cited: number }>(
      whole,
      "SELECT sum(answers) AS answers, sum(mentioned) AS mentioned, sum(cited) AS cited FROM visibility_daily WHERE brand = 'Veloxa'",
    );
    expect(daily).toEqual({
      answers: kpis.mentionRate.n,
      mentioned: kpis.mentionRate.k,
      cited: kpis.citationRate.k,
    });
    // A mention's answer is in answers (the join an analyst writes).
    const [joined] = await sqlite3Json<{ n: number }>(
      whole,
      "SELECT count(*) AS n FROM mentions m JOIN answers a USING (result_id) WHERE m.brand = 'Veloxa'",
    );
    expect(joined?.n).toBe(kpis.mentionRate.k);
  });

  it("an answer's text is exactly the store's and `parallax show`'s", async () => {
    const [row] = await sqlite3Json<{
      result_id: string;
      run_id: string;
      answer_text: string;
      answer_markdown: string | null;
      source_count: number;
      fetched_at: string;
    }>(
      whole,
      // The longest answer with non-ASCII text (the demo's German answers): bytes must survive.
      "SELECT result_id, run_id, answer_text, answer_markdown, source_count, fetched_at FROM answers ORDER BY instr(answer_text, 'ü') > 0 DESC, length(answer_text) DESC LIMIT 1",
    );
    if (!row) throw new Error('no answer exported');
    const store = openHistory({ path: fx.db, readonly: true });
    try {
      const stored = store.getResult(row.result_id);
      expect(row.answer_text).toBe(stored?.normalized.text);
      expect(row.answer_markdown).toBe(stored?.normalized.markdown);
      expect(row.answer_text).toContain('ü');
      expect(row.fetched_at).toBe(new Date(stored?.fetchedAt ?? 0).toISOString());
    } finally {
      store.close();
    }
    const show = await runCli(['--json', 'show', row.run_id, '--db', fx.db], fx.dir);
    expect(show.code, show.stderr).toBe(0);
    const job = (
      JSON.parse(show.stdout) as {
        jobs: Array<{ resultId: string | null; excerpt: string; sourceCount: number }>;
      }
    ).jobs.find((j) => j.resultId === row.result_id);
    expect(job?.excerpt).toBeTruthy();
    expect(row.answer_text.startsWith(job?.excerpt ?? '#')).toBe(true);
    expect(row.source_count).toBe(job?.sourceCount);
  });

  it('marks a demo history as synthetic, in meta and on every run and answer', async () => {
    const meta = Object.fromEntries(
      (await sqlite3Json<{ key: string; value: string }>(whole, 'SELECT key, value FROM meta')).map((m) => [
        m.key,
        m.value,
      ]),
    );
    expect(meta).toMatchObject({
      export: 'parallax-analysis-export',
      synthetic: 'true',
      demo: 'true',
      format: 'sqlite',
    });
    expect(Number(meta['rows.answers'])).toBe(historyCount(fx.db, 'SELECT count(*) FROM results'));
    const [flags] = await sqlite3Json<{ real: number }>(
      whole,
      'SELECT count(*) AS real FROM answers WHERE NOT synthetic OR NOT demo',
    );
    expect(flags?.real).toBe(0);
  });

  it('--monitor keeps only that monitor\u2019s runs, jobs and answers', async () => {
    const { file, json } = await exportSqlite('monitor.sqlite', '--monitor', 'demo · buying guides');
    const expected = historyCount(
      fx.db,
      `SELECT count(*) FROM results r JOIN jobs j ON j.id = r.job_id JOIN runs ru ON ru.id = j.run_id
       JOIN monitors m ON m.id = ru.monitor_id WHERE m.name = 'Demo · Buying guides'`,
    );
    const got = await counts(file);
    expect(got.answers).toBe(expected);
    expect(got.answers).toBeLessThan(historyCount(fx.db, 'SELECT count(*) FROM results'));
    const names = await sqlite3Json<{ monitor_name: string }>(
      file,
      'SELECT DISTINCT monitor_name FROM answers UNION SELECT DISTINCT monitor_name FROM runs',
    );
    expect(names).toEqual([{ monitor_name: 'Demo · Buying guides' }]);
    expect(await sqlite3Json(file, 'PRAGMA foreign_key_check')).toEqual([]);
    expect(json.filter).toMatchObject({ monitorName: 'Demo · Buying guides' });
  });

  it('--since keeps the answers of the last days (whole UTC days), and their runs and jobs', async () => {
    const { file, json } = await exportSqlite('since.sqlite', '--since', '2d');
    const from = (Math.floor(Date.now() / DAY) - 1) * DAY;
    const got = await counts(file);
    expect(got.answers).toBe(historyCount(fx.db, 'SELECT count(*) FROM results WHERE fetched_at >= ?', from));
    expect(got.answers).toBeGreaterThan(0);
    expect(got.answers).toBeLessThan(historyCount(fx.db, 'SELECT count(*) FROM results'));
    const [range] = await sqlite3Json<{ first: string; days: number }>(
      file,
      'SELECT min(day) AS first, count(DISTINCT day) AS days FROM answers',
    );
    expect((range?.first ?? '') >= new Date(from).toISOString().slice(0, 10)).toBe(true);
    const [vis] = await sqlite3Json<{ first: string | null }>(
      file,
      'SELECT min(day) AS first FROM visibility_daily',
    );
    expect(vis?.first).toBe(range?.first);
    expect(await sqlite3Json(file, 'PRAGMA foreign_key_check')).toEqual([]);
    expect(json.filter).toMatchObject({ from: new Date(from).toISOString().slice(0, 10) });
    const period = historyQuery<{ n: number }>(fx.db, 'SELECT count(*) AS n FROM runs');
    expect(got.runs).toBeLessThanOrEqual(period[0]?.n ?? 0);
  });

  it('refuses bad input with a specific message and writes nothing', async () => {
    const file = fx.file('never.sqlite');
    const bad = [
      [['--format', 'csv'], /--format must be one of sqlite, parquet/],
      [
        ['--format', 'sqlite', '--monitor', 'nobody'],
        /No monitor "nobody"; monitors: .*Demo · Buying guides/,
      ],
      [['--format', 'sqlite', '--from', '2026-02-30'], /2026-02-30 is not a calendar date/],
      [
        ['--format', 'sqlite', '--since', '30d', '--from', '2026-01-01'],
        /Use --since or --from\/--to, not both/,
      ],
    ] as const;
    for (const [flags, message] of bad) {
      const out = await runCli(['db', 'export', ...flags, '--out', file, '--db', fx.db], fx.dir);
      expect(out.code).toBe(2);
      expect(out.stderr).toMatch(message);
    }
    const folder = await runCli(
      ['db', 'export', '--format', 'sqlite', '--out', fx.dir, '--db', fx.db],
      fx.dir,
    );
    expect(folder.code).toBe(2);
    expect(folder.stderr).toMatch(/is a folder/);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.partial`)).toBe(false);
  });
});
