import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openHistory, type HistoryStore, type IngestItem } from '../../src/core/history';
import { requestForJob } from '../../src/core/runs/engine/job-plan';
import { type MonitorRequest, validateMonitorRequest } from '../../src/shared/api/requests';
import { normalizeResult } from '../../src/shared/api/normalize';
import { runSpecSchema, type RunSpec } from '../../src/shared/domain/run-spec';
import { FileStore } from '../../src/sandbox/engines/files';
import { SyntheticEngines } from '../../src/sandbox/engines';
import { rng } from './bench-random';

// One big run for the export benchmark and the export tests: prompts × countries × repeats on
// assistant-a with search queries, shopping and Markdown, answered by the sandbox's synthetic
// engines (the same bodies its HTTP server sends) and stored through the store's own ingest,
// as the run engine stores them. Every 97th job fails with a service error, so the error
// columns are exercised too. 100 × 20 × 10 is the 20,000-result run.

export interface ExportRunShape {
  prompts: number;
  countries: number;
  repeats: number;
}

export const BENCH_EXPORT_SHAPE: ExportRunShape = { prompts: 100, countries: 20, repeats: 10 };

const COUNTRIES = [
  'US',
  'GB',
  'DE',
  'FR',
  'JP',
  'ES',
  'IT',
  'BR',
  'CA',
  'AU',
  'NL',
  'SE',
  'PL',
  'MX',
  'IN',
  'KR',
  'CH',
  'AT',
  'BE',
  'DK',
];
const TOPICS = [
  'best running shoes for beginners',
  'waterproof trail running shoes',
  'budget espresso machine',
  'noise cancelling headphones for travel',
  'lightweight laptop for students',
  'best mattress for back pain',
  'cordless vacuum for pet hair',
  'mirrorless camera for vlogging',
];
const FAIL_EVERY = 97;
const T0 = Date.UTC(2026, 8, 1);

export function exportRunSpec(shape: ExportRunShape): RunSpec {
  const r = rng(5);
  return runSpecSchema.parse({
    name: `Export bench ${shape.prompts}×${shape.countries}×${shape.repeats}`,
    prompts: Array.from(
      { length: shape.prompts },
      (_, i) => `${TOPICS[i % TOPICS.length]} ${2026 + (i % 3)} (${i + 1}, ${Math.floor(r() * 1000)})`,
    ),
    engines: ['assistant-a'],
    engineOptions: { 'assistant-a': { include: { markdown: true, searchQueries: true, shopping: true } } },
    countries: COUNTRIES.slice(0, shape.countries),
    repeats: shape.repeats,
  });
}

/** Creates the run in an open history and stores its answers; returns the run id. */
export function generateExportRun(store: HistoryStore, shape: ExportRunShape): string {
  const spec = exportRunSpec(shape);
  const { run, jobs } = store.createRun({
    spec,
    keyLabel: 'sandbox',
    baseUrl: 'http://127.0.0.1',
    sandbox: true,
    costEstimate: jobs0(shape),
  });
  const files = new FileStore(
    () => 'http://127.0.0.1',
    () => T0,
  );
  const engines = new SyntheticEngines(
    () => 7,
    { files },
    () => T0,
  );
  let batch: IngestItem[] = [];
  const flush = (): void => {
    store.ingestResults(batch);
    batch = [];
  };
  jobs.forEach((job, i) => {
    const at = T0 + i * 1000;
    if (i % FAIL_EVERY === FAIL_EVERY - 1) {
      store.transitionJob(job.id, {
        jobState: 'failed',
        httpStatus: 502,
        requestId: `req-${i}`,
        error: { code: 'EXTERNAL_SERVICE_ERROR', message: '=The engine failed; retry later', details: null },
        finishedAt: at,
      });
      return;
    }
    const request = validateMonitorRequest(job.engine, requestForJob(spec, job));
    if (!request.ok) throw new Error(`bench request refused: ${JSON.stringify(request)}`);
    const out = engines.run(job.engine, request.value as MonitorRequest);
    batch.push({
      jobId: job.id,
      raw: JSON.stringify({ success: true, result: out.result }),
      normalized: normalizeResult(job.engine, out.result),
      fetchedAt: at,
      jobPatch: { jobState: 'succeeded', httpStatus: 200, creditsCharged: 1, finishedAt: at },
    });
    if (batch.length >= 500) flush();
  });
  flush();
  store.updateRun(run.id, { status: 'completed', finishedAt: T0 + jobs.length * 1000 });
  return run.id;
}

const jobs0 = (shape: ExportRunShape): number => shape.prompts * shape.countries * shape.repeats;

const CACHED = join(tmpdir(), 'parallax-bench-exports-v1.db');

/**
 * The 20,000-result history, kept in the temp folder between bench runs. Built under a name
 * of its own and renamed when complete, so a bench started meanwhile never reads half a file.
 */
export function cachedExportHistory(): { path: string; runId: string } {
  if (!existsSync(CACHED)) {
    const dir = mkdtempSync(join(tmpdir(), 'parallax-exports-build-'));
    const building = join(dir, 'exports.db');
    const t = performance.now();
    const store = openHistory({ path: building, integrityCheck: 'none' });
    generateExportRun(store, BENCH_EXPORT_SHAPE);
    store.close();
    renameSync(building, CACHED);
    rmSync(dir, { recursive: true, force: true });
    console.log(`built ${CACHED} in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  }
  const store = openHistory({ path: CACHED, integrityCheck: 'none' });
  try {
    const runId = store.listRuns({}).runs[0]?.id;
    if (!runId) throw new Error(`${CACHED} holds no run: delete it to rebuild`);
    return { path: CACHED, runId };
  } finally {
    store.close();
  }
}

if (process.argv[1]?.endsWith('export-run.ts')) {
  const { path, runId } = cachedExportHistory();
  console.log(`${path} run ${runId}`);
}
