import { copyFileSync, existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { EXPORT_TABLES, exportHistory, type ExportTable } from '../../../src/core/outputs/db-export';
import { openHistory } from '../../../src/core/history';
import { buildBig } from '../../bench/store-big-history';
import { dbExportWorker } from '../../support/worker-scripts';
import { tempFolder } from '../store/helpers';
import { historyQuery, openDuck } from './fixture';

// A Parquet export with its second thread: the answers' batches (2,048 answers each) are read on
// the second thread and posted to the main thread, whose DuckDB (the export's only one) pulls
// them, blocking until the next is posted (batch-share.ts). Every answer must be there once, in
// the history's order, with its exact text: with an odd and an even number of batches (the
// fewest of each that have the second thread post more than one: 3 with the last one short, 2).
// On one thread (as shipped) each DuckDB chunk's documents are decompressed into one reused
// space as the chunk is filled (doc-space.ts): over several chunks, every text must still be
// its own.

const folder = tempFolder();
afterAll(() => folder.cleanup());

/** The second thread, as the CLI runs it (tests/support/worker-scripts.ts). */
const worker = dbExportWorker();
const answers = EXPORT_TABLES.find((t) => t.name === 'answers') as ExportTable;

interface AnswerTexts {
  result_id: string;
  answer_text: string;
  answer_markdown: string | null;
}

/**
 * A history of `runs` × 1,000 answers (the store bench's file, built small). The 5,000-answer one
 * is built once; the 4,000-answer one is a copy of it whose newest run the store deletes (building
 * it too was 2-3 s of CPU, most of it its 1,000 answers stored through the store).
 */
function historyOf(runs: number): string {
  const history = folder.file(`history-${runs}.db`);
  if (existsSync(history)) return history;
  if (runs !== 4) {
    buildBig(history, { runs, templateRuns: 1 });
    return history;
  }
  copyFileSync(historyOf(5), history);
  const store = openHistory({ path: history });
  try {
    const newest = historyQuery<{ run_id: string }>(
      history,
      'SELECT j.run_id FROM results r JOIN jobs j ON j.id = r.job_id ORDER BY r.seq DESC LIMIT 1',
    )[0];
    if (!newest || !store.deleteRun(newest.run_id)) throw new Error('no run to delete');
  } finally {
    store.close();
  }
  return history;
}

const cases = [
  { runs: 5, threads: 'two threads', worker },
  { runs: 4, threads: 'two threads', worker },
  { runs: 5, threads: 'one thread', worker: undefined },
];

describe('Parquet answers read on one or two threads', { timeout: 180_000 }, () => {
  for (const { runs, threads, worker: script } of cases) {
    const batches = Math.ceil(runs / 2);
    it(`${runs},000 answers (${batches} batches), ${threads}: all, once, in order, exact`, async () => {
      const history = historyOf(runs);
      const out = folder.file(`answers-${runs}-${script ? 2 : 1}`);
      const outcome = await exportHistory(
        {
          historyPath: history,
          appVersion: 'test',
          engineLabels: {},
          demoRunIds: [],
          ...(script ? { worker: script } : {}),
        },
        { format: 'parquet', out, tables: [answers] },
      );
      const expected = historyQuery<AnswerTexts>(
        history,
        'SELECT id AS result_id, answer_text, markdown_text AS answer_markdown FROM results ORDER BY seq',
      );
      expect(expected).toHaveLength(runs * 1000);
      expect(outcome.tables).toEqual([expect.objectContaining({ table: 'answers', rows: expected.length })]);
      const duck = await openDuck();
      try {
        const got = await duck.rows(
          `SELECT result_id, answer_text, answer_markdown FROM read_parquet('${out}/answers.parquet')`,
        );
        expect(got).toEqual(expected);
      } finally {
        duck.close();
      }
    });
  }
});
