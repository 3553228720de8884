import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFactSheet } from '../../../src/core/demo';
import { openHistory } from '../../../src/core/history';
import { runCliAt } from '../../support/cli-in-process';
import { openDuck, type Duck } from '../db-export/fixture';
import { tempFolder } from '../store/helpers';

// The fact checks in every export: a run through the sandbox over HTTP asking about Altura
// (whose sheet is the sandbox's own truth, so its answers' scripted errors are contradictions),
// exported by `parallax export` as CSV (--table facts), JSON, NDJSON and XLSX (the Facts sheet),
// and by `parallax db export` as SQLite and Parquet (the facts table); every file read back holds
// exactly the history's checks, each quote at its offsets in the text the checker read.

const folder = tempFolder();
afterAll(() => folder.cleanup());

type Row = Record<string, string | number | null>;

const CHECKS_SQL = `SELECT r.id AS resultId, j.run_id AS runId, fc.job_id AS jobId, b.name AS brand,
    fc.brand_id AS brandId, fc.key AS factKey, fc.verdict, fc.evidence_text AS evidenceText,
    fc.evidence_start AS evidenceStart, fc.evidence_end AS evidenceEnd
  FROM fact_checks fc JOIN results r ON r.seq = fc.seq JOIN jobs j ON j.id = fc.job_id
  JOIN brands b ON b.id = fc.brand_id WHERE j.run_id = ?`;

const order = (a: Row, b: Row): number =>
  `${a.resultId}|${a.brandId}|${a.factKey}`.localeCompare(`${b.resultId}|${b.brandId}|${b.factKey}`);

/** The fields every format holds, numbers as numbers and no quote as null. */
function norm(r: Row): Row {
  const num = (v: unknown): number | null => (v === '' || v === null || v === undefined ? null : Number(v));
  return {
    resultId: String(r.resultId),
    runId: String(r.runId),
    jobId: String(r.jobId),
    brand: String(r.brand),
    brandId: String(r.brandId),
    factKey: String(r.factKey),
    verdict: String(r.verdict),
    evidenceText:
      r.evidenceText === '' || r.evidenceText === undefined ? null : (r.evidenceText as string | null),
    evidenceStart: num(r.evidenceStart),
    evidenceEnd: num(r.evidenceEnd),
  };
}

async function sheetRows(path: string, name: string): Promise<Row[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const sheet = wb.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  const header = (sheet.getRow(1).values as Row[string][]).slice(1).map(String);
  const rows: Row[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as Row[string][]).slice(1);
    rows.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? ''])));
  });
  return rows;
}

interface JsonFact {
  brand: string;
  brandId: string;
  key: string;
  verdict: string;
  evidence: { text: string; start: number; end: number } | null;
}
interface JsonJob {
  jobId: string;
  resultId: string | null;
  result: { facts: JsonFact[] } | null;
}

function fromJson(runId: string, jobs: JsonJob[]): Row[] {
  return jobs.flatMap((job) =>
    (job.result?.facts ?? []).map((f) => ({
      resultId: job.resultId,
      runId,
      jobId: job.jobId,
      brand: f.brand,
      brandId: f.brandId,
      factKey: f.key,
      verdict: f.verdict,
      evidenceText: f.evidence?.text ?? null,
      evidenceStart: f.evidence?.start ?? null,
      evidenceEnd: f.evidence?.end ?? null,
    })),
  );
}

describe('fact checks in the exports', { timeout: 120_000 }, () => {
  const dir = folder.dir;
  const db = join(dir, 'history.db');
  const parallax = (args: string[]) => runCliAt([...args, '--db', db], dir);
  let runId = '';
  let expected: Row[] = [];
  let duck: Duck;

  beforeAll(async () => {
    const store = openHistory({ path: db, now: () => Date.now() });
    const altura = store.saveBrand({ name: 'Altura', kind: 'brand', aliases: [], domains: ['altura.com'] });
    store.saveBrand({ name: 'Fleetfoot', kind: 'competitor', aliases: [], domains: [] });
    store.setBrandFacts(altura.id, demoFactSheet('Altura', Math.floor(Date.now() / 86_400_000)));
    store.close();
    const run = await parallax([
      'run',
      '--sandbox',
      '--engine',
      'assistant-a',
      '--prompt',
      'is Altura worth it',
      '--prompt',
      'Altura running shoes review',
      '--countries',
      'US,DE,JP',
      '--yes',
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    runId = (JSON.parse(run.stdout) as { runId: string }).runId;
    const read = new Database(db, { readonly: true });
    expected = (read.prepare(CHECKS_SQL).all(runId) as Row[]).map(norm).sort(order);
    read.close();
    duck = await openDuck();
  });
  afterAll(() => duck?.close());

  it('the run checked Altura’s facts, with contradictions (assistant-a’s founding year) and supported ones (its headquarters)', () => {
    const verdicts = new Set(expected.map((r) => r.verdict));
    expect([...verdicts].sort()).toEqual(expect.arrayContaining(['contradicted', 'supported']));
    // The sandbox scripts assistant-a to state Altura's founding year wrong, in every answer.
    const founded = (verdict: string) =>
      expected.filter((r) => r.factKey === 'founded' && r.verdict === verdict).length;
    expect(founded('contradicted')).toBe(6);
    expect(founded('supported')).toBe(0);
    expect(expected.some((r) => r.factKey === 'headquarters' && r.verdict === 'supported')).toBe(true);
  });

  it('csv --table facts and the XLSX Facts sheet: one row per check, equal to it', async () => {
    const csv = await parallax(['export', runId, '--format', 'csv', '--table', 'facts', '--json']);
    expect(csv.code, csv.stderr).toBe(0);
    const out = JSON.parse(csv.stdout) as { path: string; table: string };
    expect(out).toMatchObject({ table: 'facts', path: expect.stringMatching(/-facts\.csv$/) });
    const text = readFileSync(out.path, 'utf8').replace(/^\uFEFF/, '');
    const rows = Papa.parse<Row>(text, { header: true, skipEmptyLines: true }).data;
    expect(rows.map((r) => ({ ...norm(r), runId })).sort(order)).toEqual(expected);
    expect(rows.every((r) => r.engineLabel !== '' && r.prompt !== '')).toBe(true);

    const xlsx = await parallax(['export', runId, '--format', 'xlsx', '--json']);
    expect(xlsx.code, xlsx.stderr).toBe(0);
    const sheet = await sheetRows((JSON.parse(xlsx.stdout) as { path: string }).path, 'Facts');
    expect(sheet.map(norm).sort(order)).toEqual(expected);
  });

  it('json and ndjson: each answer carries its checks as parallax show prints them', async () => {
    const json = await parallax(['export', runId, '--format', 'json', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const doc = JSON.parse(readFileSync((JSON.parse(json.stdout) as { path: string }).path, 'utf8')) as {
      jobs: JsonJob[];
    };
    expect(fromJson(runId, doc.jobs).map(norm).sort(order)).toEqual(expected);

    const nd = await parallax(['export', runId, '--format', 'ndjson', '--json']);
    expect(nd.code, nd.stderr).toBe(0);
    const lines = readFileSync((JSON.parse(nd.stdout) as { path: string }).path, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as JsonJob);
    expect(fromJson(runId, lines).map(norm).sort(order)).toEqual(expected);
  });

  it('db export (SQLite and Parquet): the facts table, each quote at its offsets in the text the checker read', async () => {
    const file = join(dir, 'analysis.db');
    const lite = await parallax(['db', 'export', '--format', 'sqlite', '--out', file, '--json']);
    expect(lite.code, lite.stderr).toBe(0);
    const out = new Database(file, { readonly: true });
    const rows = out
      .prepare(
        `SELECT f.result_id AS resultId, f.run_id AS runId, f.job_id AS jobId, f.brand, f.brand_id AS brandId,
           f.fact_key AS factKey, f.verdict, f.evidence_text AS evidenceText, f.evidence_start AS evidenceStart,
           f.evidence_end AS evidenceEnd, f.fact_kind AS kind, a.answer_markdown AS markdown, a.answer_text AS text
         FROM facts f JOIN answers a ON a.result_id = f.result_id`,
      )
      .all() as Row[];
    out.close();
    expect(rows.map(norm).sort(order)).toEqual(expected);
    for (const r of rows) {
      expect(['price', 'yes-no', 'year', 'place']).toContain(r.kind);
      // The checker reads the Markdown when the answer has any, else its plain text.
      const read = String(r.markdown ?? '').trim() !== '' ? String(r.markdown) : String(r.text);
      if (r.evidenceText !== null)
        expect(read.slice(Number(r.evidenceStart), Number(r.evidenceEnd))).toBe(r.evidenceText);
    }

    const parquet = join(dir, 'parquet');
    const pq = await parallax(['db', 'export', '--format', 'parquet', '--out', parquet, '--json']);
    expect(pq.code, pq.stderr).toBe(0);
    const read = await duck.rows<Row>(
      `SELECT result_id AS resultId, run_id AS runId, job_id AS jobId, brand, brand_id AS brandId,
         fact_key AS factKey, verdict, evidence_text AS evidenceText, evidence_start AS evidenceStart,
         evidence_end AS evidenceEnd FROM '${join(parquet, 'facts.parquet')}'`,
    );
    expect(read.map(norm).sort(order)).toEqual(expected);
  });
});
