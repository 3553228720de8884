import { NEUTRAL_ENGINE_LABELS, NEUTRAL_PROFILE } from '../../../src/shared/profile';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRunToFile, ExportCanceledError } from '../../../src/core/outputs/export';
import { openHistory, type HistoryStore } from '../../../src/core/history';
import type { MatrixCellView, ResultView, RunDetailView } from '../../../src/shared/ipc/channels/runs';
import { generateExportRun } from '../../bench/export-run';
import { copyWithTextMarkdown } from '../../support/text-markdown-copy';

// Streamed exports of a generated run (10 prompts × 5 countries × 6 repeats on assistant-a with
// search queries, shopping and Markdown; every 97th job failed) in a real history file. Each
// format's content is checked against what the in-memory exporters built before streaming,
// recomputed here from the store's own reads (getRunMatrix + getResults): the same rows, the
// same cells, the same JSON objects. Then the size cap of the HTML report, and exports that
// stop half-way leaving nothing under the file's name.

const XLSX_MAX_CELL = 32_767;

interface ReferenceRow {
  [column: string]: string | number;
}

const neutralize = (v: string | number): string | number =>
  typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;

/** The pre-streaming exportRows(): one row per job from the matrix and the results. */
function referenceRows(
  run: RunDetailView,
  cells: MatrixCellView[],
  results: Map<string, ResultView>,
): ReferenceRow[] {
  return cells.map((cell) => {
    const result = cell.resultId ? results.get(cell.resultId) : undefined;
    const domains: string[] = [];
    for (const s of result?.normalized.sources ?? []) {
      if (s.domain && !domains.includes(s.domain)) domains.push(s.domain);
      if (domains.length >= 5) break;
    }
    return {
      runId: run.id,
      jobId: cell.jobId,
      prompt: run.prompts[cell.promptIndex] ?? '',
      engine: cell.engine,
      country: cell.country,
      state: cell.state ?? '',
      repeat: cell.repeat,
      jobState: cell.jobState,
      resultId: cell.resultId ?? '',
      fetchedAt: result ? new Date(result.fetchedAt).toISOString() : '',
      answer: result?.normalized.text ?? '',
      sourceCount: result ? result.normalized.sources.length : cell.sourceCount,
      topDomains: domains.join(' '),
      model: result?.normalized.model ?? '',
      errorCode: cell.error?.code ?? '',
      errorMessage: cell.error?.message ?? '',
      requestId: cell.error?.requestId ?? '',
      // The generated run asks for no page: its page columns are empty.
      pageState: '',
      pageReasonCode: '',
      pageReason: '',
      // No brands are tracked: no answer names one (tests/integration/positioning covers them).
      positioning: '',
      topPick: '',
      recommended: '',
      cautioned: '',
      // The profile's label, after every earlier column (the neutral profile: Assistant A …).
      engineLabel: NEUTRAL_ENGINE_LABELS[cell.engine],
    };
  });
}

/**
 * A result as the JSON exports write it: the profile's label beside its engine, every answer
 * judged, none naming a tracked brand (none tracked), so no fact checked either.
 */
const asExported = (r: ResultView | undefined) =>
  r ? { ...r, engineLabel: NEUTRAL_ENGINE_LABELS[r.engine], positioning: [], facts: [] } : null;

describe('streamed run exports', () => {
  let dir = '';
  let store: HistoryStore;
  let run: RunDetailView;
  let cells: MatrixCellView[] = [];
  let results = new Map<string, ResultView>();
  let expected: ReferenceRow[] = [];

  const out = (name: string): string => join(dir, name);
  const exportTo = (format: Parameters<typeof exportRunToFile>[1]['format'], path: string, extra = {}) =>
    exportRunToFile({ historyPath: store.path, run, profile: NEUTRAL_PROFILE }, { format, path, ...extra });

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'parallax-export-'));
    store = openHistory({ path: join(dir, 'history.db') });
    const runId = generateExportRun(store, { prompts: 10, countries: 5, repeats: 6 });
    run = store.getRun(runId) as RunDetailView;
    // The export's excerpts are 280 characters (the list views' default is the answers' 100-character head).
    cells = store.getRunMatrix(runId, { excerptChars: 280 });
    const ids = cells.map((c) => c.resultId).filter((id): id is string => id !== null);
    results = new Map(
      store.getResults(ids).map(({ rawJson: _json, raw: _raw, ...view }) => [view.resultId, view]),
    );
    expected = referenceRows(run, cells, results);
  }, 60_000);

  afterAll(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the generated run has failures, shopping, search queries and Markdown', () => {
    expect(cells).toHaveLength(300);
    expect(cells.filter((c) => c.jobState === 'failed')).toHaveLength(3);
    const views = [...results.values()];
    expect(views.some((r) => r.normalized.products.length > 0)).toBe(true);
    expect(views.some((r) => r.normalized.searchQueries.length > 0)).toBe(true);
    expect(views.every((r) => (r.normalized.markdown ?? '').length > 0)).toBe(true);
  });

  it('CSV: a BOM, one row per job, the same cells as before (formulas neutralised)', async () => {
    const done = await exportTo('csv', out('run.csv'));
    const text = readFileSync(out('run.csv'), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toHaveLength(300);
    expect(parsed.data).toEqual(
      expected.map((row) =>
        Object.fromEntries(Object.entries(row).map(([k, v]) => [k, String(neutralize(v))])),
      ),
    );
    // The failed jobs' messages start with '=': neutralised, not a formula.
    expect(parsed.data.filter((r) => r.errorMessage?.startsWith("'=The engine failed"))).toHaveLength(3);
    expect(done).toMatchObject({ jobs: 300, results: 297, bytes: statSync(out('run.csv')).size });
  });

  it('JSON parses to the same document as before: the run and every job with its result', async () => {
    await exportTo('json', out('run.json'));
    const doc = JSON.parse(readFileSync(out('run.json'), 'utf8')) as { jobs: Array<Record<string, unknown>> };
    // Each job's commerce (its answer's stored product and ad rows) is checked against those
    // rows in commerce-export.test.ts; here: present for answers, null for failed jobs.
    const answered = doc.jobs.map((job) => job.commerce !== null && typeof job.commerce === 'object');
    expect(answered).toEqual(cells.map((cell) => Boolean(cell.resultId)));
    for (const job of doc.jobs) delete job.commerce;
    expect(doc).toEqual(
      JSON.parse(
        JSON.stringify({
          format: 'parallax-run-export',
          version: 1,
          partial: false,
          run: { ...run, engineLabels: run.engines.map((e) => NEUTRAL_ENGINE_LABELS[e]) },
          jobs: cells.map((cell) => ({
            ...cell,
            engineLabel: NEUTRAL_ENGINE_LABELS[cell.engine],
            prompt: run.prompts[cell.promptIndex] ?? null,
            result: cell.resultId ? asExported(results.get(cell.resultId)) : null,
            pages: [],
          })),
        }),
      ),
    );
  });

  it('NDJSON: one job per line with its run id and result', async () => {
    await exportTo('ndjson', out('run.ndjson'));
    const lines = readFileSync(out('run.ndjson'), 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(300);
    const first = JSON.parse(lines[0] as string) as { runId: string; jobId: string; result: ResultView };
    expect(first.runId).toBe(run.id);
    expect(first.jobId).toBe(cells[0]?.jobId);
    expect(first.result).toEqual(
      JSON.parse(JSON.stringify(asExported(results.get(cells[0]?.resultId as string)))),
    );
    const failed = lines.map((l) => JSON.parse(l) as { jobState: string; result: unknown });
    expect(failed.filter((j) => j.jobState === 'failed').every((j) => j.result === null)).toBe(true);
  });

  it('XLSX reads back with exceljs: Results, Sources and Run sheets with the same cells', async () => {
    await exportTo('xlsx', out('run.xlsx'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out('run.xlsx'));
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Results',
      'Sources',
      'Products',
      'Ads',
      'Facts',
      'Run',
    ]);
    const sheet = wb.getWorksheet('Results') as ExcelJS.Worksheet;
    expect(sheet.rowCount).toBe(301);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(Object.keys(expected[0] as ReferenceRow));
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expected.forEach((row, i) => {
      const want = Object.values(row).map((v) => (typeof v === 'string' ? v.slice(0, XLSX_MAX_CELL) : v));
      // An empty string is written as an empty cell (read back as null).
      const got = want.map((_, c) => sheet.getRow(i + 2).getCell(c + 1).value ?? '');
      expect(got).toEqual(want);
    });
    const sources = wb.getWorksheet('Sources') as ExcelJS.Worksheet;
    const ordered = cells.flatMap((c) =>
      c.resultId ? (results.get(c.resultId)?.normalized.sources ?? []) : [],
    );
    expect(sources.rowCount).toBe(ordered.length + 1);
    expect(sources.getRow(2).getCell(8).value).toBe(ordered[0]?.url);
    expect(sources.getRow(ordered.length + 1).getCell(7).value).toBe(ordered.at(-1)?.domain);
    const info = wb.getWorksheet('Run') as ExcelJS.Worksheet;
    expect(info.getRow(10).values).toEqual([undefined, 'Jobs', 300]);
  });

  it('Markdown: the table of every job, then one quoted section per answer', async () => {
    await exportTo('md', out('run.md'));
    const md = readFileSync(out('run.md'), 'utf8');
    expect(md).toContain('> Synthetic data from the Parallax sandbox');
    expect(md.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Prompt'))).toHaveLength(300);
    expect(md.split('\n').filter((l) => l.startsWith('## '))).toHaveLength(297);
  });

  it('HTML: a whole small run in one page says nothing was left out', async () => {
    const done = await exportTo('html', out('all.html'));
    const html = readFileSync(out('all.html'), 'utf8');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("default-src 'none'");
    expect(html.match(/<section class="col">/g)).toHaveLength(297);
    expect(html).toContain('Nothing: every answer of the run is shown.');
    expect(done.leftOut).toBe(0);
  });

  it('HTML: under its size cap a large run shows the summary and what fits, and lists what it left out', async () => {
    const cap = 400 * 1024;
    const done = await exportRunToFile(
      { historyPath: store.path, run, profile: NEUTRAL_PROFILE },
      { format: 'html', path: out('capped.html'), reportMaxBytes: cap },
    );
    const html = readFileSync(out('capped.html'), 'utf8');
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(cap);
    expect(html).toContain('<h2>Summary</h2>');
    expect(html).toContain('<h2>Most cited domains</h2>');
    const shown = html.match(/<section class="col">/g)?.length ?? 0;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(297);
    expect(done.leftOut).toBe(297 - shown);
    expect(html).toContain(`This report shows ${shown} of 297 answers`);
    expect(html).toMatch(/Prompt 10: [^<]* — (\d+) of \1 answers \(over the size cap\)/);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('HTML: only the prompts chosen, the others listed as not chosen', async () => {
    await exportTo('html', out('chosen.html'), { promptIndexes: [1, 4] });
    const html = readFileSync(out('chosen.html'), 'utf8');
    expect(html.match(/<section class="prompt">/g)).toHaveLength(2);
    expect(html).toContain('<h2>Prompt 2</h2>');
    expect(html).toContain('<h2>Prompt 5</h2>');
    expect(html).toMatch(/Prompt 1: .* \(not chosen\)/);
  });

  it.each(['csv', 'xlsx', 'json'] as const)(
    'a %s export stopped half-way leaves the old file under the name and no partial file',
    async (format) => {
      const path = out(`stopped.${format}`);
      writeFileSync(path, 'the previous export');
      const controller = new AbortController();
      let seen = 0;
      await expect(
        exportTo(format, path, {
          signal: controller.signal,
          onProgress: ({ done, total }: { done: number; total: number }) => {
            seen = done;
            if (done < total) controller.abort();
          },
        }),
      ).rejects.toBeInstanceOf(ExportCanceledError);
      expect(seen).toBeGreaterThan(0);
      expect(readFileSync(path, 'utf8')).toBe('the previous export');
      expect(readdirSync(dir).filter((f) => f.endsWith('.partial'))).toEqual([]);
    },
  );

  it('a failing write leaves nothing under the name', async () => {
    const path = join(dir, 'no-such-folder', 'run.csv');
    await expect(exportTo('csv', path)).rejects.toThrow(/ENOENT/);
    expect(existsSync(path)).toBe(false);
  });

  it('JSON and NDJSON are the same bytes from a history whose answers are not packed yet (Markdown as text)', async () => {
    // The export reads the texts through results' generated columns, from the packed document
    // or from the columns older rows keep: a copy of the history with every answer unpacked.
    const copy = out('text-markdown.db');
    expect(await copyWithTextMarkdown(store.path, copy)).toBe(297);
    for (const format of ['json', 'ndjson'] as const) {
      await exportTo(format, out(`packed.${format}`));
      await exportRunToFile(
        { historyPath: copy, run, profile: NEUTRAL_PROFILE },
        { format, path: out(`text.${format}`) },
      );
      expect(readFileSync(out(`text.${format}`)).equals(readFileSync(out(`packed.${format}`)))).toBe(true);
    }
  });

  it("the app's connection stays writable while an export reads (its rows come from a connection of its own)", async () => {
    const controller = new AbortController();
    let wrote = false;
    await exportTo('json', out('busy.json'), {
      signal: controller.signal,
      onProgress: () => {
        if (wrote) return;
        store.updateRun(run.id, { name: run.name });
        wrote = true;
      },
    });
    expect(wrote).toBe(true);
    expect(JSON.parse(readFileSync(out('busy.json'), 'utf8'))).toHaveProperty('jobs.length', 300);
  });
});
