import Database from 'better-sqlite3';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { HistoryStateError, type HistoryStore } from '../../../src/core/history';
import { KEY_LABEL, newRun, normalized, openTemp, spec, tempFolder } from './helpers';

const tmp = tempFolder();
afterAll(() => tmp.cleanup());

let store: HistoryStore;
let path: string;
let n = 0;
beforeEach(() => {
  path = tmp.file(`runs-${n++}.db`);
  store = openTemp(path);
  return () => store.close();
});

describe('createRun', () => {
  it('stores the spec, prompts, tags and the full job grid in one go', () => {
    const { run, jobs } = newRun(store, {
      name: 'Shoes',
      prompts: ['best running shoes', 'trail shoes'],
      engines: ['assistant-a', 'search'],
      countries: ['US', 'DE'],
      states: ['CA'],
      repeats: 2,
      mode: 'async',
      priority: 7,
      budget: 500,
      tags: ['shoes', 'q1'],
      engineOptions: { search: { pages: 2 } },
    });
    expect(jobs).toHaveLength(2 * 2 * 3 * 2);
    expect(
      new Set(jobs.map((j) => `${j.promptIndex}|${j.engine}|${j.country}|${j.state}|${j.repeat}`)).size,
    ).toBe(24);
    expect(jobs.every((j) => j.jobState === 'pending' && j.attempts === 0)).toBe(true);
    expect(jobs.find((j) => j.state === 'CA')?.country).toBe('US');
    expect(run).toMatchObject({
      name: 'Shoes',
      status: 'pending',
      mode: 'async',
      priority: 7,
      budget: 500,
      engines: ['assistant-a', 'search'],
      countries: ['US', 'DE'],
      states: ['CA'],
      promptCount: 2,
      repeats: 2,
      total: 24,
      maxCredits: 10,
      creditsCharged: 0,
      keyLabel: KEY_LABEL,
      sandbox: true,
      baseUrl: 'http://127.0.0.1:9999',
      prompts: ['best running shoes', 'trail shoes'],
      tags: ['q1', 'shoes'],
      engineOptions: { search: { pages: 2 } },
    });
    expect(run.counts.pending).toBe(24);
    expect(run.spec.prompts).toEqual(['best running shoes', 'trail shoes']);
    expect(store.getRun(run.id)).toEqual(run);
  });

  it('refuses a key label that could be the key itself, and stores nothing', () => {
    expect(() =>
      store.createRun({
        spec: spec(),
        keyLabel: 'sk_live_1234567890abcdef',
        baseUrl: 'x',
        sandbox: false,
        costEstimate: 1,
      }),
    ).toThrow(HistoryStateError);
    expect(store.listRuns().total).toBe(0);
  });

  it('rolls the whole run back when a job cannot be stored', () => {
    expect(() =>
      store.createRun({
        spec: spec(),
        keyLabel: null,
        baseUrl: 'x',
        sandbox: false,
        costEstimate: 1,
        jobs: [
          { promptIndex: 0, engine: 'assistant-a', country: 'US', state: null, repeat: 1 },
          { promptIndex: 0, engine: 'assistant-a', country: 'US', state: null, repeat: 1 },
        ],
      }),
    ).toThrow(/UNIQUE/);
    expect(store.listRuns().total).toBe(0);
  });
});

describe('job transitions', () => {
  it('commits each change before returning: another connection sees it at once', () => {
    const { jobs } = newRun(store);
    const job = jobs[0]!;
    const running = store.transitionJob(job.id, {
      jobState: 'running',
      incrementAttempts: true,
      requestId: 'req-1',
    });
    expect(running).toMatchObject({ jobState: 'running', attempts: 1, requestId: 'req-1', finishedAt: null });
    expect(running.startedAt).not.toBeNull();

    const other = new Database(path, { readonly: true });
    expect(other.prepare('SELECT job_state, attempts FROM jobs WHERE id = ?').get(job.id)).toEqual({
      job_state: 'running',
      attempts: 1,
    });
    other.close();
  });

  it('records errors, clears them on retry, and sets finish times', () => {
    const { jobs } = newRun(store);
    const id = jobs[0]!.id;
    store.transitionJob(id, { jobState: 'running' });
    const failed = store.transitionJob(id, {
      jobState: 'failed',
      httpStatus: 502,
      error: { code: 'EXTERNAL_SERVICE_ERROR', message: 'upstream down', details: { retryAfter: 3 } },
      latencyMs: 1234,
    });
    expect(failed).toMatchObject({
      jobState: 'failed',
      httpStatus: 502,
      errorCode: 'EXTERNAL_SERVICE_ERROR',
      errorMessage: 'upstream down',
      errorDetails: { retryAfter: 3 },
      latencyMs: 1234,
    });
    expect(failed.finishedAt).not.toBeNull();
    const retry = store.transitionJob(id, { jobState: 'running', error: null, incrementAttempts: true });
    expect(retry).toMatchObject({
      jobState: 'running',
      errorCode: null,
      errorMessage: null,
      errorDetails: null,
      finishedAt: null,
    });
  });

  it('refuses to move a succeeded job and honours expect (compare-and-set)', () => {
    const { jobs } = newRun(store, { repeats: 2 });
    const [a, b] = jobs as [(typeof jobs)[0], (typeof jobs)[0]];
    store.transitionJob(a.id, { jobState: 'succeeded', creditsCharged: 5 });
    expect(() => store.transitionJob(a.id, { jobState: 'failed' })).toThrow(/succeeded/);
    expect(() => store.transitionJob(b.id, { jobState: 'running', expect: ['queued'] })).toThrow(
      /is pending/,
    );
    expect(store.getJob(b.id)?.jobState).toBe('pending');
    expect(() => store.transitionJob('nope', { jobState: 'running' })).toThrow(HistoryStateError);
  });

  it('keeps idempotency keys unique', () => {
    const { jobs } = newRun(store, { repeats: 2 });
    store.transitionJob(jobs[0]!.id, { idempotencyKey: 'k-1', taskId: 't-1' });
    expect(() => store.transitionJob(jobs[1]!.id, { idempotencyKey: 'k-1' })).toThrow(/UNIQUE/);
  });

  it('counts jobs per state with credits, lists by state, and lists jobs in flight', () => {
    const { run, jobs } = newRun(store, { repeats: 5 });
    store.transitionJob(jobs[0]!.id, { jobState: 'succeeded', creditsCharged: 5 });
    store.transitionJob(jobs[1]!.id, { jobState: 'succeeded', creditsCharged: 7 });
    store.transitionJob(jobs[2]!.id, { jobState: 'running' });
    store.transitionJob(jobs[3]!.id, { jobState: 'queued', taskId: 'task-3' });
    const totals = store.countJobs(run.id);
    expect(totals).toMatchObject({ total: 5, creditsCharged: 12 });
    expect(totals.counts).toEqual({
      pending: 1,
      queued: 1,
      running: 1,
      succeeded: 2,
      failed: 0,
      interrupted: 0,
      canceled: 0,
    });
    expect(store.listJobs(run.id, { states: ['succeeded'] }).map((j) => j.id)).toEqual([
      jobs[0]!.id,
      jobs[1]!.id,
    ]);
    expect(
      store
        .listInFlightJobs()
        .map((j) => j.jobState)
        .sort(),
    ).toEqual(['queued', 'running']);
    expect(store.listInFlightJobs(run.id)).toHaveLength(2);
    expect(store.listInFlightJobs('other-run')).toHaveLength(0);
    expect(store.getRun(run.id)?.creditsCharged).toBe(12);
  });

  it('marks running jobs interrupted after a crash, and the run too', () => {
    const { run, jobs } = newRun(store, { repeats: 3 });
    store.updateRun(run.id, { status: 'running' });
    store.transitionJob(jobs[0]!.id, { jobState: 'running' });
    store.transitionJob(jobs[1]!.id, { jobState: 'queued', taskId: 't' });
    store.close();

    store = openTemp(path); // the app restarts
    expect(store.listUnfinishedRuns().map((r) => r.id)).toEqual([run.id]);
    expect(
      store
        .listInFlightJobs()
        .map((j) => j.id)
        .sort(),
    ).toEqual([jobs[0]!.id, jobs[1]!.id].sort());
    expect(store.markInterrupted(run.id)).toBe(1);
    expect(store.getJob(jobs[0]!.id)?.jobState).toBe('interrupted');
    expect(store.getJob(jobs[1]!.id)?.jobState).toBe('queued');
    expect(store.getRun(run.id)?.status).toBe('interrupted');
    expect(store.markInterrupted(run.id, { includeQueued: true })).toBe(1);
    expect(store.listUnfinishedRuns()).toEqual([]);
  });
});

describe('updateRun and deleteRun', () => {
  it('sets start and finish times with the status and keeps the summary', () => {
    const { run } = newRun(store);
    const started = store.updateRun(run.id, { status: 'running' });
    expect(started.startedAt).not.toBeNull();
    expect(started.finishedAt).toBeNull();
    const done = store.updateRun(run.id, { status: 'completed', summary: { ok: 1 } });
    expect(done.finishedAt).not.toBeNull();
    expect(done.startedAt).toBe(started.startedAt);
    expect(done.summary).toEqual({ ok: 1 });
    expect(() => store.updateRun('nope', { status: 'running' })).toThrow(HistoryStateError);
  });

  it('deletes a run with its jobs, results, children and search entries', () => {
    const { run, jobs } = newRun(store);
    store.ingestResults([
      {
        jobId: jobs[0]!.id,
        raw: { a: 1 },
        fetchedAt: 5,
        normalized: normalized('assistant-a', 'zebra answer', {
          sources: [
            {
              position: 1,
              kind: 'cited',
              url: 'https://z.example',
              domain: 'z.example',
              title: 'zebra title',
              snippet: null,
              redirectLink: null,
              datePublished: null,
            },
          ],
        }),
      },
    ]);
    expect(store.search({ query: 'zebra' }).total).toBe(1);
    expect(store.deleteRun(run.id)).toBe(true);
    expect(store.deleteRun(run.id)).toBe(false);
    expect(store.getRun(run.id)).toBeNull();
    expect(store.search({ query: 'zebra' }).total).toBe(0);
    expect(store.search({ query: 'zebra', scope: 'sources' }).total).toBe(0);
    store.close();
    const raw = new Database(path, { readonly: true });
    for (const table of ['jobs', 'results', 'result_docs', 'sources', 'run_prompts']) {
      expect(raw.prepare(`SELECT count(*) FROM ${table}`).pluck().get()).toBe(0);
    }
    raw.close();
    store = openTemp(path);
  });
});

describe('listRuns', () => {
  it('pages newest first with totals and filters by status, engine, country, text and date', () => {
    const a = newRun(store, { name: 'Alpha', engines: ['assistant-a'], countries: ['DE'] }).run;
    const b = newRun(store, {
      name: 'Beta',
      prompts: ['cheap 100% cotton_shirts'],
      engines: ['search'],
      states: ['CA'],
      countries: [],
    }).run;
    const c = newRun(store, { name: 'Gamma', engines: ['assistant-a', 'search'], countries: ['FR'] }).run;
    store.updateRun(b.id, { status: 'running' });

    const all = store.listRuns({ limit: 2 });
    expect(all.total).toBe(3);
    expect(all.runs.map((r) => r.id)).toEqual([c.id, b.id]);
    expect(store.listRuns({ limit: 2, offset: 2 }).runs.map((r) => r.id)).toEqual([a.id]);
    expect(all.runs[0]!.counts.pending).toBe(2); // Gamma: two engines × one country

    const ids = (f: Parameters<HistoryStore['listRuns']>[0]) => store.listRuns(f).runs.map((r) => r.id);
    expect(ids({ status: 'running' })).toEqual([b.id]);
    expect(ids({ engine: 'search' })).toEqual([c.id, b.id]);
    expect(ids({ country: 'US' })).toEqual([b.id]);
    expect(ids({ country: 'DE' })).toEqual([a.id]);
    expect(ids({ text: 'gam' })).toEqual([c.id]);
    expect(ids({ text: '100% cotton_' })).toEqual([b.id]);
    expect(ids({ text: '100%_cotton' })).toEqual([]);
    expect(ids({ from: b.createdAt })).toEqual([c.id, b.id]);
    expect(ids({ to: a.createdAt })).toEqual([a.id]);
    expect(store.listRuns({ engine: 'search', limit: 1 }).total).toBe(2);
  });
});

describe('transitionJobs', () => {
  it('commits a batch in one transaction, reporting a refused change without stopping the others', () => {
    const { jobs } = newRun(store, { prompts: ['a', 'b', 'c'], engines: ['assistant-a'], countries: ['US'] });
    const [a, b, c] = jobs as [(typeof jobs)[0], (typeof jobs)[0], (typeof jobs)[0]];
    store.transitionJob(b.id, { jobState: 'canceled' });
    const running = { jobState: 'running' as const, expect: ['pending' as const], incrementAttempts: true };
    const outcomes = store.transitionJobs([
      { jobId: a.id, patch: running },
      { jobId: b.id, patch: running },
      { jobId: c.id, patch: running },
      { jobId: 'no-such-job', patch: running },
    ]);
    expect(outcomes.map((o) => [o.jobId, o.ok])).toEqual([
      [a.id, true],
      [b.id, false],
      [c.id, true],
      ['no-such-job', false],
    ]);
    const refused = outcomes[1];
    expect(refused?.ok === false && refused.error).toBeInstanceOf(HistoryStateError);
    // Committed: another connection sees the new states.
    const raw = new Database(path, { readonly: true });
    const states = raw.prepare('SELECT id, job_state, attempts FROM jobs ORDER BY prompt_index').all();
    raw.close();
    expect(states).toEqual([
      { id: a.id, job_state: 'running', attempts: 1 },
      { id: b.id, job_state: 'canceled', attempts: 0 },
      { id: c.id, job_state: 'running', attempts: 1 },
    ]);
    expect(store.getJob(a.id)?.startedAt).not.toBeNull();
    expect(store.transitionJobs([])).toEqual([]);
  });
});
