import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliAt, type InProcessOutcome } from '../../support/cli-in-process';

// `parallax` as a user would run it, with --sandbox (the built-in sandbox started in-process)
// and a temp history file: exit codes, JSON output, export files. The CLI runs in this process
// (tests/support/cli-in-process.ts: the bin's parser and commands).

let dir = '';
let db = '';

const parallax = (args: string[], env: NodeJS.ProcessEnv = {}): Promise<InProcessOutcome> =>
  runCliAt(args, dir, env);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-cli-'));
  db = join(dir, 'history.db');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parallax CLI end to end', () => {
  let runId = '';

  it('run --sandbox --json: exit 0 and a JSON summary of every job', async () => {
    const out = await parallax([
      'run',
      '--sandbox',
      '--db',
      db,
      '--prompt',
      'best crm',
      '--prompt',
      'best laptop',
      '--countries',
      'US,DE,FR',
      '--states',
      'CA',
      '--repeat',
      '2',
      '--yes',
      '--json',
    ]);
    expect(out.code, out.stderr).toBe(0);
    const doc = JSON.parse(out.stdout) as {
      runId: string;
      status: string;
      total: number;
      counts: { succeeded: number };
      synthetic: boolean;
      failures: unknown[];
    };
    expect(doc).toMatchObject({ status: 'completed', total: 16, synthetic: true, failures: [] });
    expect(doc.counts.succeeded).toBe(16);
    runId = doc.runId;
  });

  it('prompts from a CSV file, async mode', async () => {
    const file = join(dir, 'prompts.csv');
    writeFileSync(file, 'id,prompt\n1,"quiet dishwasher"\n2,"robot vacuum, pets"\n');
    const out = await parallax([
      'run',
      '--sandbox',
      '--db',
      db,
      '--prompts',
      file,
      '--countries',
      'GB',
      '--async',
      '--priority',
      '5',
      '--yes',
      '--json',
    ]);
    expect(out.code, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ status: 'completed', total: 2 });
  });

  it('bad input exits 2 with the reason; no key for a real service exits 2 too', async () => {
    const bad = await parallax([
      'run',
      '--sandbox',
      '--db',
      db,
      '--prompt',
      'x',
      '--countries',
      'Germany',
      '--yes',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('countries');
    const engine = await parallax([
      'run',
      '--sandbox',
      '--db',
      db,
      '--prompt',
      'x',
      '--countries',
      'US',
      '--engine',
      'nope',
      '--yes',
    ]);
    expect(engine.code).toBe(2);
    expect(engine.stderr).toContain('unknown engine');
    const noKey = await parallax(['credits', '--base-url', 'http://127.0.0.1:9', '--db', db]);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('No API key');
    const confirm = await parallax(['run', '--sandbox', '--db', db, '--prompt', 'x', '--countries', 'US']);
    expect(confirm.code).toBe(2);
    expect(confirm.stderr).toContain('--yes');
  });

  it('a budget below the maximum cost is refused with exit 2, naming both numbers', async () => {
    const out = await parallax([
      'run',
      '--sandbox',
      '--db',
      db,
      '--prompt',
      'x',
      '--countries',
      'US,DE',
      '--budget',
      '7',
      '--yes',
    ]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/up to 10 credits, above its budget of 7 credits/);
  });

  it('history, show, compare, diff and search read the same history as JSON', async () => {
    const history = JSON.parse((await parallax(['history', '--db', db, '--json'])).stdout) as {
      total: number;
    };
    expect(history.total).toBe(2);
    const show = JSON.parse((await parallax(['show', runId, '--db', db, '--json'])).stdout) as {
      jobs: unknown[];
    };
    expect(show.jobs).toHaveLength(16);
    const compare = JSON.parse((await parallax(['compare', runId, '--db', db, '--json'])).stdout) as {
      rows: Array<{ location: string; topSources: string[] }>;
    };
    expect(compare.rows.map((r) => r.location)).toContain('US-CA');
    expect(compare.rows.every((r) => r.topSources.length > 0)).toBe(true);
    const diff = JSON.parse(
      (await parallax(['diff', runId, '--a', 'US', '--b', 'DE', '--db', db, '--json'])).stdout,
    ) as {
      similarity: number;
      mode: { kind: string; languages?: string[] };
      brands: unknown[];
      domains: { added: string[] };
    };
    // An English and a German answer: compared by brands, ranks and sources, as in the app.
    expect(diff.mode).toMatchObject({ kind: 'structure', languages: ['en', 'de'] });
    expect(Array.isArray(diff.brands)).toBe(true);
    expect(diff.similarity).toBeLessThan(1);
    expect(diff.domains.added.length).toBeGreaterThan(0);
    const search = JSON.parse((await parallax(['search', 'crm', '--db', db, '--json'])).stdout) as {
      total: number;
    };
    expect(search.total).toBeGreaterThan(0);
    const missing = await parallax(['show', 'no-such-run', '--db', db]);
    expect(missing.code).toBe(2);
  });

  it('export csv, json, xlsx, md and html parse back', async () => {
    for (const format of ['csv', 'json', 'xlsx', 'md', 'html']) {
      const out = await parallax([
        'export',
        runId,
        '--format',
        format,
        '--out',
        join(dir, `run.${format}`),
        '--db',
        db,
      ]);
      expect(out.code, out.stderr).toBe(0);
    }
    const csv = Papa.parse<Record<string, string>>(
      readFileSync(join(dir, 'run.csv'), 'utf8').replace(/^\uFEFF/, ''),
      { header: true, skipEmptyLines: true },
    );
    expect(csv.data).toHaveLength(16);
    expect(csv.data[0]?.runId).toBe(runId);
    const json = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as { jobs: unknown[] };
    expect(json.jobs).toHaveLength(16);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(dir, 'run.xlsx'));
    expect(wb.getWorksheet('Results')?.rowCount).toBe(17);
    expect(readFileSync(join(dir, 'run.md'), 'utf8')).toContain('Synthetic data');
    expect(readFileSync(join(dir, 'run.html'), 'utf8')).not.toMatch(/<script/i);
  });

  it('credits, queue, countries, states and resolve against the sandbox', async () => {
    expect(
      JSON.parse((await parallax(['credits', '--sandbox', '--db', db, '--json'])).stdout),
    ).toHaveProperty('remaining');
    expect(
      JSON.parse((await parallax(['queue', 'status', '--sandbox', '--db', db, '--json'])).stdout),
    ).toHaveProperty('queuedTasks', 0);
    const clear = await parallax(['queue', 'clear', '--sandbox', '--db', db, '--yes', '--json']);
    expect(clear.stderr).toContain('whole organization');
    expect(JSON.parse(clear.stdout)).toMatchObject({ cleared: 0 });
    const countries = JSON.parse(
      (await parallax(['countries', '--model', 'assistant-a', '--sandbox', '--db', db, '--json'])).stdout,
    ) as { countries: string[] };
    expect(countries.countries).toContain('DE');
    const states = JSON.parse(
      (await parallax(['states', '--country', 'US', '--sandbox', '--db', db, '--json'])).stdout,
    ) as { states: Array<{ code: string }> };
    expect(states.states.map((s) => s.code)).toContain('CA');
    const bad = await parallax(['resolve', 'https://elsewhere.example/x', '--sandbox', '--db', db]);
    expect(bad.code).toBe(2);
  });

  it('monitors add, list, due and run', async () => {
    const add = await parallax([
      'monitors',
      'add',
      '--name',
      'crm weekly',
      '--cadence',
      'weekly',
      '--prompt',
      'best crm',
      '--countries',
      'US',
      '--db',
      db,
      '--json',
    ]);
    expect(add.code, add.stderr).toBe(0);
    const badCadence = await parallax([
      'monitors',
      'add',
      '--name',
      'x',
      '--cadence',
      'sometimes',
      '--prompt',
      'p',
      '--countries',
      'US',
      '--db',
      db,
    ]);
    expect(badCadence.code).toBe(2);
    const list = JSON.parse((await parallax(['monitors', 'list', '--db', db, '--json'])).stdout) as {
      monitors: Array<{ name: string }>;
    };
    expect(list.monitors.map((m) => m.name)).toEqual(['crm weekly']);
    expect(JSON.parse((await parallax(['monitors', 'due', '--db', db, '--json'])).stdout)).toMatchObject({
      due: [],
    });
    const run = await parallax(['monitors', 'run', '--sandbox', '--db', db, '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ runs: [] });
  });
});
