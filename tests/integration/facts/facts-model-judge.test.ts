import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFactsService } from '../../../src/core/analysis';
import type { HistoryStore } from '../../../src/core/history';
import {
  createFactsModelJudge,
  createModelCaller,
  estimateFactsCheck,
  ModelJudgeStopped,
  runFactsCheck,
  storeFactsJudgeCache,
  type ModelJudgeConfig,
} from '../../../src/core/positioning';
import { normalizeResult } from '../../../src/shared/api/normalize';
import type { FactsPayload } from '../../../src/shared/facts/model-contract';
import { startModelStandIn, type ModelStandIn, type StandInReply } from '../../support/model-stand-in';
import { newRun, openTemp, tempFolder } from '../store/helpers';

// The model judge on brand facts over real HTTP through the real SDKs, a local stand-in playing
// the provider, on a real history file: the facts the built-in checker leaves not addressed (a
// free-form refund policy it cannot read) are asked of the model; its verdicts are stored beside
// the checker's and counted in the figures with who judged them; a verdict whose quote is not in
// the answer is dropped; an estimate above the budget is refused before any call and a budget
// spent mid-way stops the run; the cache pays nothing twice; a cancel stops between answers and
// the next run carries on.

const SHEET = `facts:
  - { key: founded, kind: year, value: 2014 }
  - { key: free-plan, kind: yes-no, value: yes, words: [free plan] }
  - { key: refund-policy, kind: text, value: "30-day money-back guarantee on every plan", words: [refund, money-back] }
`;

const ANSWERS = [
  // The refund policy as the sheet says it (only the model reads it); the model also claims a
  // denied free plan with a quote that is not in the answer: dropped.
  'Keyfort offers a 30-day money-back guarantee on every plan, no questions asked.',
  // The refund policy contradicted.
  'Keyfort gives refunds only within 14 days of purchase, and only on yearly plans.',
  // The checker contradicts the year itself; the refund policy is not addressed.
  'Keyfort was founded in 2016 in Oslo.',
];

const tmp = tempFolder();
let model: ModelStandIn;
let quiet = false;

/** The stand-in's judgement: reads the payload and answers by the answer's words. */
function judge(user: string): StandInReply {
  if (quiet) return { status: 500 };
  const payload = JSON.parse(user) as FactsPayload;
  const checks = payload.facts.map((f) => {
    if (f.kind === 'text' && payload.answer.includes('money-back'))
      return { id: f.id, verdict: 'supported', evidence: 'a 30-day money-back guarantee on every plan' };
    if (f.kind === 'text' && payload.answer.includes('14 days'))
      return { id: f.id, verdict: 'contradicted', evidence: 'refunds only within 14 days of purchase' };
    if (f.kind === 'yes-no' && payload.answer.includes('money-back'))
      return { id: f.id, verdict: 'contradicted', evidence: 'Keyfort has no free plan' };
    return { id: f.id, verdict: 'not-addressed', evidence: '' };
  });
  return { json: { checks } };
}

beforeAll(async () => {
  model = await startModelStandIn({ reply: judge, usage: () => ({ input: 400, output: 60 }) });
});
afterAll(async () => {
  await model.close();
  tmp.cleanup();
});

function history(name: string, texts: readonly string[]): HistoryStore {
  const store = openTemp(tmp.file(name));
  store.saveBrand({ name: 'Keyfort', kind: 'brand', aliases: [], domains: ['keyfort.com'] });
  ingest(store, texts);
  const facts = createFactsService({ store });
  facts.setSheet('Keyfort', SHEET, 'yaml');
  facts.recheck();
  return store;
}

function ingest(store: HistoryStore, texts: readonly string[]): string[] {
  const { jobs } = newRun(store, {
    prompts: texts.map((_, i) => `best password manager ${i}`),
    engines: ['assistant-a'],
    countries: ['US'],
  });
  store.ingestResults(
    jobs.map((job) => {
      const raw = { success: true, result: { text: texts[job.promptIndex] as string, sources: [] } };
      return {
        jobId: job.id,
        raw,
        fetchedAt: Date.now() - 60_000,
        normalized: normalizeResult(job.engine, raw),
      };
    }),
  );
  return jobs.map((j) => j.id);
}

function config(over: Partial<ModelJudgeConfig> = {}): ModelJudgeConfig {
  return {
    provider: 'openai-compatible',
    model: 'stand-in',
    baseUrl: `${model.baseUrl}/v1`,
    apiVersion: null,
    priceIn: 1,
    priceOut: 2,
    budget: null,
    concurrency: 1,
    ...over,
  };
}

function judgeFor(store: HistoryStore, c: ModelJudgeConfig) {
  return createFactsModelJudge({
    config: c,
    caller: createModelCaller(c, 'sk-stand-in', { timeoutMs: 5_000 }),
    cache: storeFactsJudgeCache(store),
    retry: { attempts: 2, baseMs: 1, capMs: 2 },
  });
}

const never = (): AbortSignal => new AbortController().signal;
const calls = (): number => Object.values(model.requests).reduce((a, b) => a + b, 0);

function refund(store: HistoryStore) {
  const figures = createFactsService({ store }).figures({ sinceMs: null });
  const brand = figures.brands[0];
  return { figures, fact: (key: string) => brand?.facts.find((f) => f.key === key) };
}

describe('the model judge on brand facts', () => {
  beforeEach(() => {
    quiet = false;
  });

  it('judges what the checker cannot read, stores it beside the checker’s verdicts and drops invented quotes', async () => {
    const store = history('judged.db', ANSWERS);
    try {
      const before = refund(store);
      expect(before.fact('refund-policy')).toMatchObject({ supported: 0, contradicted: 0, notAddressed: 3 });
      expect(before.fact('founded')).toMatchObject({ contradicted: 1, byModel: 0 });
      const c = config();
      const estimate = estimateFactsCheck(store, c, null);
      // The first two answers leave all three facts to the model; the third all but the year.
      expect(estimate).toMatchObject({
        answers: 3,
        answersToSend: 3,
        facts: 8,
        cachedFacts: 0,
        overBudget: null,
      });
      expect(estimate.inputTokens).toBeGreaterThan(0);
      expect(estimate.usd).toBeGreaterThan(0);
      const sent = calls();
      const judge = judgeFor(store, c);
      const outcome = await runFactsCheck(store, judge, {
        sinceMs: null,
        concurrency: 2,
        signal: never(),
        total: estimate.answers,
      });
      expect(outcome).toEqual({ outcome: 'finished', done: 3, total: 3 });
      expect(calls() - sent).toBe(3);
      expect(model.requests['/v1/chat/completions']).toBeGreaterThanOrEqual(3);
      expect(judge.usage).toMatchObject({
        calls: 3,
        judgedFacts: 8,
        cachedFacts: 0,
        dropped: 1,
        notJudged: 0,
      });
      expect(judge.usage.usd).toBeCloseTo((3 * 400 * 1 + 3 * 60 * 2) / 1e6, 10);

      const after = refund(store);
      expect(after.fact('refund-policy')).toEqual({
        key: 'refund-policy',
        supported: 1,
        contradicted: 1,
        notAddressed: 1,
        byModel: 2,
      });
      // The invented quote left the free plan not addressed; the checker's year stands.
      expect(after.fact('free-plan')).toMatchObject({
        supported: 0,
        contradicted: 0,
        notAddressed: 3,
        byModel: 0,
      });
      expect(after.fact('founded')).toMatchObject({ contradicted: 1, byModel: 0 });
      expect(after.figures.judgedBy).toEqual({
        checker: 1,
        models: [{ judge: 'model:openai-compatible:stand-in', verdicts: 2 }],
      });
      expect(after.figures.brands[0]?.discrepancyRate.n).toBe(3);

      // Each verdict's quote is the answer's own text at its offsets.
      const checks = createFactsService({ store })
        .checksOfJobs(store.listRuns().runs.flatMap((r) => store.listJobs(r.id).map((j) => j.id)))
        .filter((x) => x.key === 'refund-policy' && x.verdict !== 'not-addressed');
      expect(checks).toHaveLength(2);
      for (const x of checks) {
        expect(x.checker).toBe('model:openai-compatible:stand-in');
        const text = ANSWERS.find((a) => a.includes(x.evidence?.text ?? '@'));
        expect(text?.slice(x.evidence?.start, x.evidence?.end)).toBe(x.evidence?.text);
      }
      // Nothing is left: a second run has no answer to send.
      expect(estimateFactsCheck(store, c, null)).toMatchObject({ answers: 0, facts: 0 });
    } finally {
      store.close();
    }
  });

  it('pays nothing twice: the same answer text stored again is judged from the cache', async () => {
    const store = history('cache.db', ANSWERS.slice(0, 1));
    try {
      const c = config();
      await runFactsCheck(store, judgeFor(store, c), {
        sinceMs: null,
        concurrency: 1,
        signal: never(),
        total: 1,
      });
      ingest(store, ANSWERS.slice(0, 1));
      const estimate = estimateFactsCheck(store, c, null);
      expect(estimate).toMatchObject({ answers: 1, answersToSend: 0, facts: 0, cachedFacts: 3, usd: 0 });
      const sent = calls();
      const judge = judgeFor(store, c);
      const outcome = await runFactsCheck(store, judge, {
        sinceMs: null,
        concurrency: 1,
        signal: never(),
        total: 1,
      });
      expect(outcome.done).toBe(1);
      expect(calls() - sent).toBe(0);
      expect(judge.usage).toMatchObject({ calls: 0, cachedFacts: 3 });
      expect(refund(store).fact('refund-policy')).toMatchObject({ supported: 2, byModel: 2 });
    } finally {
      store.close();
    }
  });

  it('refuses an estimate above the budget before any call, and stops once a run spends it', async () => {
    const store = history('budget.db', ANSWERS);
    try {
      const tight = config({ budget: 0.0001 });
      const estimate = estimateFactsCheck(store, tight, null);
      expect(estimate.overBudget).toMatch(/above the budget of \$0\.00: nothing was sent/);
      // Within the estimate's budget, but each call spends more than it said: the second one never starts.
      const spend = config({ budget: estimate.usd * 1.5, priceIn: 1_000 });
      const sent = calls();
      const judge = judgeFor(store, spend);
      const stopped = await runFactsCheck(store, judge, {
        sinceMs: null,
        concurrency: 1,
        signal: never(),
        total: 3,
      }).catch((e: unknown) => e);
      expect(stopped).toBeInstanceOf(ModelJudgeStopped);
      expect((stopped as ModelJudgeStopped).reason).toBe('budget');
      expect((stopped as Error).message).toContain('parallax facts check --model');
      expect(calls() - sent).toBe(1);
      // The answer paid for is stored; the two others are left for the next run.
      expect(estimateFactsCheck(store, spend, null).answers).toBe(2);
    } finally {
      store.close();
    }
  });

  it('stops between answers on cancel and carries on where it stopped', async () => {
    const store = history('cancel.db', ANSWERS);
    try {
      const c = config();
      const abort = new AbortController();
      const first = await runFactsCheck(store, judgeFor(store, c), {
        sinceMs: null,
        concurrency: 1,
        signal: abort.signal,
        total: 3,
        onProgress: () => abort.abort(),
      });
      expect(first).toEqual({ outcome: 'canceled', done: 1, total: 3 });
      expect(estimateFactsCheck(store, c, null).answers).toBe(2);
      const sent = calls();
      const rest = await runFactsCheck(store, judgeFor(store, c), {
        sinceMs: null,
        concurrency: 1,
        signal: never(),
        total: 2,
      });
      expect(rest).toEqual({ outcome: 'finished', done: 2, total: 2 });
      expect(calls() - sent).toBe(2);
      expect(refund(store).fact('refund-policy')).toMatchObject({ supported: 1, contradicted: 1 });
    } finally {
      store.close();
    }
  });

  it('gives up on an answer the endpoint keeps failing, writes nothing for it, and asks again next time', async () => {
    const store = history('failing.db', ANSWERS.slice(1, 2));
    try {
      const c = config();
      quiet = true;
      const judge = judgeFor(store, c);
      const outcome = await runFactsCheck(store, judge, {
        sinceMs: null,
        concurrency: 1,
        signal: never(),
        total: 1,
      });
      expect(outcome).toEqual({ outcome: 'finished', done: 0, total: 1 });
      expect(judge.usage.notJudged).toBe(1);
      expect(estimateFactsCheck(store, c, null).answers).toBe(1);
    } finally {
      store.close();
    }
  });

  it('speaks Anthropic’s Messages API through its forced tool', async () => {
    const store = history('anthropic.db', ANSWERS.slice(1, 2));
    try {
      const c = config({ provider: 'anthropic', baseUrl: model.baseUrl });
      const before = model.requests['/v1/messages'] ?? 0;
      await runFactsCheck(store, judgeFor(store, c), {
        sinceMs: null,
        concurrency: 1,
        signal: never(),
        total: 1,
      });
      expect((model.requests['/v1/messages'] ?? 0) - before).toBe(1);
      expect(refund(store).fact('refund-policy')).toMatchObject({ contradicted: 1, byModel: 1 });
    } finally {
      store.close();
    }
  });
});
