import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { HistoryStore, JobRecord } from '../../../src/main/store';
import type { SyncProgress } from '../../../src/main/sync';
import { rowWeight } from '../../../src/main/sync/push-read';
import { runSpecSchema } from '../../../src/shared/domain/run-spec';
import { rng } from '../../bench/bench-random';
import { makeResult } from '../../bench/store-answers';
import { createSandboxRun } from '../../support/sync-team';
import { teamForThisFile } from '../../support/team-for-file';

// A push batch is bounded by what its rows weigh, not only by their number: a batch's column is
// one array value in the statement, and PostgreSQL refuses a value over 1 GB (V8 a string over
// 512 MB), so 500 archived pages or very long answers failed on every retry and held back the
// outbox behind them. The weight is lowered here so that a few answers reach it. Real PostgreSQL,
// real history files.

const shared = teamForThisFile({ alice: 'member', bob: 'member' });

const UNANSWERED = `t.job_state = 'succeeded' AND NOT EXISTS (SELECT 1 FROM parallax.results r
  WHERE r.workspace_id = t.workspace_id AND r.job_id = t.id)`;

/** A run of `n` jobs answered here, each answer citing one page. */
function answeredRun(store: HistoryStore, n: number, seed: number): JobRecord[] {
  const spec = runSpecSchema.parse({
    name: `weighed ${seed}`,
    prompts: Array.from({ length: n }, (_, i) => `best trail shoes ${seed} ${i}`),
    engines: ['assistant-a'],
    countries: ['US'],
    repeats: 1,
  });
  const { jobs } = createSandboxRun(store, spec, n);
  const r = rng(seed);
  store.ingestResults(
    jobs.map((job, i) => {
      const m = makeResult(r, 40 + Math.floor(r() * 160));
      return {
        jobId: job.id,
        raw: m.raw,
        normalized: { ...m.normalized, engine: job.engine, htmlUrls: [`https://example.com/${seed}/${i}`] },
        fetchedAt: Date.now() + i,
        jobPatch: { jobState: 'succeeded' as const, creditsCharged: 1 },
      };
    }),
  );
  return jobs;
}

/** The batches a greedy cut at `weight` makes of rows of these weights (a row over it goes alone). */
function greedy(weights: readonly number[], weight: number): number[] {
  const batches: number[] = [];
  let rows = 0;
  let carried = 0;
  for (const w of weights) {
    if (rows > 0 && carried + w > weight) {
      batches.push(rows);
      rows = 0;
      carried = 0;
    }
    rows += 1;
    carried += w;
  }
  if (rows > 0) batches.push(rows);
  return batches;
}

describe('a push batch bounded by weight', () => {
  it('cuts job batches before the first answer that does not fit, never between a job and its answer', async () => {
    const { team } = shared;
    const a = team.desktop('alice');
    const jobs = answeredRun(a.store, 40, 1);
    const answers = jobs.map((job) => a.store.getResultByJob(job.id)?.resultId as string);
    // Read back in the jobs' order (the outbox's), whatever order the read returned them in.
    const byId = new Map(a.store.replica.readResults(answers).map((row) => [row['id'], rowWeight(row)]));
    const ordered = answers.map((id) => byId.get(id) as number);
    expect(ordered.every((w) => w > 0)).toBe(true);
    const weight = 3 * Math.max(...ordered);

    // Each job batch carries its jobs and their answers: two entries an answered job.
    const perBatch: number[] = [];
    let done = 0;
    const unanswered: number[] = [];
    let before = 0;
    await a.sync({
      tuning: { pushBatch: 1000, pullBatch: 200, pushWeight: weight },
      pull: false,
      onProgress: (p: SyncProgress) => {
        if (p.phase === 'push' && p.kind === 'job') perBatch.push((p.done - done) / 2);
        done = p.done;
      },
      pause: async () => {
        const results = await team.count('results');
        if (results > before) unanswered.push(await team.count('jobs', UNANSWERED));
        before = results;
      },
    });
    expect(perBatch).toEqual(greedy(ordered, weight));
    expect(perBatch.length).toBeGreaterThan(10);
    expect(unanswered.filter((n) => n > 0)).toEqual([]);
    expect(await team.count('jobs')).toBe(40);
    expect(await team.count('results')).toBe(40);
    expect(a.store.replica.localWork()).toBe(0);
  });

  it('sends a page heavier than the weight alone, and a teammate pulls every page whole', async () => {
    const { team } = shared;
    const a = team.desktop('alice');
    const jobs = answeredRun(a.store, 12, 2);
    let pages = 0;
    for (const task of a.store.duePages(Date.now() + 86_400_000, 100, new Set())) {
      // Random text does not compress: each page stores about 60 KB.
      const page = `<html><body><p>${randomBytes(45_000).toString('base64')}</p></body></html>`;
      expect(
        a.store.storeArchivedPage(task, { html: page, contentType: 'text/html', pageBytes: page.length }),
      ).toBe(true);
      pages += 1;
    }
    expect(pages).toBe(12);

    const pageBatches: number[] = [];
    const report = await a.sync({
      tuning: { pushBatch: 1000, pullBatch: 200, pushWeight: 1 },
      pull: false,
      onProgress: (p: SyncProgress) => {
        if (p.phase === 'push' && p.kind === 'page') pageBatches.push(p.done);
      },
    });
    // Twelve pages, each over the weight: twelve batches of one.
    expect(report.pushed['page']).toBe(12);
    expect(pageBatches).toHaveLength(12);
    expect(await team.count('pages')).toBe(12);

    const b = team.desktop('bob');
    await b.sync({ tuning: { pushBatch: 1000, pullBatch: 5 } });
    for (const job of jobs) {
      const id = a.store.getResultByJob(job.id)?.resultId as string;
      const page = b.store.getArchivedPage(id, 0);
      expect(page?.state).toBe('archived');
      expect(page?.html).toBe(a.store.getArchivedPage(id, 0)?.html);
    }
  });

  it('a teammate pulls archived pages 50 to a page, whatever the answers’ page size', async () => {
    const { team } = shared;
    const a = team.desktop('alice');
    answeredRun(a.store, 120, 3);
    for (const task of a.store.duePages(Date.now() + 86_400_000, 200, new Set())) {
      const page = `<html><body><p>page ${task.resultSeq}</p></body></html>`;
      a.store.storeArchivedPage(task, { html: page, contentType: 'text/html', pageBytes: page.length });
    }
    await a.sync({ pull: false });

    const c = team.desktop('bob', 'bob-laptop');
    const pulled: number[] = [];
    let done = 0;
    await c.sync({
      tuning: { pushBatch: 1000, pullBatch: 4000 },
      onProgress: (p: SyncProgress) => {
        if (p.phase === 'pull' && p.kind === 'page') pulled.push(p.done - done);
        done = p.done;
      },
    });
    const onTeam = await team.count('pages');
    expect(onTeam).toBeGreaterThanOrEqual(120);
    expect(pulled.reduce((sum, n) => sum + n, 0)).toBe(onTeam);
    expect(Math.max(...pulled)).toBe(50);
  });
});
