import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHistory } from '../../../src/core/history';
import { runCliAt as runCli } from '../../support/cli-in-process';
import { demoFixture, historyCount, openDuck, sqlite3Json, type Duck, type Fixture } from './fixture';

// The analysis export's positioning on the demo history, whose answers the
// built-in judge scores as they are stored: each brand's status and tone counts as
// `parallax positioning --json` gives them, every row as the store reads the answer's
// positioning back (status, score, evidence at its offsets, attributes), a monitor's export
// holding only its answers, and the Parquet files read by DuckDB with the same figures.

let fx: Fixture;
let duck: Duck;
const MONITOR = 'Demo · Buying guides';

beforeAll(async () => {
  fx = await demoFixture('db-export-positioning');
  duck = await openDuck();
}, 120_000);
afterAll(() => {
  duck.close();
  fx.cleanup();
});

async function dbExport(format: 'sqlite' | 'parquet', name: string, ...flags: string[]): Promise<string> {
  const out = fx.file(name);
  const run = await runCli(
    ['db', 'export', '--format', format, '--out', out, '--db', fx.db, '--json', ...flags],
    fx.dir,
  );
  expect(run.code, run.stderr).toBe(0);
  return out;
}

interface Counts {
  statusCounts: Record<string, number>;
  sentimentCounts: Record<string, number>;
}

/** brand id → its status and tone counts, from rows of (brand_id, kind, label, n). */
function countsByBrand(
  rows: Array<{ brand_id: string; kind: string; label: string; n: number }>,
): Record<string, Counts> {
  const out: Record<string, Counts> = {};
  for (const r of rows) {
    const c = (out[r.brand_id] ??= { statusCounts: {}, sentimentCounts: {} });
    (r.kind === 'status' ? c.statusCounts : c.sentimentCounts)[r.label] = Number(r.n);
  }
  return out;
}

const COUNTS_SQL = (from: string): string =>
  `SELECT brand_id, 'status' AS kind, status AS label, count(*) AS n FROM ${from}
     WHERE judge = 'builtin' AND brand_id IS NOT NULL GROUP BY brand_id, status
   UNION ALL
   SELECT brand_id, 'sentiment', sentiment, count(*) FROM ${from}
     WHERE judge = 'builtin' AND brand_id IS NOT NULL GROUP BY brand_id, sentiment`;

interface ExportedRow {
  result_id: string;
  brand_id: string;
  brand: string;
  status: string;
  sentiment: string;
  sentiment_score: number;
  evidence_text: string | null;
  evidence_start: number | null;
  evidence_end: number | null;
  evidence_count: number;
  evidence_in: string;
  attribute_count: number;
  judge: string;
  judge_version: string;
  not_scored: string | null;
  attributes: string;
  answer_text: string;
  answer_markdown: string | null;
}

describe('parallax db export: positioning', { timeout: 120_000 }, () => {
  let whole = '';
  beforeAll(async () => {
    whole = await dbExport('sqlite', 'whole.sqlite', '--since', '30d');
  });

  it("each brand's status and tone counts are `parallax positioning --json`'s", async () => {
    const cli = await runCli(['--json', 'positioning', '--db', fx.db, '--since', '30d'], fx.dir);
    expect(cli.code, cli.stderr).toBe(0);
    const summary = JSON.parse(cli.stdout) as {
      judge: string;
      rows: Array<Counts & { brandId: string; n: number }>;
    };
    expect(summary.judge).toBe('builtin');
    const expected = Object.fromEntries(
      summary.rows.map((r) => [
        r.brandId,
        {
          statusCounts: Object.fromEntries(Object.entries(r.statusCounts).filter(([, n]) => n > 0)),
          sentimentCounts: Object.fromEntries(Object.entries(r.sentimentCounts).filter(([, n]) => n > 0)),
        },
      ]),
    );
    const exported = countsByBrand(await sqlite3Json(whole, COUNTS_SQL('positioning')));
    expect(exported).toEqual(expected);
    // The demo's answers carry every status (an empty or one-status table would not do).
    const statuses = await sqlite3Json<{ status: string }>(whole, 'SELECT DISTINCT status FROM positioning');
    expect(statuses.map((s) => s.status).sort()).toEqual(['cautioned', 'mentioned', 'recommended', 'top']);
    expect(await sqlite3Json(whole, 'PRAGMA foreign_key_check')).toEqual([]);
  });

  it("every row is the store's positioning of its answer: evidence at its offsets, attributes", async () => {
    const rows = await sqlite3Json<ExportedRow>(
      whole,
      `SELECT p.*, a.answer_text, a.answer_markdown,
         (SELECT coalesce(json_group_array(json_object('text', x.attribute, 'polarity', x.polarity)), '[]') FROM
           (SELECT attribute, polarity FROM positioning_attributes pa
            WHERE pa.result_id = p.result_id AND pa.brand_id = p.brand_id AND pa.judge = p.judge
            ORDER BY pa.position) x) AS attributes
       FROM positioning p JOIN answers a ON a.result_id = p.result_id`,
    );
    const answers = [...new Set(rows.map((r) => r.result_id))];
    expect(answers.length).toBeGreaterThan(100);
    const store = openHistory({ path: fx.db, readonly: true });
    try {
      const stored = new Map(store.posResults(answers, 'builtin').map((p) => [p?.resultId, p]));
      let evidence = 0;
      for (const row of rows) {
        const answer = stored.get(row.result_id);
        const brand = answer?.brands.find((b) => b.brandId === row.brand_id);
        if (!brand) throw new Error(`no stored positioning for ${row.result_id} × ${row.brand}`);
        const first = brand.evidence[0];
        expect({
          brand: row.brand,
          status: row.status,
          sentiment: { label: row.sentiment, score: row.sentiment_score },
          evidence:
            row.evidence_text === null
              ? undefined
              : { text: row.evidence_text, start: row.evidence_start, end: row.evidence_end },
          evidenceCount: row.evidence_count,
          attributes: JSON.parse(row.attributes) as unknown,
          judge: { id: row.judge, version: row.judge_version },
          in: row.evidence_in,
        }).toEqual({
          brand: brand.brand,
          status: brand.status,
          sentiment: brand.sentiment,
          evidence: first,
          evidenceCount: brand.evidence.length,
          attributes: brand.attributes,
          judge: brand.judge,
          in: answer?.format === 'markdown' ? 'answer_markdown' : 'answer_text',
        });
        // The offsets point into the exported answer's column evidence_in names.
        if (row.evidence_text !== null) {
          const text = row.evidence_in === 'answer_markdown' ? row.answer_markdown : row.answer_text;
          expect(text?.slice(row.evidence_start ?? 0, row.evidence_end ?? 0)).toBe(row.evidence_text);
          evidence += 1;
        }
        expect(row.not_scored).toBeNull();
      }
      expect(evidence).toBeGreaterThan(100);
      // Every stored brand of those answers is exported (no row lost to a join).
      const storedRows = [...stored.values()].reduce((n, p) => n + (p?.brands.length ?? 0), 0);
      expect(rows.length).toBe(storedRows);
    } finally {
      store.close();
    }
    const [attrs] = await sqlite3Json<{ rows: number; counted: number }>(
      whole,
      `SELECT (SELECT count(*) FROM positioning_attributes) AS rows,
         (SELECT sum(attribute_count) FROM positioning) AS counted`,
    );
    expect(attrs?.rows).toBeGreaterThan(0);
    expect(attrs?.rows).toBe(attrs?.counted);
  });

  it('--monitor keeps only its answers’ positioning', async () => {
    const file = await dbExport('sqlite', 'monitor.sqlite', '--monitor', MONITOR);
    const inMonitor = historyCount(
      fx.db,
      `SELECT count(*) FROM pos_brand b JOIN results r ON r.seq = b.seq JOIN jobs j ON j.id = r.job_id
       JOIN runs ru ON ru.id = j.run_id JOIN monitors m ON m.id = ru.monitor_id WHERE m.name = ?`,
      MONITOR,
    );
    const [got] = await sqlite3Json<{ n: number; outside: number; all: number }>(
      file,
      `SELECT count(*) AS n,
         sum(p.result_id NOT IN (SELECT result_id FROM answers WHERE monitor_name = '${MONITOR}')) AS outside,
         (SELECT count(*) FROM positioning_attributes
          WHERE result_id NOT IN (SELECT result_id FROM answers)) AS "all"
       FROM positioning p`,
    );
    expect(got).toEqual({ n: inMonitor, outside: 0, all: 0 });
    const [total] = await sqlite3Json<{ n: number }>(whole, 'SELECT count(*) AS n FROM positioning');
    expect(inMonitor).toBeGreaterThan(0);
    expect(inMonitor).toBeLessThan(total?.n ?? 0);
  });

  it('DuckDB reads the Parquet files back with the same figures', async () => {
    const folder = await dbExport('parquet', 'whole-parquet', '--since', '30d');
    const file = (table: string): string => `'${join(folder, `${table}.parquet`)}'`;
    const read = <T>(sql: string): Promise<T[]> => duck.rows<T>(sql);
    expect(countsByBrand(await read(COUNTS_SQL(file('positioning'))))).toEqual(
      countsByBrand(await sqlite3Json(whole, COUNTS_SQL('positioning'))),
    );
    const [parquet] = await read<{ rows: bigint; attrs: bigint; evidence: bigint }>(
      `SELECT (SELECT count(*) FROM ${file('positioning')}) AS rows,
         (SELECT count(*) FROM ${file('positioning_attributes')}) AS attrs,
         (SELECT count(*) FROM ${file('positioning')} WHERE evidence_text IS NOT NULL) AS evidence`,
    );
    const [sqlite] = await sqlite3Json<{ rows: number; attrs: number; evidence: number }>(
      whole,
      `SELECT (SELECT count(*) FROM positioning) AS rows, (SELECT count(*) FROM positioning_attributes) AS attrs,
         (SELECT count(*) FROM positioning WHERE evidence_text IS NOT NULL) AS evidence`,
    );
    expect({
      rows: Number(parquet?.rows),
      attrs: Number(parquet?.attrs),
      evidence: Number(parquet?.evidence),
    }).toEqual(sqlite);
    const types = Object.fromEntries(
      (
        await read<{ column_name: string; column_type: string }>(
          `DESCRIBE SELECT * FROM ${file('positioning')}`,
        )
      ).map((c) => [c.column_name, c.column_type]),
    );
    expect(types).toMatchObject({ status: 'VARCHAR', sentiment_score: 'DOUBLE', evidence_start: 'BIGINT' });
    const [meta] = await read<{ value: string }>(
      `SELECT value FROM ${file('meta')} WHERE key = 'rows.positioning'`,
    );
    expect(Number(meta?.value)).toBe(sqlite?.rows);
  });

  it("an answer a second judge could not score: one row with the judge's reason, no brand", async () => {
    // A model judge's refusal as the store keeps it (pos_answer.note, no pos_brand row), written
    // into a copy of the history: the sandbox's model judge does not refuse on demand.
    const db = fx.file('refused.db');
    copyFileSync(fx.db, db);
    const conn = new Database(db);
    const seq = conn.prepare('SELECT min(seq) AS seq FROM pos_brand').pluck().get() as number;
    conn.exec(`INSERT INTO pos_judges (name) VALUES ('model:test');
      INSERT INTO pos_scorings (judge, version, brand_set)
        SELECT id, '7', 'set' FROM pos_judges WHERE name = 'model:test'`);
    conn
      .prepare(
        `INSERT INTO pos_answer (seq, judge, scoring, markdown, note)
         SELECT ?, s.judge, s.id, 0, 'refusal: the model declined' FROM pos_scorings s
         JOIN pos_judges j ON j.id = s.judge WHERE j.name = 'model:test'`,
      )
      .run(seq);
    const resultId = conn.prepare('SELECT id FROM results WHERE seq = ?').pluck().get(seq) as string;
    conn.close();
    const out = fx.file('refused.sqlite');
    const run = await runCli(['db', 'export', '--format', 'sqlite', '--out', out, '--db', db], fx.dir);
    expect(run.code, run.stderr).toBe(0);
    const rows = await sqlite3Json(
      out,
      `SELECT judge, judge_version, brand_id, status, not_scored, count(*) AS n FROM positioning
       WHERE result_id = '${resultId}' GROUP BY judge, brand_id IS NULL ORDER BY judge`,
    );
    expect(rows).toEqual([
      expect.objectContaining({ judge: 'builtin', not_scored: null }),
      {
        judge: 'model:test',
        judge_version: '7',
        brand_id: null,
        status: null,
        not_scored: 'refusal: the model declined',
        n: 1,
      },
    ]);
  });
});
