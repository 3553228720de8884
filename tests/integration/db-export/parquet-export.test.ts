import Database from 'better-sqlite3';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHistory, registerStoreFunctions } from '../../../src/core/history';
import { runCliAt as runCli } from '../../support/cli-in-process';
import {
  demoFixture,
  historyCount,
  historyQuery,
  historyTableCounts,
  openDuck,
  type Duck,
  type Fixture,
} from './fixture';

// `parallax db export --format parquet`: one file per table, read back with DuckDB (its Node API,
// as an analyst's notebook would) and checked with a second, independent reader (hyparquet, pure
// JS): counts, typed columns, one brand's mentions as the Visibility view counts them, an
// answer's exact text, a monitor filter, and the synthetic flag of a demo history.

let fx: Fixture;
let duck: Duck;

beforeAll(async () => {
  fx = await demoFixture('db-export-parquet');
  duck = await openDuck();
}, 120_000);
afterAll(() => {
  duck.close();
  fx.cleanup();
});

async function exportParquet(name: string, ...flags: string[]): Promise<string> {
  const folder = fx.file(name);
  const out = await runCli(
    ['db', 'export', '--format', 'parquet', '--out', folder, '--db', fx.db, '--json', ...flags],
    fx.dir,
  );
  expect(out.code, out.stderr).toBe(0);
  expect(JSON.parse(out.stdout)).toMatchObject({ format: 'parquet', path: folder });
  return folder;
}

async function rows<T>(sql: string): Promise<T[]> {
  return duck.rows<T>(sql);
}

const file = (folder: string, table: string): string => `'${join(folder, `${table}.parquet`)}'`;

describe('parallax db export --format parquet', { timeout: 120_000 }, () => {
  let folder = '';
  beforeAll(async () => {
    folder = await exportParquet('whole');
  });

  it('writes one file per table, every row, typed columns', async () => {
    expect(readdirSync(folder).sort()).toEqual(
      [
        'ads',
        'answers',
        'brands',
        'facts',
        'jobs',
        'mentions',
        'meta',
        'offers',
        'positioning',
        'positioning_attributes',
        'products',
        'runs',
        'sources',
        'visibility_daily',
      ].map((t) => `${t}.parquet`),
    );
    for (const [table, n] of Object.entries(historyTableCounts(fx.db))) {
      const [got] = await rows<{ n: bigint }>(`SELECT count(*) AS n FROM ${file(folder, table)}`);
      expect(Number(got?.n), table).toBe(n);
    }
    const types = Object.fromEntries(
      (
        await rows<{ column_name: string; column_type: string }>(
          `DESCRIBE SELECT * FROM ${file(folder, 'answers')}`,
        )
      ).map((c) => [c.column_name, c.column_type]),
    );
    expect(types).toMatchObject({
      result_id: 'VARCHAR',
      fetched_at: 'TIMESTAMP WITH TIME ZONE',
      day: 'DATE',
      repeat: 'BIGINT',
      synthetic: 'BOOLEAN',
      answer_text: 'VARCHAR',
    });
    const [vis] = await rows<{ column_type: string }>(
      `SELECT column_type FROM (DESCRIBE SELECT avg_rank FROM ${file(folder, 'visibility_daily')})`,
    );
    expect(vis?.column_type).toBe('DOUBLE');
  });

  it('reads the same in an independent Parquet reader (hyparquet): schema, logical types, meta rows', async () => {
    const buffer = (name: string): ArrayBuffer => {
      const bytes = readFileSync(join(folder, name));
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    };
    const answers = parquetMetadata(buffer('answers.parquet'));
    expect(Number(answers.num_rows)).toBe(historyCount(fx.db, 'SELECT count(*) FROM results'));
    const fetched = answers.schema.find((s) => s.name === 'fetched_at');
    expect(fetched?.type).toBe('INT64');
    expect(fetched?.logical_type).toMatchObject({ type: 'TIMESTAMP', isAdjustedToUTC: true });
    expect(answers.schema.find((s) => s.name === 'day')?.converted_type).toBe('DATE');
    const meta = (await parquetReadObjects({ file: buffer('meta.parquet') })) as Array<{
      key: string;
      value: string;
    }>;
    expect(Object.fromEntries(meta.map((m) => [m.key, m.value]))).toMatchObject({
      export: 'parallax-analysis-export',
      format: 'parquet',
      synthetic: 'true',
      demo: 'true',
      // Counted from the written answers (every answer of the demo history is both).
      synthetic_answers: String(historyCount(fx.db, 'SELECT count(*) FROM results')),
      demo_answers: String(historyCount(fx.db, 'SELECT count(*) FROM results')),
    });
  });

  it('counts synthetic and demo answers apart in the meta table', async () => {
    // A copy where one run is marked as not from the sandbox: its answers stay demo answers but
    // are no longer synthetic, so the two counts differ and a swap or a wrong column shows.
    const db = fx.file('mixed.db');
    const source = new Database(fx.db, { readonly: true });
    registerStoreFunctions(source); // the history's views and triggers name the store's functions
    source.exec(`VACUUM INTO '${db}'`);
    source.close();
    const mixed = new Database(db);
    registerStoreFunctions(mixed);
    mixed.exec('UPDATE runs SET sandbox = 0 WHERE id = (SELECT min(id) FROM runs)');
    mixed.close();
    const expected = historyQuery<{ synthetic: number; demo: number }>(
      db,
      `SELECT sum(ru.sandbox) AS synthetic, count(*) AS demo
         FROM results r JOIN jobs j ON j.id = r.job_id JOIN runs ru ON ru.id = j.run_id`,
    )[0];
    expect(expected && expected.synthetic < expected.demo).toBe(true);
    const folder = fx.file('mixed-export');
    const out = await runCli(
      ['db', 'export', '--format', 'parquet', '--out', folder, '--db', db, '--json'],
      fx.dir,
    );
    expect(out.code, out.stderr).toBe(0);
    const meta = await rows<{ key: string; value: string }>(`SELECT key, value FROM ${file(folder, 'meta')}`);
    expect(Object.fromEntries(meta.map((m) => [m.key, m.value]))).toMatchObject({
      synthetic_answers: String(expected?.synthetic),
      demo_answers: String(expected?.demo),
    });
  });

  it("one brand's mentions and an answer's exact text, as the app has them", async () => {
    const vis = await runCli(
      ['--json', 'visibility', '--db', fx.db, '--since', '30d', '--brand', 'Veloxa'],
      fx.dir,
    );
    const kpis = (
      JSON.parse(vis.stdout) as {
        kpis: { mentionRate: { k: number; n: number }; citationRate: { k: number } };
      }
    ).kpis;
    const [named] = await rows<{ n: bigint }>(
      `SELECT count(*) AS n FROM ${file(folder, 'mentions')} WHERE brand = 'Veloxa'`,
    );
    expect(Number(named?.n)).toBe(kpis.mentionRate.k);
    const [daily] = await rows<{ answers: bigint; cited: bigint }>(
      `SELECT sum(answers) AS answers, sum(cited) AS cited FROM ${file(folder, 'visibility_daily')} WHERE brand = 'Veloxa'`,
    );
    expect([Number(daily?.answers), Number(daily?.cited)]).toEqual([kpis.mentionRate.n, kpis.citationRate.k]);

    const [answer] = await rows<{
      result_id: string;
      answer_text: string;
      fetched_ms: bigint;
      synthetic: boolean;
    }>(
      `SELECT result_id, answer_text, epoch_ms(fetched_at) AS fetched_ms, synthetic FROM ${file(folder, 'answers')}
       WHERE answer_text LIKE '%ü%' ORDER BY length(answer_text) DESC LIMIT 1`,
    );
    const store = openHistory({ path: fx.db, readonly: true });
    try {
      const stored = store.getResult(answer?.result_id ?? '');
      expect(answer?.answer_text).toBe(stored?.normalized.text);
      expect(Number(answer?.fetched_ms)).toBe(stored?.fetchedAt);
      expect(answer?.synthetic).toBe(true);
    } finally {
      store.close();
    }
    // The joins an analyst writes resolve: every source and mention to an answer, every answer to its run.
    const [orphans] = await rows<{ n: bigint }>(
      `SELECT (SELECT count(*) FROM ${file(folder, 'sources')} s ANTI JOIN ${file(folder, 'answers')} a USING (result_id))
            + (SELECT count(*) FROM ${file(folder, 'answers')} a ANTI JOIN ${file(folder, 'runs')} r USING (run_id)) AS n`,
    );
    expect(Number(orphans?.n)).toBe(0);
  });

  it('--monitor keeps only that monitor; an earlier export in the folder is replaced', async () => {
    const again = await exportParquet('whole', '--monitor', 'Demo · Trail and race');
    const names = await rows<{ monitor_name: string }>(
      `SELECT DISTINCT monitor_name FROM ${file(again, 'answers')}`,
    );
    expect(names).toEqual([{ monitor_name: 'Demo · Trail and race' }]);
    const [n] = await rows<{ n: bigint }>(`SELECT count(*) AS n FROM ${file(again, 'answers')}`);
    expect(Number(n?.n)).toBe(
      historyCount(
        fx.db,
        `SELECT count(*) FROM results r JOIN jobs j ON j.id = r.job_id JOIN runs ru ON ru.id = j.run_id
         JOIN monitors m ON m.id = ru.monitor_id WHERE m.name = 'Demo · Trail and race'`,
      ),
    );
    expect(readdirSync(fx.dir).filter((f) => f.startsWith('whole'))).toEqual(['whole']);
  });

  it('never writes into a folder of other files', async () => {
    // The fixture's folder holds the history file itself.
    const out = await runCli(['db', 'export', '--format', 'parquet', '--out', fx.dir, '--db', fx.db], fx.dir);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/already holds other files/);
    expect(readdirSync(fx.dir).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });
});
