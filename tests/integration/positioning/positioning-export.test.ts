import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRunToFile } from '../../../src/core/outputs/export';
import type { HistoryStore } from '../../../src/core/history';
import type { RunDetailView } from '../../../src/shared/ipc/channels/runs';
import type { ResultPositioning } from '../../../src/shared/positioning/view-types';
import { exportJsonWorker } from '../../support/worker-scripts';
import { newRun, normalized, openTemp, tempFolder } from '../store/helpers';
import { ANSWERS, BRANDS, storeAnswers } from './fixtures';

// Run exports carry each answer's positioning: JSON and NDJSON (in-process and on the export's
// worker threads) the same array as `show --json` (evidence cut from the judged text, an emoji
// before it included), CSV and XLSX a compact column and the brands per judgement to filter on.

const tmp = tempFolder();
const AT = Date.UTC(2026, 2, 2, 10);
const WORKER = exportJsonWorker();
let store: HistoryStore;
let run: RunDetailView;
let expected: Map<string, ResultPositioning>;
/** An answer with a character outside the BMP before the evidence (2 UTF-16 units, 1 code point). */
const EMOJI = '🏃 Runners agree: **Veloxa** is our top pick this year. Stridex is one to avoid.';

beforeAll(() => {
  store = openTemp(tmp.file('export.db'));
  for (const b of BRANDS) store.saveBrand(b);
  const created = newRun(store, {
    prompts: ['p1', 'p2', 'p3'],
    engines: ['assistant-a', 'assistant-b'],
    countries: ['US'],
  });
  storeAnswers(store, created.jobs.slice(0, 5), AT);
  const last = created.jobs[5];
  store.ingestResults([
    {
      jobId: last?.id as string,
      raw: {},
      fetchedAt: AT,
      normalized: normalized('assistant-b', EMOJI, { markdown: EMOJI }),
    },
  ]);
  run = store.getRun(created.run.id) as RunDetailView;
  expected = store.posRunResults(run.id, 'builtin');
});

afterAll(() => {
  store.close();
  tmp.cleanup();
});

const exportTo = async (format: 'csv' | 'xlsx' | 'json' | 'ndjson', worker = false): Promise<string> => {
  const path = tmp.file(`run-${worker ? 'w' : 'p'}.${format}`);
  await exportRunToFile(
    { historyPath: store.path, run, ...(worker ? { jsonWorker: WORKER } : {}) },
    { format, path },
  );
  return path;
};

/** The array `show --json` prints for a result. */
const showJson = (resultId: string) =>
  (expected.get(resultId)?.brands ?? []).map((b) => ({
    brand: b.brand,
    brandId: b.brandId,
    status: b.status,
    sentiment: b.sentiment,
    evidence: b.evidence,
    attributes: b.attributes,
    judge: b.judge,
  }));

describe('exports carry positioning', () => {
  it('JSON and NDJSON: each result has the show --json array, in-process and on worker threads', async () => {
    for (const worker of [false, true]) {
      const doc = JSON.parse(readFileSync(await exportTo('json', worker), 'utf8')) as {
        jobs: Array<{ resultId: string; result: { positioning: unknown } }>;
      };
      expect(doc.jobs).toHaveLength(6);
      for (const job of doc.jobs) expect(job.result.positioning).toEqual(showJson(job.resultId));
      const lines = readFileSync(await exportTo('ndjson', worker), 'utf8')
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as { resultId: string; result: { positioning: unknown } });
      for (const line of lines) expect(line.result.positioning).toEqual(showJson(line.resultId));
    }
    const emoji = [...expected.values()].find((r) =>
      r.brands.some((b) =>
        b.evidence.some((e) => e.text.includes('Veloxa') && EMOJI.indexOf(e.text) === e.start),
      ),
    );
    expect(emoji).toBeDefined();
    // No tracked brand named: an empty array (scored), not null.
    const doc = JSON.parse(readFileSync(await exportTo('json'), 'utf8')) as {
      jobs: Array<{ result: { positioning: unknown[]; normalized: { markdown: string } } }>;
    };
    expect(doc.jobs.find((j) => j.result.normalized.markdown === ANSWERS[3])?.result.positioning).toEqual([]);
  });

  it('CSV and XLSX: a compact positioning column and the brands per judgement', async () => {
    const parsed = Papa.parse<Record<string, string>>(readFileSync(await exportTo('csv'), 'utf8').slice(1), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.errors).toEqual([]);
    const first = parsed.data[0] as Record<string, string>;
    const brands = showJson(first.resultId as string);
    expect(first.positioning).toBe(
      brands
        .map(
          (b) =>
            `${b.brand}: ${b.status} (${b.sentiment.score > 0 ? '+' : b.sentiment.score < 0 ? '\u2212' : '\u00b1'}${Math.abs(b.sentiment.score).toFixed(2)})`,
        )
        .join('; '),
    );
    expect(first.recommended).toBe(
      brands
        .filter((b) => b.status === 'top' || b.status === 'recommended')
        .map((b) => b.brand)
        .join('; '),
    );
    expect(first.topPick).toContain('Veloxa');
    const noBrand = parsed.data.find((r) => r.answer === (ANSWERS[3] as string).replace(/[#*|]/g, ''));
    expect(noBrand?.positioning).toBe('');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await exportTo('xlsx'));
    const sheet = wb.getWorksheet('Results') as ExcelJS.Worksheet;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const at = header.indexOf('positioning') + 1;
    // The service profile's engine label comes last, after the positioning columns.
    expect(header.slice(at - 1)).toEqual([
      'positioning',
      'topPick',
      'recommended',
      'cautioned',
      'engineLabel',
    ]);
    expect(sheet.getRow(2).getCell(at).value).toBe(first.positioning);
  });
});
