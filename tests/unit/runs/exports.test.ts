import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  buildCompareReport,
  buildCsv,
  buildJson,
  buildMarkdown,
  buildXlsx,
  type ExportData,
} from '../../../src/main/export';
import type { ResultView } from '../../../src/shared/ipc/channels/runs';

const XSS = '<img src=x onerror=alert(1)><script>alert(2)</script>';

function result(over: Partial<ResultView> = {}): ResultView {
  return {
    resultId: 'r1',
    jobId: 'j1',
    runId: 'run1',
    prompt: 'best shoes',
    engine: 'assistant-a',
    country: 'US',
    state: null,
    repeat: 1,
    fetchedAt: Date.UTC(2026, 0, 1),
    sandbox: true,
    normalized: {
      engine: 'assistant-a',
      text: `=HYPERLINK("x") answer ${XSS}\n\nsecond paragraph`,
      markdown: null,
      htmlUrls: [],
      model: null,
      searchQueries: [],
      sources: [
        {
          position: 1,
          kind: 'cited',
          url: 'javascript:alert(1)',
          domain: 'evil.example',
          title: XSS,
          snippet: null,
          redirectLink: null,
          datePublished: null,
        },
        {
          position: 2,
          kind: 'cited',
          url: 'https://shoes.example/a',
          domain: 'shoes.example',
          title: 'Shoes',
          snippet: null,
          redirectLink: null,
          datePublished: null,
        },
      ],
      entities: [{ type: 'brand', name: XSS }],
      products: [],
      ads: [],
      peopleAlsoAsk: [],
      aiOverview: null,
      relatedSearches: [],
      shape: null,
    },
    ...over,
  };
}

const counts = { pending: 0, queued: 0, running: 0, succeeded: 1, failed: 1, interrupted: 0, canceled: 0 };
const data: ExportData = {
  run: {
    id: 'run1',
    name: 'Shoes',
    status: 'completed',
    mode: 'sync',
    engines: ['assistant-a'],
    countries: ['US', 'DE'],
    states: [],
    promptCount: 1,
    repeats: 1,
    total: 2,
    counts,
    maxCredits: 10,
    creditsCharged: 5,
    sandbox: true,
    keyLabel: 'sandbox',
    createdAt: Date.UTC(2026, 0, 1),
    startedAt: null,
    finishedAt: null,
    prompts: ['best shoes'],
    tags: [],
    spec: {
      prompts: ['best shoes'],
      engines: ['assistant-a'],
      countries: ['US', 'DE'],
      states: [],
      repeats: 1,
      mode: 'sync',
      priority: 1,
      engineOptions: {},
      budget: null,
      webhookUrl: null,
      tags: [],
    },
  },
  cells: [
    {
      jobId: 'j1',
      promptIndex: 0,
      engine: 'assistant-a',
      country: 'US',
      state: null,
      repeat: 1,
      jobState: 'succeeded',
      resultId: 'r1',
      excerpt: 'x',
      sourceCount: 2,
      error: null,
    },
    {
      jobId: 'j2',
      promptIndex: 0,
      engine: 'assistant-a',
      country: 'DE',
      state: null,
      repeat: 1,
      jobState: 'failed',
      resultId: null,
      excerpt: null,
      sourceCount: 0,
      error: {
        code: 'INTERNAL_SERVER_ERROR',
        message: 'Maximum retries exceeded',
        requestId: 'req-9',
        status: 500,
      },
    },
  ],
  results: [result()],
};

describe('exports', () => {
  it('CSV parses back, one row per job, formulas neutralised', () => {
    const rows = Papa.parse<Record<string, string>>(buildCsv(data), { header: true }).data;
    expect(rows).toHaveLength(2);
    expect(rows[0]?.answer?.startsWith("'=HYPERLINK")).toBe(true);
    expect(rows[0]?.topDomains).toBe('evil.example shoes.example');
    expect(rows[1]).toMatchObject({
      country: 'DE',
      jobState: 'failed',
      errorCode: 'INTERNAL_SERVER_ERROR',
      requestId: 'req-9',
    });
  });

  it('JSON parses back with every job and its result', () => {
    const doc = JSON.parse(buildJson(data)) as { jobs: Array<{ result: ResultView | null }> };
    expect(doc.jobs).toHaveLength(2);
    expect(doc.jobs[0]?.result?.normalized.sources).toHaveLength(2);
    expect(doc.jobs[1]?.result).toBeNull();
  });

  it('XLSX opens with Results, Sources and Run sheets', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await buildXlsx(data)) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Results', 'Sources', 'Run']);
    expect(wb.getWorksheet('Results')?.rowCount).toBe(3);
    expect(wb.getWorksheet('Sources')?.getRow(3).getCell(8).value).toBe('https://shoes.example/a');
  });

  it('Markdown quotes engine text with its control characters escaped', () => {
    const md = buildMarkdown(data);
    expect(md).toContain('> Synthetic data');
    expect(md).not.toContain('<script>');
    expect(md).toContain('\\<script\\>');
  });

  it('the compare report is self-contained HTML with no script and every engine text escaped', () => {
    const html = buildCompareReport([result(), result({ resultId: 'r2', country: 'DE' })], {
      title: `Report ${XSS}`,
    });
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('href="https://shoes.example/a"');
    expect(html).toContain("default-src 'none'");
    expect(html).not.toMatch(/<link|src="http/);
  });
});
