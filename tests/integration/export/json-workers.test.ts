import { NEUTRAL_PROFILE } from '../../../src/shared/profile';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportCanceledError, exportRunToFile } from '../../../src/core/outputs/export';
import { openHistory, type HistoryStore } from '../../../src/core/history';
import { CHUNK_JOBS, exportThreads, jsonChunksFromWorkers } from '../../../src/core/history/exports';
import type { RunDetailView } from '../../../src/shared/ipc/channels/runs';
import { generateExportRun } from '../../bench/export-run';
import { copyWithTextMarkdown } from '../../support/text-markdown-copy';
import { exportJsonWorker } from '../../support/worker-scripts';

// JSON and NDJSON exports whose lines are built on worker threads (the CLI's and the app's
// way): real threads running the CLI bundle's build of the worker (its source through tsx when
// the bundle is not current: tests/support/worker-scripts.ts), on a real history file, against
// the same export built in-process on the export's own connection.

describe('JSON exports built on worker threads', () => {
  let dir = '';
  let store: HistoryStore;
  let run: RunDetailView;
  let jobIds: string[] = [];
  const worker = exportJsonWorker();
  const out = (name: string): string => join(dir, name);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'parallax-json-workers-'));
    store = openHistory({ path: join(dir, 'history.db') });
    // 300 jobs: three chunks, so two threads interleave and the order is the writer's work.
    const runId = generateExportRun(store, { prompts: 10, countries: 5, repeats: 6 });
    run = store.getRun(runId) as RunDetailView;
    jobIds = store.getRunMatrix(runId).map((c) => c.jobId);
  }, 60_000);

  afterAll(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the run spans several chunks and two threads', () => {
    expect(jobIds.length).toBeGreaterThan(2 * CHUNK_JOBS);
    expect(exportThreads(jobIds.length, 2)).toBe(2);
    expect(exportThreads(jobIds.length, 8)).toBe(2);
    expect(exportThreads(CHUNK_JOBS, 8)).toBe(1);
  });

  it.each(['json', 'ndjson'] as const)(
    '%s: the same bytes as the export built in-process',
    async (format) => {
      const progress: number[] = [];
      const outcome = await exportRunToFile(
        { historyPath: store.path, run, jsonWorker: worker, profile: NEUTRAL_PROFILE },
        { format, path: out(`threads.${format}`), onProgress: ({ done }) => progress.push(done) },
      );
      await exportRunToFile(
        { historyPath: store.path, run, profile: NEUTRAL_PROFILE },
        { format, path: out(`inline.${format}`) },
      );
      const threads = readFileSync(out(`threads.${format}`));
      expect(threads.equals(readFileSync(out(`inline.${format}`)))).toBe(true);
      expect(outcome).toMatchObject({ jobs: 300, results: 297, bytes: threads.length });
      expect(progress.at(-1)).toBe(300);
      // Each line is one job, in the matrix order.
      const lines = threads.toString('utf8').trimEnd().split('\n');
      const ids =
        format === 'ndjson'
          ? lines.map((l) => (JSON.parse(l) as { jobId: string }).jobId)
          : (JSON.parse(threads.toString('utf8')) as { jobs: Array<{ jobId: string }> }).jobs.map(
              (j) => j.jobId,
            );
      expect(ids).toEqual(jobIds);
    },
  );

  it('a history whose answers are not packed yet (Markdown as text) gives the same bytes on threads', async () => {
    const copy = out('text-markdown.db');
    expect(await copyWithTextMarkdown(store.path, copy)).toBe(297);
    await exportRunToFile(
      { historyPath: copy, run, jsonWorker: worker, profile: NEUTRAL_PROFILE },
      { format: 'json', path: out('text.json') },
    );
    await exportRunToFile(
      { historyPath: store.path, run, profile: NEUTRAL_PROFILE },
      { format: 'json', path: out('packed.json') },
    );
    expect(readFileSync(out('text.json')).equals(readFileSync(out('packed.json')))).toBe(true);
  });

  it('a cancel half-way stops the threads and leaves the old file and no partial file', async () => {
    const path = out('stopped.json');
    writeFileSync(path, 'the previous export');
    const controller = new AbortController();
    await expect(
      exportRunToFile(
        { historyPath: store.path, run, jsonWorker: worker, profile: NEUTRAL_PROFILE },
        {
          format: 'json',
          path,
          signal: controller.signal,
          onProgress: ({ done, total }) => {
            if (done < total) controller.abort();
          },
        },
      ),
    ).rejects.toBeInstanceOf(ExportCanceledError);
    expect(readFileSync(path, 'utf8')).toBe('the previous export');
    expect(readdirSync(dir).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('a listed job that is gone fails the export instead of leaving it out', async () => {
    const chunks = jsonChunksFromWorkers(
      worker,
      { dbPath: store.path },
      { jobIds: [...jobIds.slice(0, 5), 'no-such-job'], withRunId: false, sandbox: true, separator: '\n' },
    );
    await expect(drain(chunks)).rejects.toThrow('The run changed during the export: 1 of its jobs are gone');
  });

  it('a thread that cannot open the history fails the export with the reason', async () => {
    const chunks = jsonChunksFromWorkers(
      worker,
      { dbPath: out('no-such-history.db') },
      { jobIds, withRunId: false, sandbox: true, separator: '\n' },
    );
    await expect(drain(chunks)).rejects.toThrow(/An export thread failed: .*unable to open database file/);
  });
});

async function drain(chunks: AsyncIterable<unknown>): Promise<number> {
  let n = 0;
  for await (const _chunk of chunks) n += 1;
  return n;
}
