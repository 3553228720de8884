import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportHistory,
  DbExportCanceledError,
  EXPORT_TABLES,
  type ExportTable,
} from '../../../src/core/outputs/db-export';
import { buildBig } from '../../bench/store-big-history';
import { spawnCli } from '../../support/cli-child';
import { dbExportWorker } from '../../support/worker-scripts';
import { tempFolder } from '../store/helpers';

// An export never leaves a half-written file or folder under the name asked for: stopped by
// SIGTERM in a real child process (exit 130, the partial output removed), canceled through its
// signal, or failed on a table's read. The history: the store bench's file built small (8,000
// answers with 10 sources each, the first 1,000 stored through the store): 4 batches of answers,
// so the second thread, 2 batches ahead of the writer, is still reading when the cancel comes
// after the first, and a whole export takes seconds (the SIGTERM comes after the first 100 ms).
// 20,000 answers built here were 7 of the file's 13 s of CPU.

const folder = tempFolder();
const history = folder.file('history.db');
/** The CLI's user-data folder, apart: what it keeps there (checked-histories.json) is no leftover. */
const userData = tempFolder();
afterAll(() => {
  folder.cleanup();
  userData.cleanup();
});
beforeAll(() => buildBig(history, { runs: 8, templateRuns: 1 }), 120_000);

const deps = { historyPath: history, appVersion: 'test', engineLabels: {}, demoRunIds: [] };
/** The second thread, as the CLI runs it (tests/support/worker-scripts.ts). */
const worker = dbExportWorker();
const leftovers = (): string[] =>
  readdirSync(folder.dir).filter((name) => name !== 'history.db' && !name.startsWith('history.db-'));

describe('an export stopped part-way leaves nothing', { timeout: 120_000 }, () => {
  for (const format of ['sqlite', 'parquet'] as const) {
    it(`${format}: SIGTERM mid-export exits 130 and removes the partial output`, async () => {
      const out = folder.file(`killed-${format}`);
      const cli = spawnCli(['db', 'export', '--format', format, '--out', out, '--db', history], {
        userDataDir: userData.dir,
      });
      // The first progress line: rows are being written to the partial output.
      await cli.waitFor(/db export: \w+, [\d,]+ of [\d,]+/);
      expect(existsSync(`${out}.partial`)).toBe(true);
      cli.child.kill('SIGTERM');
      const exit = await cli.exited;
      expect(exit.code, exit.stderr).toBe(130);
      expect(exit.stderr).toContain('Export canceled: nothing was written');
      expect(existsSync(out)).toBe(false);
      expect(leftovers()).toEqual([]);
    });

    it(`${format}: a cancel through the signal rejects with DbExportCanceledError, nothing left`, async () => {
      const controller = new AbortController();
      const run = exportHistory(deps, {
        format,
        out: folder.file(`canceled-${format}`),
        signal: controller.signal,
        onProgress: (p) => {
          if (p.table === 'answers' && p.done > 0) controller.abort();
        },
      });
      await expect(run).rejects.toBeInstanceOf(DbExportCanceledError);
      expect(leftovers()).toEqual([]);
    });

    it(`${format}: with the answers on a second thread, a cancel stops both threads, nothing left`, async () => {
      const controller = new AbortController();
      const run = exportHistory(
        { ...deps, worker },
        {
          format,
          out: folder.file(`canceled-${format}`),
          signal: controller.signal,
          onProgress: (p) => {
            if (p.table === 'answers' && p.done > 0) controller.abort();
          },
        },
      );
      await expect(run).rejects.toBeInstanceOf(DbExportCanceledError);
      expect(leftovers()).toEqual([]);
    });

    it(`${format}: a table failing part-way rejects with its error, nothing left`, async () => {
      const answers = EXPORT_TABLES.find((t) => t.name === 'answers') as ExportTable;
      // A column whose SQL fails on the second batch of answers (the first is written by then).
      const broken: ExportTable = {
        ...answers,
        columns: [
          ...answers.columns,
          {
            name: 'boom',
            kind: 'integer',
            sql: `CASE WHEN s.k > 3000 THEN json_extract('not json', '$') END`,
            nullable: true,
          },
        ],
      };
      const tables = EXPORT_TABLES.map((t) => (t.name === 'answers' ? broken : t));
      await expect(
        exportHistory(deps, { format, out: folder.file(`failed-${format}`), tables }),
      ).rejects.toThrow(/malformed JSON/);
      expect(leftovers()).toEqual([]);
    });
  }
});
