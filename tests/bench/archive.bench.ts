import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createPageArchiver } from '../../src/core/runs/archive';
import { sanitizeArchivedPage } from '../../src/core/runs/archive/sanitize';
import { openHistory, type HistoryStore } from '../../src/core/history';
import { startSandbox } from '../../src/sandbox';
import { runSpecSchema } from '../../src/shared/domain/run-spec';
import { normalized } from '../integration/store/helpers';
import type { Bench } from './run-all';

// Pages archived at ingest: 400 answers of the sandbox, each linking to its
// page, archived by the real archiver (4 at a time) over loopback; then the cost per page of
// stripping scripts and of compressing, on the sandbox's pages and on a 1 MB page, and what
// queueing the pages adds to an ingest. Target: the archive keeps up with a run (more pages a
// second than a Growth plan's sync run stores answers, ~20/s) and stores pages smaller than
// they came.

const ANSWERS = 400;
const TARGET_PAGES_PER_S = 20;

function newJobs(store: HistoryStore, count: number): string[] {
  const prompts = Array.from({ length: count / 4 }, (_, i) => `bench prompt ${i}`);
  const { jobs } = store.createRun({
    spec: runSpecSchema.parse({ prompts, engines: ['assistant-a'], countries: ['US', 'DE', 'FR', 'GB'] }),
    keyLabel: 'sandbox',
    baseUrl: 'http://127.0.0.1',
    sandbox: true,
    costEstimate: count,
  });
  return jobs.map((j) => j.id);
}

/** Stores one answer per job, one transaction each as a run does; the time and the result ids. */
function ingest(
  store: HistoryStore,
  jobs: string[],
  urls: (i: number) => string[],
): { ms: number; ids: string[] } {
  const t = performance.now();
  const ids = jobs.map(
    (jobId, i) =>
      store.ingestResults([
        {
          jobId,
          raw: '{}',
          normalized: normalized('assistant-a', 'An answer', { htmlUrls: urls(i) }),
          fetchedAt: Date.now(),
        },
      ])[0]?.resultId ?? '',
  );
  return { ms: performance.now() - t, ids };
}

function perCall(fn: () => unknown, times: number): number {
  fn();
  const t = performance.now();
  for (let i = 0; i < times; i++) fn();
  return (performance.now() - t) / times;
}

const bench: Bench = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'parallax-bench-archive-'));
  const sandbox = await startSandbox({ latencyMs: 0 });
  const store = openHistory({ path: join(dir, 'archive.db') });
  try {
    const urls: string[] = [];
    for (let i = 0; i < ANSWERS; i++) {
      const res = await fetch(`${sandbox.baseUrl}/v1/monitor/assistant-a`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sandbox.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: `bench prompt ${i}`, country: 'US', include: { html: true } }),
      });
      urls.push(((await res.json()) as { result: { html: string } }).result.html);
    }
    const { ms: withPages, ids } = ingest(store, newJobs(store, ANSWERS), (i) => [urls[i] as string]);
    const { ms: without } = ingest(store, newJobs(store, ANSWERS), () => []);

    const archiver = createPageArchiver({ store, fetch: globalThis.fetch, now: Date.now });
    const t = performance.now();
    await archiver.idle();
    const archiveMs = performance.now() - t;
    await archiver.close();
    const counts = store.pageArchiveCounts();
    const pages = [...store.pageArchiveStatus(ids).values()].flat();
    const pageBytes = pages.reduce((sum, p) => sum + (p.pageBytes ?? 0), 0);
    const storedBytes = pages.reduce((sum, p) => sum + (p.storedBytes ?? 0), 0);

    const sample = await (await fetch(urls[0] as string)).text();
    const big = sample.replace(
      '</main>',
      `${'<p style="color:#333">A long paragraph of text. </p>'.repeat(20_000)}</main>`,
    );
    const sanitizeUs = perCall(() => sanitizeArchivedPage(sample), 200) * 1000;
    const sanitizeBigMs = perCall(() => sanitizeArchivedPage(big), 5);

    const pagesPerS = (counts.archived / archiveMs) * 1000;
    console.log(
      `answers ${ANSWERS}, pages archived ${counts.archived}, failed ${counts.failed}, pending ${counts.pending}`,
    );
    console.log(
      `archive: ${archiveMs.toFixed(0)} ms, ${pagesPerS.toFixed(0)} pages/s (target ≥ ${TARGET_PAGES_PER_S})`,
    );
    console.log(
      `stored: ${(pageBytes / 1024).toFixed(0)} KB of pages as downloaded, ${(storedBytes / 1024).toFixed(0)} KB kept (scripts stripped, zstd): ${((storedBytes / pageBytes) * 100).toFixed(0)} %`,
    );
    console.log(
      `ingest of ${ANSWERS} answers one by one: ${withPages.toFixed(0)} ms with a page each, ${without.toFixed(0)} ms without (${(((withPages - without) / ANSWERS) * 1000).toFixed(0)} µs a page to queue)`,
    );
    console.log(
      `sanitize: ${sanitizeUs.toFixed(0)} µs for a ${(sample.length / 1024).toFixed(1)} KB sandbox page; ${sanitizeBigMs.toFixed(0)} ms for ${(big.length / (1024 * 1024)).toFixed(1)} MB`,
    );
    return {
      name: 'archive',
      targetsMet: counts.archived === ANSWERS && pagesPerS >= TARGET_PAGES_PER_S && storedBytes < pageBytes,
    };
  } finally {
    store.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

export default bench;
