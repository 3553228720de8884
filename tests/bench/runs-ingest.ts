import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '../../src/core/runs/api';
import { openHistory, type HistoryStore } from '../../src/core/history';
import type { IngestItem } from '../../src/core/history/runs';
import { normalizeResult } from '../../src/shared/api/normalize';
import { runSpecSchema } from '../../src/shared/domain/run-spec';
import type { NormalizedResult } from '../../src/shared/domain/result';
import { startSandbox } from '../../src/sandbox';

// The store's share of the run engine alone: real sandbox answers (body text and
// normalized view, as the sync driver hands them over) ingested into a fresh history in waves of
// 255, as the ingest batcher commits them, with each job going pending → running → succeeded.
// Prints CPU per job; run it under `node --cpu-prof --import tsx tests/bench/runs-ingest.ts` to
// see where that time goes. Not a target of its own: runs.bench.ts measures the whole engine.

const JOBS = Number(process.env.PARALLAX_INGEST_JOBS ?? 2_000);
const WAVE = Number(process.env.PARALLAX_INGEST_WAVE ?? 255);
/**
 * PARALLAX_INGEST_BRANDS=1: the history tracks the sandbox's eight running-shoe brands and the
 * prompts ask for running shoes, so the answers name them (ranked lists, as the synthetic
 * engines write them): what brand matching and the positioning judge cost at ingest.
 */
const BRANDS = process.env.PARALLAX_INGEST_BRANDS === '1';
const SHOE_BRANDS = [
  'Stridewell',
  'Pacer & Co',
  'Veloxa',
  'Trailhawk',
  'Cadence',
  'Fleetfoot',
  'Norrun',
  'Altura',
];
const COUNTRIES = ['US', 'DE', 'FR', 'GB', 'ES', 'IT', 'NL', 'SE', 'PL', 'JP'];

interface Answer {
  body: string;
  normalized: NormalizedResult;
}

/**
 * A distinct sandbox answer for every job, as the engine's run gets them (every source, entity
 * and product new to the history: the text dictionary's look-ups and inserts are measured, not
 * its cache).
 */
async function sandboxAnswers(prompts: string[]): Promise<Answer[]> {
  const sandbox = await startSandbox({ plan: 'Enterprise 5K', latencyMs: 0, rateLimit: 100_000, seed: 11 });
  try {
    const client = createApiClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey });
    const answers: Answer[] = [];
    for (const [i, prompt] of prompts.entries()) {
      const country = COUNTRIES[i % COUNTRIES.length] as string;
      const res = await client.monitor('assistant-a', { prompt, country });
      answers.push({
        body: res.body ?? JSON.stringify(res.raw),
        normalized: normalizeResult('assistant-a', res.result),
      });
    }
    return answers;
  } finally {
    await sandbox.close();
  }
}

/** PARALLAX_INGEST_SIZES=1: what the run's history file holds per result, by part. */
function printSizes(stats: ReturnType<HistoryStore['storageStats']>): void {
  const per = (bytes: number): string => `${(bytes / stats.results / 1024).toFixed(2)} KB`;
  console.log(`history: ${per(stats.usedBytes)} per result used, ${per(stats.totalBytes)} with free pages`);
  for (const part of stats.parts) console.log(`  ${part.part}: ${per(part.bytes)}`);
}

export async function measureIngest(): Promise<{ cpuMsPerJob: number; jobs: number }> {
  const prompts = Array.from({ length: JOBS / COUNTRIES.length }, (_, i) =>
    BRANDS ? `best running shoes for beginners ${i}` : `benchmark prompt ${i}`,
  );
  const answers = await sandboxAnswers(
    prompts.flatMap((p) => COUNTRIES.map(() => p)).map((p, i) => `${p} ${i}`),
  );
  const dir = mkdtempSync(join(tmpdir(), 'parallax-ingest-bench-'));
  const store = openHistory({ path: join(dir, 'history.db') });
  try {
    if (BRANDS)
      SHOE_BRANDS.forEach((name, i) =>
        store.saveBrand({ name, kind: i === 2 ? 'brand' : 'competitor', aliases: [], domains: [] }),
      );
    const spec = runSpecSchema.parse({ prompts, engines: ['assistant-a'], countries: COUNTRIES });
    const { jobs } = store.createRun({
      spec,
      keyLabel: 'sandbox',
      baseUrl: 'http://127.0.0.1',
      sandbox: true,
      costEstimate: 0,
    });
    const cpu0 = process.cpuUsage();
    for (let at = 0; at < jobs.length; at += WAVE) {
      const wave = jobs.slice(at, at + WAVE);
      store.transitionJobs(
        wave.map((job) => ({
          jobId: job.id,
          patch: { jobState: 'running', expect: ['pending'], incrementAttempts: true, startedAt: Date.now() },
        })),
      );
      const items: IngestItem[] = wave.map((job, k) => {
        const answer = answers[at + k] as Answer;
        const fetchedAt = Date.now();
        return {
          jobId: job.id,
          raw: answer.body,
          normalized: answer.normalized,
          fetchedAt,
          jobPatch: {
            jobState: 'succeeded',
            expect: ['running'],
            requestId: `req-${at + k}`,
            httpStatus: 200,
            creditsCharged: 5,
            latencyMs: 200,
            finishedAt: fetchedAt,
            error: null,
          },
        };
      });
      store.ingestResults(items);
    }
    const cpu = process.cpuUsage(cpu0);
    if (process.env.PARALLAX_INGEST_SIZES) printSizes(store.storageStats());
    return { cpuMsPerJob: (cpu.user + cpu.system) / 1000 / jobs.length, jobs: jobs.length };
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('runs-ingest.ts')) {
  // Several rounds, each on a fresh file: the least CPU of them is the figure least disturbed by
  // other processes on a shared machine (the median is printed too).
  const rounds = Number(process.env.PARALLAX_INGEST_ROUNDS ?? 5);
  const figures: number[] = [];
  for (let i = 0; i < rounds; i++) figures.push((await measureIngest()).cpuMsPerJob);
  const sorted = [...figures].sort((a, b) => a - b);
  console.log(
    `store ingest: ${JOBS} jobs × ${rounds} rounds, CPU per job (running + result + succeeded): least ${sorted[0]?.toFixed(3)} ms, median ${sorted[Math.floor(rounds / 2)]?.toFixed(3)} ms`,
  );
}
