import type { HistoryStore, IngestItem } from '../../src/core/history';
import { requestForJob } from '../../src/core/runs/engine/job-plan';
import { ENGINE_NAMES } from '../../src/shared/api/engines';
import { normalizeResult } from '../../src/shared/api/normalize';
import { validateMonitorRequest, type MonitorRequest } from '../../src/shared/api/requests';
import { runSpecSchema, type RunSpec } from '../../src/shared/domain/run-spec';
import { demoBrands } from '../../src/core/demo';
import { FileStore } from '../../src/sandbox/engines/files';
import { SyntheticEngines } from '../../src/sandbox/engines';
import { createSandboxRun, recordRun } from '../support/sync-team';

// One agency client's workspace (a workspace per client; 200 prompts ×
// 8 engines × 10 countries asked every day): its monitor's prompts about one category the
// sandbox's catalog knows (running shoes, the demo's brands), asked on every engine from ten
// countries day after day, answered by the sandbox's synthetic engines (the bodies its HTTP
// server sends, which cite the pages the topic's publishers rank on that day, as engines cite
// the same pages again from one day to the next) and stored through ingest as the run engine
// stores them. 16,000 answers a day: a workspace of 1,000,000 answers is about nine weeks of it.
// The sync bench's first sync copies such a workspace with PARALLAX_SYNC_BENCH_WORKSPACE=agency.

const NEEDS = [
  'for beginners',
  'for flat feet',
  'for wide feet',
  'for knee pain',
  'for marathon training',
  'for trail running',
  'for daily training',
  'for heavy runners',
  'under 100 dollars',
  'with the most cushioning',
];
const ASKS = [
  'best running shoes',
  'most comfortable running shoes',
  'which running shoes should I buy',
  'top rated running shoes',
  'lightweight running shoes',
  'durable running shoes',
  'running shoes recommended by podiatrists',
  'running shoes with the best grip',
  'stable running shoes',
  'best value running shoes',
  'running shoes 2026',
  'best cushioned running shoes',
  'breathable running shoes',
  'waterproof running shoes',
  'running shoes for long distances',
  'fast running shoes',
  'running shoes that last',
  'running shoes for overpronation',
  'running shoes for women',
  'running shoes for men',
];
export const AGENCY_COUNTRIES = ['US', 'GB', 'DE', 'FR', 'ES', 'IT', 'NL', 'SE', 'PL', 'JP'];
/** The client's monitor: 200 prompts (20 asks × 10 needs). */
export const AGENCY_PROMPTS = ASKS.flatMap((ask) => NEEDS.map((need) => `${ask} ${need}`));
export const AGENCY_ANSWERS_A_DAY = AGENCY_PROMPTS.length * ENGINE_NAMES.length * AGENCY_COUNTRIES.length;
/** The client's brands, tracked by the workspace: the demo's focus brand and competitors. */
export const AGENCY_BRANDS = demoBrands().map((b) => ({ name: b.name, kind: b.kind, aliases: b.aliases }));

const DAY_MS = 86_400_000;
const BATCH = 500;

function daySpec(day: number, prompts: readonly string[]): RunSpec {
  return runSpecSchema.parse({
    name: `Client monitor, day ${day}`,
    prompts,
    engines: [...ENGINE_NAMES],
    countries: AGENCY_COUNTRIES,
    repeats: 1,
    engineOptions: { 'assistant-a': { include: { searchQueries: true, markdown: true, shopping: true } } },
  });
}

/**
 * One day of the client's monitor (the first `answers` of it), answered on that day (UTC day
 * `firstDay + day`) and stored in `store`; returns the answers stored.
 */
export function recordAgencyDay(store: HistoryStore, firstDay: number, day: number, answers: number): number {
  const at = (firstDay + day) * DAY_MS;
  const spec = daySpec(day, AGENCY_PROMPTS);
  const { run, jobs } = createSandboxRun(store, spec, answers);
  const files = new FileStore(
    () => 'http://127.0.0.1',
    () => at,
  );
  const engines = new SyntheticEngines(
    () => 34,
    { files },
    () => at,
  );
  const chosen = jobs.slice(0, answers);
  for (let from = 0; from < chosen.length; from += BATCH) {
    const items: IngestItem[] = chosen.slice(from, from + BATCH).map((job, i) => {
      const request = validateMonitorRequest(job.engine, requestForJob(spec, job));
      if (!request.ok) throw new Error(`agency request refused: ${JSON.stringify(request)}`);
      const out = engines.run(job.engine, request.value as MonitorRequest);
      const fetchedAt = at + (from + i) * 1000;
      return {
        jobId: job.id,
        raw: JSON.stringify({ success: true, result: out.result }),
        normalized: normalizeResult(job.engine, out.result),
        fetchedAt,
        jobPatch: { jobState: 'succeeded', httpStatus: 200, creditsCharged: 1, finishedAt: fetchedAt },
      };
    });
    store.ingestResults(items);
  }
  store.updateRun(run.id, { status: 'completed', finishedAt: at + chosen.length * 1000 });
  return chosen.length;
}

/**
 * What the first sync's workspace is made of: 'all-new' (the default, as every figure before
 * this workspace was measured on), the worst case for ingest: answers of ~5 KB that each cite
 * ten pages, with titles and snippets, no answer cited before (store-answers.ts), so every cited
 * page and source text is a new row; or 'agency' (above), whose answers are larger and name the
 * tracked brands (more to judge and to collect) but cite pages cited before about three times
 * in four.
 */
export type BenchWorkspace = 'agency' | 'all-new';

export function benchWorkspace(): BenchWorkspace {
  const kind = process.env['PARALLAX_SYNC_BENCH_WORKSPACE'] ?? 'all-new';
  if (kind !== 'agency' && kind !== 'all-new')
    throw new Error(`PARALLAX_SYNC_BENCH_WORKSPACE is agency or all-new, not ${kind}`);
  return kind;
}

/** The agency's days end before today: a workspace of 1,000,000 answers is 63 of them. */
const AGENCY_FIRST_DAY = Math.floor(Date.now() / DAY_MS) - 100;

/**
 * The `chunk`-th part of a workspace (a day of the agency's monitor, or a run of 20,000 new
 * answers), at most `answers` of it, recorded in `store`; returns the answers recorded.
 */
export function recordWorkspaceChunk(
  kind: BenchWorkspace,
  store: HistoryStore,
  chunk: number,
  answers: number,
): number {
  if (kind === 'agency')
    return recordAgencyDay(store, AGENCY_FIRST_DAY, chunk, Math.min(AGENCY_ANSWERS_A_DAY, answers));
  const n = Math.min(20_000, answers);
  recordRun(store, n, { fetchedAt: Date.now() - chunk * 20_000_000 });
  return n;
}
