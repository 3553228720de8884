import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../../../src/core/platform/events/event-bus';
import {
  builtinRescoreJudge,
  createPositioningService,
  createRescoreDriver,
  runRescore,
  type RescoreJudge,
  type RescoreProgressStep,
} from '../../../src/core/positioning/positioning';
import { BUILTIN_JUDGE_REF, judgePositioning } from '../../../src/shared/positioning';
import { MIGRATIONS, type HistoryStore } from '../../../src/core/history';
import type { EventPayload } from '../../../src/shared/ipc/contract';
import { withoutPositioning } from '../../support/old-history';
import { positioningWorker } from '../../support/worker-scripts';
import { newRun, openTemp, tempFolder } from '../store/helpers';
import { BRANDS, storeAnswers } from './fixtures';
import { answerRows, rollupsAndRecounts } from './recount';

// The archive's re-score on real files: batches committed one at a time with the cursor, a stop
// between batches that the next run resumes, the app's driver on a worker thread (events,
// pause), the judge's version changing, the upgrade of a history stored before positioning, a
// request over recent days only, and the two races between a batch's read and its write.

const tmp = tempFolder();
const AT = Date.UTC(2026, 2, 2, 10);
const WORKER = positioningWorker();

function history(name: string, runs = 2): { store: HistoryStore; path: string } {
  const path = tmp.file(name);
  const store = openTemp(path);
  for (const b of BRANDS) store.saveBrand(b);
  for (let k = 0; k < runs; k++) {
    const run = newRun(store, {
      prompts: ['p1', 'p2', 'p3'],
      engines: ['assistant-a', 'assistant-b'],
      countries: ['US', 'DE', 'FR'],
    });
    storeAnswers(store, run.jobs, AT + k * 86_400_000, k);
  }
  return { store, path };
}

function expectRollupsInStep(path: string): void {
  for (const { table, rows, recount } of rollupsAndRecounts(path)) expect(rows, table).toEqual(recount);
}

function meta(path: string, key: string): string | undefined {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined;
  } finally {
    db.close();
  }
}

afterAll(() => tmp.cleanup());

describe('re-score batches', () => {
  let store: HistoryStore;
  let path = '';
  beforeAll(() => ({ store, path } = history('batches.db')));
  afterAll(() => store.close());

  it('stops after the batch under way when cancelled, and the next run carries on from the cursor', async () => {
    const job = store.posRescoreStart({});
    expect(job.total).toBe(36);
    const abort = new AbortController();
    const steps: RescoreProgressStep[] = [];
    const first = await runRescore(store, builtinRescoreJudge(), {
      batchSize: 10,
      signal: abort.signal,
      onProgress: (p) => {
        steps.push(p);
        abort.abort();
      },
    });
    // The stop came while the judge had the second batch (read ahead): it is written too.
    expect(first).toEqual({ outcome: 'canceled', done: 20, total: 36 });
    expect(steps).toHaveLength(2);
    expect(store.posRescoreState().job?.done).toBe(20);
    expectRollupsInStep(path);
    const rest = await runRescore(store, builtinRescoreJudge(), {
      batchSize: 10,
      onProgress: (p) => steps.push(p),
    });
    expect(rest).toEqual({ outcome: 'finished', done: 36, total: 36 });
    expect(steps.map((s) => s.done)).toEqual([10, 20, 30, 36]);
    expect(store.posRescoreState().job).toBeNull();
    const last = store.posRescoreState().last;
    expect(last?.answers).toBe(36);
    expect(last?.moved.rescored).toBe(36);
    // Same judge, same brands: nothing moved.
    expect(last?.moved.changed).toBe(0);
    expectRollupsInStep(path);
  });

  it('drops a batch read before a brand change, and passes over an answer replaced meanwhile', async () => {
    store.posRescoreStart({});
    const batch = store.posRescoreRead(5);
    expect(batch?.items).toHaveLength(5);
    const verdicts = (batch?.items ?? []).map(
      (i) => builtinRescoreJudge().judgeBatch([i.input], new AbortController().signal) as never,
    );
    store.saveBrand({ name: 'Nimbus', kind: 'competitor', aliases: [], domains: [] });
    const step = store.posRescoreApply(batch as never, verdicts.map((v) => (v as unknown[])[0]) as never);
    expect(step.dropped).toBe(true);
    expect(store.posRescoreState().job?.reason).toBe('brands');
    expect(store.posRescoreState().job?.done).toBe(0);
    // Read a batch, then store the first answer again (a new text): the batch leaves it alone.
    const next = store.posRescoreRead(3);
    const first = next?.items[0];
    const runId = store.listRuns({}).runs.at(-1)?.id as string;
    const cell = store
      .getRunMatrix(runId)
      .find((c) => c.resultId && store.getResult(c.resultId)?.normalized.markdown === first?.input.text);
    const before = store.posResults([cell?.resultId as string], 'builtin')[0];
    storeAnswers(store, [store.getJob(cell?.jobId as string) as never], AT, 3);
    const judge = builtinRescoreJudge();
    const judged = await judge.judgeBatch(
      (next?.items ?? []).map((i) => i.input),
      new AbortController().signal,
    );
    store.posRescoreApply(next as never, judged);
    const after = store.posResults([cell?.resultId as string], 'builtin')[0];
    expect(before?.brands.length).toBeGreaterThan(0);
    expect(after?.brands).toEqual([]);
    await runRescore(store, builtinRescoreJudge());
    expectRollupsInStep(path);
  });

  it('re-scores only the recent days when asked, and leaves the archive unsettled', async () => {
    const settled = meta(path, 'pos_settled');
    const fromDay = Math.floor((AT + 86_400_000) / 86_400_000);
    const db = new Database(path, { readonly: true });
    const recent = db
      .prepare('SELECT count(*) FROM vis_result WHERE day >= ?')
      .pluck()
      .get(fromDay) as number;
    db.close();
    expect(recent).toBeGreaterThan(0);
    expect(recent).toBeLessThan(36);
    const job = store.posRescoreStart({ fromDay });
    expect(job.total).toBe(recent);
    const out = await runRescore(store, builtinRescoreJudge());
    expect(out).toEqual({ outcome: 'finished', done: recent, total: recent });
    expect(meta(path, 'pos_settled')).toBe(settled);
    expect(store.posRescoreState().last?.fromDay).toBe(fromDay);
  });
});

describe('a judge of another kind', () => {
  it("plugs in with promises, keeps its rows beside the built-in judge's, and is not asked twice", async () => {
    const { store, path } = history('model.db', 1);
    try {
      const asked: string[] = [];
      // An asynchronous judge in the shape a model judge has (its calls, retries and budget
      // behind a promise): the built-in judgements, and a refusal for answers naming Stridex.
      const model: RescoreJudge = {
        ref: { id: 'model:test', version: '7' },
        async judgeBatch(inputs) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          return inputs.map((input) => {
            asked.push(input.text);
            return input.text.includes('Stridex')
              ? { notScored: 'the model refused' }
              : judgePositioning(input);
          });
        },
      };
      const builtinBefore = answerRows(path);
      store.posRescoreStart({ judge: 'model:test', version: '7', force: false });
      // The built-in judge's run leaves another judge's job alone.
      expect(await runRescore(store, builtinRescoreJudge())).toEqual({
        outcome: 'idle',
        judge: 'model:test 7',
      });
      expect(await runRescore(store, model, { batchSize: 4 })).toMatchObject({
        outcome: 'finished',
        done: 18,
      });
      expect(asked).toHaveLength(18);
      expectRollupsInStep(path);
      const service = createPositioningService({
        store,
        now: () => AT + 86_400_000,
        activeJudge: () => 'model:test',
      });
      const view = service.summary({ scope: { kind: 'all' }, period: { days: 7 }, attributeLimit: 0 });
      const refused = asked.filter((t) => t.includes('Stridex')).length;
      expect(
        view.leaderboard.find((m) => m.brandId === store.listBrands().find((b) => b.name === 'Stridex')?.id)
          ?.n,
      ).toBe(0);
      const runId = store.listRuns({}).runs[0]?.id as string;
      const ids = store.getRunMatrix(runId).flatMap((c) => (c.resultId ? [c.resultId] : []));
      const notScored = store
        .posResults(ids, 'model:test')
        .filter((r) => r?.notScored === 'the model refused');
      expect(notScored).toHaveLength(refused);
      // Scored answers are kept: the next run asks only for those it could not score.
      asked.length = 0;
      store.posRescoreStart({ judge: 'model:test', version: '7', force: false });
      await runRescore(store, model);
      expect(asked).toHaveLength(refused);
      // The built-in judge's rows are untouched; the model's are its own.
      expect(answerRows(path)).toEqual(builtinBefore);
      const modelRows = answerRows(path, 'model:test');
      expect(
        Object.values(modelRows)
          .flat()
          .some((r) => (r as { brand: string }).brand === 'Stridex'),
      ).toBe(false);
      expect(Object.keys(modelRows).length).toBeGreaterThan(0);
    } finally {
      store.close();
    }
  });
});

describe('a judge given two batches at once (the judge threads)', () => {
  it('judges each answer once, and on cancel writes the batches it had, then stops', async () => {
    const { store, path } = history('depth.db', 2);
    try {
      let asked = 0;
      const twoAtOnce: RescoreJudge = {
        ref: builtinRescoreJudge().ref,
        depth: 2,
        async judgeBatch(inputs) {
          asked += inputs.length;
          await new Promise((resolve) => setTimeout(resolve, 2));
          return inputs.map((input) => judgePositioning(input));
        },
      };
      const job = store.posRescoreStart({});
      const abort = new AbortController();
      const done: number[] = [];
      const first = await runRescore(store, twoAtOnce, {
        batchSize: 4,
        signal: abort.signal,
        onProgress: (p) => {
          done.push(p.done);
          abort.abort();
        },
      });
      // The stop came after the first batch was written, with the next two in the judge's hands.
      expect(first).toEqual({ outcome: 'canceled', done: 12, total: job.total });
      expect(done).toEqual([4, 8, 12]);
      expect(asked).toBe(12);
      const rest = await runRescore(store, twoAtOnce, { batchSize: 4, onProgress: (p) => done.push(p.done) });
      expect(rest).toEqual({ outcome: 'finished', done: job.total, total: job.total });
      // Every answer judged exactly once over the two runs, every batch written in order.
      expect(asked).toBe(job.total);
      expect(done).toEqual([...Array.from({ length: 9 }, (_, i) => (i + 1) * 4), job.total]);
      expect(store.posRescoreState().last?.moved.rescored).toBe(job.total);
      expectRollupsInStep(path);
    } finally {
      store.close();
    }
  });
});

describe('re-score triggers', () => {
  it('records one when the built-in judge has changed since the archive was brought up to date', async () => {
    const { store, path } = history('judge.db', 1);
    try {
      expect(store.posEnsureCurrent()).toBeNull();
      const db = new Database(path);
      db.prepare(
        `UPDATE meta SET value = json_set(value, '$.builtin.version', '0') WHERE key = 'pos_settled'`,
      ).run();
      db.close();
      const job = store.posEnsureCurrent();
      expect(job?.reason).toBe('judge');
      expect(job?.total).toBe(18);
      await runRescore(store, builtinRescoreJudge());
      expect(JSON.parse(meta(path, 'pos_settled') as string).builtin.version).toBe(BUILTIN_JUDGE_REF.version);
      expect(store.posEnsureCurrent()).toBeNull();
    } finally {
      store.close();
    }
  });

  it('scores a history stored before positioning after its upgrade, as ingest would have', async () => {
    const { store, path } = history('upgrade.db');
    const expected = answerRows(path);
    store.close();
    // The file as version 11 left it: no positioning tables, no positioning meta.
    withoutPositioning(path);
    const upgraded = openTemp(path);
    try {
      expect(upgraded.migrated.to).toBe(MIGRATIONS.length);
      const job = upgraded.posRescoreState().job;
      expect(job?.reason).toBe('upgrade');
      expect(job?.total).toBe(36);
      expect(upgraded.posEnsureCurrent()?.target).not.toBeNull();
      await runRescore(upgraded, builtinRescoreJudge(), { batchSize: 7 });
      expect(answerRows(path)).toEqual(expected);
      expectRollupsInStep(path);
      expect(upgraded.posEnsureCurrent()).toBeNull();
    } finally {
      upgraded.close();
    }
  });
});

describe("the app's re-score driver", () => {
  it('runs the job on a worker thread with progress events, pauses on cancel and resumes on start', async () => {
    const { store, path } = history('driver.db', 3);
    const events = createEventBus();
    const seen: Array<EventPayload<'positioning.rescore'>> = [];
    events.subscribe((event, payload) => {
      if (event === 'positioning.rescore') seen.push(payload as EventPayload<'positioning.rescore'>);
    });
    const driver = createRescoreDriver({
      store,
      events,
      dbPath: path,
      worker: WORKER,
      threads: 2,
      batchSize: 10,
    });
    try {
      const done = new Promise<void>((resolve) =>
        events.subscribe((event, payload) => {
          if (event === 'positioning.rescore' && (payload as { phase: string }).phase === 'done') resolve();
        }),
      );
      const ingested = answerRows(path);
      driver.start({});
      expect(driver.running).toBe(true);
      await done;
      expect(driver.running).toBe(false);
      expect(seen.filter((e) => e.phase === 'running').map((e) => e.done)).toContain(50);
      expect(seen.at(-1)).toEqual({ phase: 'done', done: 54, total: 54, message: null });
      expect(store.posRescoreState().last?.moved.rescored).toBe(54);
      // The judge threads' compact verdicts store exactly the rows ingest stored.
      expect(store.posRescoreState().last?.moved.changed).toBe(0);
      expect(answerRows(path)).toEqual(ingested);
      expectRollupsInStep(path);

      // In-process this time (no worker script): cancel pauses, kick leaves a paused job, start resumes.
      const inProcess = createRescoreDriver({ store, events, dbPath: path, batchSize: 5 });
      inProcess.start({});
      await inProcess.cancel();
      const paused = store.posRescoreState().job;
      expect(paused?.paused).toBe(true);
      expect(paused?.done).toBeLessThan(54);
      inProcess.kick();
      expect(inProcess.running).toBe(false);
      const finished = new Promise<void>((resolve) =>
        events.subscribe((event, payload) => {
          if (event === 'positioning.rescore' && (payload as { phase: string }).phase === 'done') resolve();
        }),
      );
      inProcess.start({});
      await finished;
      expect(store.posRescoreState().job).toBeNull();
      await inProcess.close();
    } finally {
      await driver.close();
      store.close();
    }
  });
});
