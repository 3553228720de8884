import ExcelJS from 'exceljs';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHistory } from '../../../src/core/history';
import { runSpecSchema } from '../../../src/shared/domain/run-spec';
import { demoDaysInPeriod } from '../../support/demo-days';
import { demoHistoryCopy } from '../../support/demo-history';
import { parseReportHtml } from '../../support/report-html';
import { runCliAt as runCli, type InProcessOutcome as CliOut } from '../../support/cli-in-process';

// `parallax report` and the report after `parallax monitors run`, as a user runs them: the CLI
// in this process (tests/support/cli-in-process.ts) on a temp history holding a 7-day demo as `parallax demo` builds it (the preview, its
// runs compared: a copy of the shared template the e2e files and exit-codes open, so the run builds
// no demo for this file alone; the command keeps its own tests). The report's numbers are checked
// against `parallax visibility` for the same monitor and period.

const MONITOR = 'Demo · Buying guides';
let dir = '';
let db = '';
const parallax = (args: string[]): Promise<CliOut> => runCli([...args, '--db', db], dir);

interface ReportJson {
  path: string;
  format: string;
  bytes: number;
  monitor: { id: string; name: string };
  period: { from: string; to: string; days: number };
  brand: string | null;
  answers: number;
  previousAnswers: number;
  runs: number;
  synthetic: boolean;
  alerts: number;
  partial: unknown;
  empty: string | null;
  brandingUnset: string[];
}

async function report(args: string[]): Promise<ReportJson> {
  const out = await parallax(['report', ...args, '--json']);
  expect(out.code, out.stderr).toBe(0);
  return JSON.parse(out.stdout) as ReportJson;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-report-cli-'));
  db = join(dir, 'history.db');
  await demoHistoryCopy({ days: 7, variant: 'preview', to: db });
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parallax report', () => {
  it('writes the HTML report for a monitor named by name, with the numbers `visibility` gives', async () => {
    const out = join(dir, 'buying guides.html');
    // 6 days: the 6 before them hold a demo day at any hour (a demo built before 07:00 UTC ends
    // yesterday), so the previous period's figures are compared on answers too.
    const json = await report(['--monitor', MONITOR, '--since', '6d', '--out', out]);
    expect(json.period.days).toBe(6);
    // One run of the daily monitor per demo day inside the 6 days that end today.
    const runs = demoDaysInPeriod(7, 6);
    expect(json).toMatchObject({
      path: out,
      format: 'html',
      brand: 'Veloxa',
      synthetic: true,
      runs,
      empty: null,
    });
    expect(json.bytes).toBe(readFileSync(out).length);

    const vis = await parallax(['visibility', '--monitor', MONITOR, '--since', '6d', '--json']);
    expect(vis.code, vis.stderr).toBe(0);
    const overview = JSON.parse(vis.stdout) as {
      answers: number;
      previousAnswers: number;
      kpis: { mentionRate: { value: number; n: number; significant: boolean } };
    };
    expect(json.answers).toBe(overview.answers);
    expect(json.previousAnswers).toBe(overview.previousAnswers);
    expect(json.previousAnswers).toBeGreaterThan(0);
    const doc = parseReportHtml(readFileSync(out, 'utf8'));
    const card = doc.querySelector('[data-kpi="mentionRate"]');
    expect(Number(card?.getAttribute('data-value'))).toBe(overview.kpis.mentionRate.value);
    expect(Number(card?.getAttribute('data-n'))).toBe(overview.kpis.mentionRate.n);
    expect(card?.getAttribute('data-significant')).toBe(String(overview.kpis.mentionRate.significant));
    expect(doc.querySelectorAll('script').length).toBe(0);
  }, 60_000);

  it('takes the format from the extension or --format, a monitor by id, and --from/--to; prints one line without --json', async () => {
    const monitors = JSON.parse((await parallax(['monitors', 'list', '--json'])).stdout) as {
      monitors: Array<{ id: string; name: string }>;
    };
    const id = monitors.monitors.find((m) => m.name === MONITOR)?.id ?? '';
    const xlsx = join(dir, 'r.xlsx');
    const a = await report(['--monitor', id, '--out', xlsx]);
    expect(a).toMatchObject({ format: 'xlsx', monitor: { id, name: MONITOR } });
    expect(a.period.days).toBe(30);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(xlsx);
    expect(wb.getWorksheet('Summary')?.getRow(2).getCell(1).value).toBe('Mention rate');

    const bin = join(dir, 'report.bin');
    const b = await report([
      '--monitor',
      id,
      '--out',
      bin,
      '--format',
      'HTML',
      '--from',
      a.period.to,
      '--to',
      a.period.to,
    ]);
    expect(b).toMatchObject({ format: 'html', period: { from: a.period.to, to: a.period.to, days: 1 } });
    expect(readFileSync(bin, 'utf8')).toMatch(/^<!doctype html>/);

    const text = await parallax([
      'report',
      '--monitor',
      MONITOR,
      '--since',
      '1w',
      '--out',
      join(dir, 't.html'),
    ]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(
      new RegExp(
        `^Client report for ${MONITOR}, \\d{4}-\\d\\d-\\d\\d to \\d{4}-\\d\\d-\\d\\d \\([\\d,]+ answers, synthetic\\), written to .*t\\.html \\(html, [\\d.]+ kB\\)\\n$`,
      ),
    );
  }, 60_000);

  it('puts the HTML’s "Brands by AI engine" in the XLSX: a brand a row, per engine value, range, answers, few', async () => {
    const html = join(dir, 'by-engine.html');
    const xlsx = join(dir, 'by-engine.xlsx');
    await report(['--monitor', MONITOR, '--since', '7d', '--out', html]);
    await report(['--monitor', MONITOR, '--since', '7d', '--out', xlsx, '--format', 'xlsx']);
    const doc = parseReportHtml(readFileSync(html, 'utf8'));
    const engineLabels = Array.from(doc.querySelectorAll('#by-engine tbody th')).map((th) => th.textContent);
    const cells = Array.from(doc.querySelectorAll('#by-engine td[data-engine]'));
    // The preview demo asks every engine: the board is there, with a cell per brand and engine.
    expect(engineLabels.length).toBeGreaterThan(1);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(xlsx);
    const ws = wb.getWorksheet('Brands by AI engine');
    expect(ws, 'sheet').toBeDefined();
    const head = (ws?.getRow(1).values as unknown[]).slice(1);
    expect(head.slice(0, 2)).toEqual(['Brand', 'Kind']);
    // Engines in the HTML's order, under the same (profile) labels, five columns each.
    expect(head.length).toBe(2 + 5 * engineLabels.length);
    engineLabels.forEach((label, i) =>
      expect(head.slice(2 + 5 * i, 7 + 5 * i)).toEqual([
        `${label} mention rate`,
        `${label} lower`,
        `${label} upper`,
        `${label} answers`,
        `${label} few answers`,
      ]),
    );
    // Brands in the HTML's column order (the focus brand first).
    const brandsAcross = Array.from(doc.querySelectorAll('#by-engine thead th'))
      .slice(1)
      .map((th) => th.textContent?.replace(/ your brand$/u, ''));
    const rows = Array.from(
      { length: ws?.actualRowCount ?? 0 },
      (_, i) => ws?.getRow(i + 1).values as unknown[],
    );
    expect(rows.slice(1).map((r) => r[1])).toEqual(brandsAcross);
    expect(rows[1]?.[2]).toBe('your brand');
    // Every HTML cell's value and answers equal the sheet's; its range text the sheet's bounds.
    expect(cells.length).toBeGreaterThan(0);
    let compared = 0;
    Array.from(doc.querySelectorAll('#by-engine tbody tr')).forEach((tr, e) => {
      Array.from(tr.querySelectorAll('td')).forEach((td, b) => {
        const row = rows[1 + b] as unknown[];
        const at = 3 + 5 * e;
        if (td.getAttribute('data-value') === null) return expect(row[at + 3], `${e} ${b}`).toBe(0);
        compared++;
        expect(row[at], `${engineLabels[e]} ${b}`).toBe(Number(td.getAttribute('data-value')));
        expect(row[at + 3]).toBe(Number(td.getAttribute('data-n')));
        expect(row[at + 4]).toBe((td.textContent ?? '').endsWith(', few') ? 'yes' : 'no');
        const range = /([\d.]+)–([\d.]+) %/u.exec(td.querySelector('.sub')?.textContent ?? '');
        expect(range, td.textContent ?? '').not.toBeNull();
        expect(((row[at + 1] as number) * 100).toFixed(1)).toBe(range?.[1]);
        expect(((row[at + 2] as number) * 100).toFixed(1)).toBe(range?.[2]);
      });
    });
    expect(compared).toBe(cells.length);
    // Rates are shown as percentages.
    expect(ws?.getColumn(3).numFmt).toBe('0.0%');
  }, 60_000);

  it("hints in one line how to set the client's name and logo while they are unset", async () => {
    const out = join(dir, 'hint.html');
    const text = await parallax(['report', '--monitor', MONITOR, '--since', '2d', '--out', out]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stderr).toBe(
      `Hint: the report is titled with "Veloxa" and has no logo; set them with \`parallax monitors options "${MONITOR}" --client-name "CLIENT" --logo FILE\`\n`,
    );
    expect((await report(['--monitor', MONITOR, '--since', '2d', '--out', out])).brandingUnset).toEqual([
      'clientName',
      'logo',
    ]);
    const named = await parallax(['monitors', 'options', MONITOR, '--client-name', 'Veloxa GmbH']);
    expect(named.code, named.stderr).toBe(0);
    try {
      const again = await parallax(['report', '--monitor', MONITOR, '--since', '2d', '--out', out]);
      expect(again.stderr).toBe(
        `Hint: the report has no logo; set it with \`parallax monitors options "${MONITOR}" --logo FILE\`\n`,
      );
      expect(parseReportHtml(readFileSync(out, 'utf8')).querySelector('h1')?.textContent).toBe(
        'Veloxa GmbH · Visibility in AI answers',
      );
    } finally {
      await parallax(['monitors', 'options', MONITOR, '--client-name', '']);
    }
  }, 60_000);

  it('refuses bad input with exit 2 and the reason, writing nothing', async () => {
    const cases: Array<[string[], RegExp]> = [
      [
        ['--monitor', 'Nope', '--out', join(dir, 'x.html')],
        /No monitor "Nope"; monitors: .*Demo · Buying guides/,
      ],
      [['--monitor', MONITOR, '--out', join(dir, 'x.docx')], /ends in none of \.html, \.xlsx or \.pdf/],
      [
        ['--monitor', MONITOR, '--out', join(dir, 'x.html'), '--format', 'docx'],
        /--format must be html, xlsx or pdf, got "docx"/,
      ],
      [
        ['--monitor', MONITOR, '--out', join(dir, 'x.html'), '--since', '7d', '--from', '2026-01-01'],
        /--since or --from\/--to, not both/,
      ],
      [
        ['--monitor', MONITOR, '--out', join(dir, 'x.html'), '--from', '2026-02-30'],
        /2026-02-30 is not a calendar date/,
      ],
      [['--monitor', MONITOR, '--out', join(dir, 'x.html'), '--brand', 'Nobody'], /No brand "Nobody"/],
      [['--monitor', MONITOR], /required option '--out <file>'/],
    ];
    for (const [args, message] of cases) {
      const out = await parallax(['report', ...args]);
      expect(out.code, args.join(' ')).toBe(2);
      expect(out.stderr).toMatch(message);
    }
    expect(existsSync(join(dir, 'x.html'))).toBe(false);
    expect(existsSync(join(dir, 'x.docx'))).toBe(false);
  }, 60_000);
});

describe('the report after `parallax monitors run`', () => {
  let monitorId = '';

  beforeAll(() => {
    // A small monitor of the analyst's own, due now (the demo's monitors never run by themselves).
    const store = openHistory({ path: db });
    try {
      const spec = runSpecSchema.parse({
        prompts: ['best running shoes'],
        engines: ['assistant-a'],
        countries: ['US', 'DE'],
      });
      monitorId = store.saveMonitor({
        name: 'Client A: shoes',
        cadence: 'daily',
        spec,
        nextDueAt: Date.now() - 60_000,
      }).id;
    } finally {
      store.close();
    }
  });

  const makeDue = (): void => {
    const store = openHistory({ path: db });
    store.setMonitorNextDue(monitorId, Date.now() - 60_000);
    store.close();
  };

  it('writes <slug>-<date>.html and .xlsx into the report folder and prints where', async () => {
    const folder = join(dir, 'client a');
    const set = await parallax([
      'monitors',
      'options',
      monitorId,
      '--report-dir',
      folder,
      '--report-days',
      '7',
      '--client-name',
      'Client A',
      '--report-subject',
      'Shoes in AI answers',
      '--accent',
      '#0a7',
    ]);
    expect(set.code, set.stderr).toBe(0);
    const out = await parallax(['monitors', 'run', '--sandbox', '--webhook-wait', '0']);
    expect(out.code, out.stderr).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const html = join(folder, `client-a-shoes-${today}.html`);
    expect(out.stdout).toContain(
      `Client report for Client A: shoes (last 7 days) written to ${html} and ${join(folder, `client-a-shoes-${today}.xlsx`)}`,
    );
    const doc = parseReportHtml(readFileSync(html, 'utf8'));
    // The title and look set with monitors options.
    expect(doc.querySelector('h1')?.textContent).toBe('Client A · Shoes in AI answers');
    expect(doc.querySelector('style')?.textContent).toContain('--accent:#0a7');
    expect(doc.querySelector('[data-kpi="mentionRate"]')?.getAttribute('data-n')).toBe('2');
    // The run's report reads positioning through the same services as `parallax report`.
    expect(doc.querySelector('section#positioning')).not.toBeNull();
  }, 120_000);

  it('a report that cannot be written is a line in the output; the run still succeeds', async () => {
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, 'not a folder');
    const set = await parallax(['monitors', 'options', monitorId, '--report-dir', join(blocker, 'sub')]);
    expect(set.code, set.stderr).toBe(0);
    makeDue();
    const out = await parallax(['monitors', 'run', '--sandbox', '--webhook-wait', '0', '--json']);
    expect(out.code, out.stderr).toBe(0);
    const json = JSON.parse(out.stdout) as {
      runs: Array<{
        name: string;
        status: string;
        steps: Array<{ name: string; message: string | null; error: string | null }>;
      }>;
    };
    const run = json.runs.find((r) => r.name === 'Client A: shoes');
    expect(run?.status).toBe('completed');
    expect(run?.steps).toHaveLength(1);
    expect(run?.steps[0]).toMatchObject({ name: 'report', message: null });
    expect(run?.steps[0]?.error).toMatch(/ENOTDIR|EEXIST|not a directory/i);
  }, 120_000);
});
