import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { countRows } from '../../support/history-tables';
import type { HistoryStore, JobRecord } from '../../../src/core/history';
import type { SyncProgress } from '../../../src/core/team/sync';
import { rowWeight } from '../../../src/core/team/sync/push-read';
import { PULL_ROW_WEIGHT } from '../../../src/core/team/sync/team-reads';
import { runSpecSchema } from '../../../src/shared/domain/run-spec';
import { startJudgeThreads } from '../../support/judge-threads';
import { answerCitingPages, createSandboxRun } from '../../support/sync-team';
import { teamForThisFile } from '../../support/team-for-file';

// A push batch is bounded by what its rows weigh, not only by their number: a batch's column is
// one array value in the statement, and PostgreSQL refuses a value over 1 GB (V8 a string over
// 512 MB), so 500 archived pages or very long answers failed on every retry and held back the
// outbox behind them. A pull's pages of answers and archived pages stop at a weight too, so long
// answers cannot take gigabytes of a desktop's memory. The weights are lowered here so that a few
// answers reach them. Real PostgreSQL, real history files, the real read-ahead thread.

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
  answerCitingPages(store, jobs, seed, (r) => 40 + Math.floor(r() * 160));
  return jobs;
}

/**
 * How rows of these weights are cut into batches or pages: a new one starts before a row when
 * `full(carried, row)` says so of what the current one carries.
 */
function cut(weights: readonly number[], full: (carried: number, row: number) => boolean): number[] {
  const parts: number[] = [];
  let rows = 0;
  let carried = 0;
  for (const w of weights) {
    if (rows > 0 && full(carried, w)) {
      parts.push(rows);
      rows = 0;
      carried = 0;
    }
    rows += 1;
    carried += w;
  }
  if (rows > 0) parts.push(rows);
  return parts;
}

/** A push batch takes rows while they fit within `weight` (a row over it goes alone). */
const pushBatches = (weights: readonly number[], weight: number): number[] =>
  cut(weights, (carried, row) => carried + row > weight);

/** A pull page takes a row while less than `weight` came before it. */
const pullPages = (weights: readonly number[], weight: number): number[] =>
  cut(weights, (carried) => carried >= weight);

describe('a push batch and a pull page bounded by weight', () => {
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
    expect(perBatch).toEqual(pushBatches(ordered, weight));
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

  it('a teammate pulls answers and archived pages in pages cut at their weight, and every row arrives', async () => {
    const { team } = shared;
    const a = team.desktop('alice');
    answeredRun(a.store, 120, 3);
    for (const task of a.store.duePages(Date.now() + 86_400_000, 200, new Set())) {
      const page = `<html><body><p>page ${task.resultSeq} ${randomBytes(3_000).toString('hex')}</p></body></html>`;
      a.store.storeArchivedPage(task, { html: page, contentType: 'text/html', pageBytes: page.length });
    }
    await a.sync({ pull: false });
    // Each row's weight as the pull reads it, in the pull's order.
    const weights = async (table: string, kind: 'result' | 'page'): Promise<number[]> =>
      (
        await team.owner.query<{ w: number }>(
          `SELECT (${PULL_ROW_WEIGHT[kind]})::int AS w FROM parallax.${table} t ORDER BY t.xid, t.seq`,
        )
      ).rows.map((row) => row.w);
    const answers = await weights('results', 'result');
    const pages = await weights('pages', 'page');
    const weight = 10 * Math.max(...answers);

    // The answers on this thread, and on the read-ahead thread (a large pull's way).
    const pool = startJudgeThreads();
    try {
      for (const [name, judge] of [
        ['bob-laptop', undefined],
        ['bob-desktop', pool],
      ] as const) {
        const c = team.desktop('bob', name);
        const pulled: Record<string, number[]> = { result: [], page: [] };
        let done = 0;
        await c.sync({
          tuning: { pushBatch: 1000, pullBatch: 4000, pullWeight: weight, readAheadFrom: 0 },
          ...(judge ? { judge } : {}),
          onProgress: (p: SyncProgress) => {
            if (p.phase === 'pull') pulled[p.kind]?.push(p.done - done);
            done = p.done;
          },
        });
        expect(pulled['result'], name).toEqual(pullPages(answers, weight));
        expect(pulled['page'], name).toEqual(pullPages(pages, weight));
        expect(pulled['result']?.length).toBeGreaterThan(10);
        expect(c.store.replica.localWork()).toBe(0);
        expect(countRows(c.path, 'results'), name).toBe(answers.length);
        const here = c.store.pageArchiveCounts();
        expect(here.archived + here.failed).toBe(pages.length);
      }
    } finally {
      await pool.close();
    }
  });
});
