import { NEUTRAL_PROFILE } from '../../../src/shared/profile';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPageArchiver } from '../../../src/core/runs/archive';
import { exportRunToFile } from '../../../src/core/outputs/export';
import type { HistoryStore } from '../../../src/core/history';
import type { PageArchiveStatus } from '../../../src/shared/domain/page-archive';
import type { RunDetailView } from '../../../src/shared/ipc/channels/runs';
import { newRun, normalized, openTemp, tempFolder } from '../store/helpers';

// Exports say what became of each result's pages: a run whose answers link to a
// page archived by the real archiver, one gone (404: failed, expired), one whose server fails
// (502: pending, to retry, with the reason), one with two pages, one with none, and a job with
// no answer. The pages come from a local server on loopback; the export reads the history file.

const PROMPTS = ['archived', 'gone', 'retrying', 'two pages', 'no page', 'no answer'];
const OLD_COLUMNS = [
  'runId',
  'jobId',
  'prompt',
  'engine',
  'country',
  'state',
  'repeat',
  'jobState',
  'resultId',
  'fetchedAt',
  'answer',
  'sourceCount',
  'topDomains',
  'model',
  'errorCode',
  'errorMessage',
  'requestId',
];
const PAGE_COLUMNS = ['pageState', 'pageReasonCode', 'pageReason'];
/** Added after the page columns (tests/integration/positioning/positioning-export.test.ts). */
const POSITIONING_COLUMNS = ['positioning', 'topPick', 'recommended', 'cautioned'];
/** Added after the positioning columns: the engine as the service profile labels it. */
const LABEL_COLUMNS = ['engineLabel'];

const tmp = tempFolder();
let server: Server;
let store: HistoryStore;
let run: RunDetailView;
/** Result id per prompt (none for the job without an answer). */
const resultIds = new Map<string, string>();
let pages = new Map<string, PageArchiveStatus[]>();

function serve(): Promise<string> {
  server = createServer((req, res) => {
    if (req.url === '/page') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html><head><style>p{color:red}</style></head><body><p>PAGE-BODY-MARKER</p></body></html>');
    } else if (req.url === '/down') {
      res.writeHead(502, { 'Content-Type': 'text/html' }).end('bad gateway');
    } else {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

beforeAll(async () => {
  const base = await serve();
  store = openTemp(tmp.file('pages.db'));
  const created = newRun(store, { prompts: PROMPTS });
  const links: Record<string, string[]> = {
    archived: [`${base}/page`],
    gone: [`${base}/gone`],
    retrying: [`${base}/down`],
    'two pages': [`${base}/page`, `${base}/gone`],
    'no page': [],
  };
  const answered = created.jobs.flatMap((job) => {
    const prompt = PROMPTS[job.promptIndex] as string;
    const urls = links[prompt];
    return urls ? [{ prompt, jobId: job.id, urls }] : [];
  });
  const outcomes = store.ingestResults(
    answered.map(({ prompt, jobId, urls }) => ({
      jobId,
      raw: '{}',
      normalized: normalized('assistant-a', `Answer to ${prompt}`, { htmlUrls: urls }),
      fetchedAt: Date.now(),
    })),
  );
  answered.forEach(({ prompt }, i) => resultIds.set(prompt, outcomes[i]?.resultId as string));
  // A retry a minute away: the 502 page stays pending with its reason while the export reads.
  const archiver = createPageArchiver({
    store,
    fetch: globalThis.fetch,
    now: Date.now,
    options: { backoffMs: [60_000], timeoutMs: 5_000 },
  });
  archiver.kick();
  const ids = [...resultIds.values()];
  const tried = (): boolean => [...store.pageArchiveStatus(ids).values()].flat().every((p) => p.attempts > 0);
  await vi.waitFor(() => expect(tried()).toBe(true), { timeout: 20_000, interval: 20 });
  await archiver.close();
  pages = store.pageArchiveStatus(ids);
  run = store.getRun(created.run.id) as RunDetailView;
}, 30_000);

afterAll(async () => {
  store.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  tmp.cleanup();
});

const exportTo = async (format: 'csv' | 'xlsx' | 'json' | 'ndjson' | 'md'): Promise<string> => {
  const path = tmp.file(`run.${format}`);
  await exportRunToFile({ historyPath: store.path, run, profile: NEUTRAL_PROFILE }, { format, path });
  return path;
};

/** The page columns expected for each prompt's row, in the run's order. */
const PAGE_CELLS: Record<string, string[]> = {
  archived: ['archived', '', ''],
  gone: ['failed', 'expired', 'HTTP 404'],
  retrying: ['pending', 'http-error', 'HTTP 502'],
  'two pages': ['archived', '', ''],
  'no page': ['', '', ''],
  'no answer': ['', '', ''],
};

describe('exports carry the archive state of the pages', () => {
  it('the archiver left one page of each kind', () => {
    const first = (prompt: string) => pages.get(resultIds.get(prompt) as string)?.[0];
    expect(first('archived')).toMatchObject({ state: 'archived', reasonCode: null });
    expect(first('gone')).toMatchObject({ state: 'failed', reasonCode: 'expired' });
    expect(first('retrying')).toMatchObject({ state: 'pending', reasonCode: 'http-error', attempts: 1 });
    expect(pages.get(resultIds.get('two pages') as string)?.map((p) => p.state)).toEqual([
      'archived',
      'failed',
    ]);
    expect(pages.has(resultIds.get('no page') as string)).toBe(false);
    expect(resultIds.has('no answer')).toBe(false);
  });

  it('CSV: the page columns come after every earlier column, filled per the answer’s first page', async () => {
    const text = readFileSync(await exportTo('csv'), 'utf8').slice(1);
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const [header, ...rows] = parsed.data;
    expect(header).toEqual([...OLD_COLUMNS, ...PAGE_COLUMNS, ...POSITIONING_COLUMNS, ...LABEL_COLUMNS]);
    expect(rows).toHaveLength(PROMPTS.length);
    for (const row of rows) {
      const prompt = row[2] as string;
      const cells = row.slice(OLD_COLUMNS.length);
      expect([cells[0], cells[1]]).toEqual(PAGE_CELLS[prompt]?.slice(0, 2));
      expect(cells[2]).toContain(PAGE_CELLS[prompt]?.[2]);
      if (!PAGE_CELLS[prompt]?.[2]) expect(cells[2]).toBe('');
      expect(row[8]).toBe(resultIds.get(prompt) ?? '');
    }
  });

  it('XLSX: the same page columns at the end of the Results sheet', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await exportTo('xlsx'));
    const sheet = wb.getWorksheet('Results') as ExcelJS.Worksheet;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      ...OLD_COLUMNS,
      ...PAGE_COLUMNS,
      ...POSITIONING_COLUMNS,
      ...LABEL_COLUMNS,
    ]);
    for (let r = 2; r <= PROMPTS.length + 1; r += 1) {
      const row = sheet.getRow(r);
      const prompt = row.getCell(3).value as string;
      const at = OLD_COLUMNS.length + 1;
      expect([row.getCell(at).value ?? '', row.getCell(at + 1).value ?? '']).toEqual(
        PAGE_CELLS[prompt]?.slice(0, 2),
      );
      expect(String(row.getCell(at + 2).value ?? '')).toContain(PAGE_CELLS[prompt]?.[2]);
    }
  });

  it('JSON and NDJSON: each job lists its pages as the store reads them, without their HTML', async () => {
    const json = readFileSync(await exportTo('json'), 'utf8');
    const doc = JSON.parse(json) as {
      jobs: Array<{ prompt: string; resultId: string | null; pages: unknown }>;
    };
    const ndjson = readFileSync(await exportTo('ndjson'), 'utf8');
    const lines = ndjson
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { jobId: string; pages: unknown });
    expect(doc.jobs).toHaveLength(PROMPTS.length);
    doc.jobs.forEach((job, i) => {
      const want = job.resultId ? (pages.get(job.resultId) ?? []) : [];
      expect(job.pages).toEqual(want);
      expect(lines[i]?.pages).toEqual(want);
    });
    const archived = doc.jobs.find((j) => j.prompt === 'archived')?.pages as PageArchiveStatus[];
    expect(archived[0]?.storedBytes).toBeGreaterThan(0);
    expect(archived[0]?.archivedAt).toEqual(expect.any(Number));
    expect(json).not.toContain('PAGE-BODY-MARKER');
    expect(ndjson).not.toContain('PAGE-BODY-MARKER');
  });

  it('Markdown: a line per page of each answer, with the command that gives the copy or the reason', async () => {
    const md = readFileSync(await exportTo('md'), 'utf8');
    const id = (prompt: string) => resultIds.get(prompt) as string;
    const gone = String.raw`(expired: The link had expired \(HTTP 404\): pages are kept 24 h after the answer\.)`;
    const lines = md.split('\n').filter((line) => line.startsWith('- Page'));
    expect(lines).toEqual([
      `- Page: archived (copy: \`parallax page ${id('archived')}\`)`,
      `- Page: failed ${gone}`,
      String.raw`- Page: pending, to retry (http-error: The page could not be downloaded \(HTTP 502\)\.)`,
      `- Page 1: archived (copy: \`parallax page ${id('two pages')}\`)`,
      `- Page 2: failed ${gone}`,
    ]);
  });
});
