import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createModelCaller,
  createModelJudge,
  estimateTokens,
  ModelJudgeStopped,
  type JudgeCache,
  type ModelJudgeConfig,
} from '../../../src/core/positioning/judges/model';
import { isNotScored, type JudgeVerdict } from '../../../src/core/history';
import { writtenPositioning } from '../../../src/sandbox/engines/positioning';
import type { Answer } from '../../../src/sandbox/engines/answer';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index';
import type { BrandDefinition } from '../../../src/shared/analytics/brand-types';
import type { BrandPositioning, JudgeInput } from '../../../src/shared/positioning/types';
import { answer } from '../../support/sandbox-positioning';

// The model judge over real HTTP through the real SDKs (openai, @anthropic-ai/sdk), the sandbox
// playing the model (/v1/chat/completions, /v1/messages) and answering from the positioning it
// wrote into its own answers: labels equal the sandbox's ground truth; a reply that is not JSON,
// a 429, a refusal and a timeout are retried, then the answer is not scored with the reason; a
// wrong key stops the re-score; a cached answer costs no call.

const CHAT = 'POST /v1/chat/completions';
const MESSAGES = 'POST /v1/messages';
const ABSENT: BrandDefinition = {
  id: 'absent',
  name: 'Nowhere Gear',
  kind: 'brand',
  aliases: [],
  domains: [],
};

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 1, rateLimit: 10_000 });
});
afterAll(() => sandbox.close());

function brandsOf(a: Answer): BrandDefinition[] {
  return [
    ...a.positioning.plan.map((p, i) => ({
      id: `b${i}`,
      name: p.name,
      kind: 'competitor' as const,
      aliases: [],
      domains: [],
    })),
    ABSENT,
  ];
}

const ANSWERS: Answer[] = [
  answer({ engine: 'assistant-a', prompt: 'best running shoes for beginners', country: 'US' }),
  answer({ engine: 'assistant-b', prompt: 'Laufschuhe Test', country: 'DE' }),
  answer({ engine: 'assistant-c', prompt: 'best laptops 2026', country: 'FR' }),
  answer({ engine: 'assistant-d', prompt: 'ランニングシューズ おすすめ', country: 'JP' }),
  answer({ engine: 'search-ai', prompt: 'smartphone news this week', country: 'ES' }),
];
const inputOf = (a: Answer): JudgeInput => ({
  text: a.markdown,
  format: 'markdown',
  language: null,
  brands: brandsOf(a),
});

function config(over: Partial<ModelJudgeConfig> = {}): ModelJudgeConfig {
  return {
    provider: 'openai-compatible',
    model: 'sandbox-judge',
    baseUrl: `${sandbox.baseUrl}/v1`,
    apiVersion: null,
    priceIn: 0.5,
    priceOut: 1.5,
    budget: null,
    concurrency: 3,
    ...over,
  };
}

function memoryCache(): JudgeCache & { size(): number } {
  const rows = new Map<string, BrandPositioning[]>();
  const k = (key: Parameters<JudgeCache['get']>[0]) => JSON.stringify(key);
  return {
    get: (key) => rows.get(k(key)) ?? null,
    put: (key, p) => void rows.set(k(key), [...p]),
    size: () => rows.size,
  };
}

function judgeWith(over: Partial<ModelJudgeConfig> = {}, cache = memoryCache(), key = sandbox.apiKey) {
  const c = config(over);
  return createModelJudge({
    config: c,
    caller: createModelCaller(c, key, { timeoutMs: 5_000 }),
    cache,
    retry: { baseMs: 5, capMs: 20 },
  });
}

const requests = (template: string): number => sandbox.stats().requests[template] ?? 0;

function expectGroundTruth(verdicts: readonly JudgeVerdict[], inputs: readonly JudgeInput[]): void {
  verdicts.forEach((v, i) => {
    const a = ANSWERS[i] as Answer;
    const input = inputs[i] as JudgeInput;
    if (isNotScored(v)) throw new Error(`answer ${i} not scored: ${v.notScored}`);
    const truth = writtenPositioning(a, input.brands, 'markdown');
    expect(truth.length).toBeGreaterThan(0);
    expect(v.map((p) => [p.brandId, p.status, p.sentiment.label])).toEqual(
      truth.map((p) => [p.brandId, p.status, p.sentiment.label]),
    );
    expect(v.some((p) => p.brandId === ABSENT.id)).toBe(false);
    for (const p of v) {
      expect(p.judge.id).toBe('model:openai-compatible:sandbox-judge');
      expect(p.evidence.length).toBeGreaterThan(0);
      for (const e of p.evidence) expect(input.text.slice(e.start, e.end)).toBe(e.text);
    }
  });
}

describe('model judge against the sandbox as a model', () => {
  it('labels answers as the sandbox wrote them (OpenAI-compatible, json_schema)', async () => {
    const judge = judgeWith();
    const before = requests(CHAT);
    const inputs = ANSWERS.map(inputOf);
    const verdicts = await judge.judgeBatch(inputs, new AbortController().signal);
    expectGroundTruth(verdicts, inputs);
    expect(requests(CHAT) - before).toBe(ANSWERS.length);
    expect(judge.usage.calls).toBe(ANSWERS.length);
    expect(judge.usage.inputTokens).toBeGreaterThan(0);
    expect(judge.usage.usd).toBeGreaterThan(0);
    // The estimate errs high, within reason, against the tokens the endpoint reported.
    const est = inputs.reduce(
      (sum, input, i) => {
        const t = estimateTokens('openai-compatible', input, (verdicts[i] as BrandPositioning[]).length);
        return { input: sum.input + t.input, output: sum.output + t.output };
      },
      { input: 0, output: 0 },
    );
    console.info(
      `estimate vs actual (sandbox answers): input ${est.input} vs ${judge.usage.inputTokens}, output ${est.output} vs ${judge.usage.outputTokens}`,
    );
    expect(est.input).toBeGreaterThanOrEqual(judge.usage.inputTokens);
    expect(est.input).toBeLessThan(judge.usage.inputTokens * 1.5);
  });

  it('labels answers through Anthropic’s SDK and forced tool use (/v1/messages)', async () => {
    const c = config({ provider: 'anthropic', model: 'sandbox-judge', baseUrl: sandbox.baseUrl });
    const judge = createModelJudge({
      config: c,
      caller: createModelCaller(c, sandbox.apiKey, { timeoutMs: 5_000 }),
      cache: memoryCache(),
    });
    const before = requests(MESSAGES);
    const inputs = ANSWERS.map(inputOf);
    const verdicts = await judge.judgeBatch(inputs, new AbortController().signal);
    expect(requests(MESSAGES) - before).toBe(ANSWERS.length);
    const relabel = verdicts.map((v) =>
      isNotScored(v)
        ? v
        : v.map((p) => ({ ...p, judge: { ...p.judge, id: 'model:openai-compatible:sandbox-judge' } })),
    );
    expectGroundTruth(relabel, inputs);
    expect(judge.ref.id).toBe('model:anthropic:sandbox-judge');
  });

  it('retries a reply that is not JSON, then scores the answer', async () => {
    sandbox.scriptFault({ path: '/v1/chat/completions', fault: 'invalid-json' });
    const judge = judgeWith();
    const before = requests(CHAT);
    const verdicts = await judge.judgeBatch([inputOf(ANSWERS[0] as Answer)], new AbortController().signal);
    expectGroundTruth(verdicts, [inputOf(ANSWERS[0] as Answer)]);
    expect(requests(CHAT) - before).toBe(2);
  });

  it('retries a 429, then scores the answer', async () => {
    sandbox.scriptFault({ path: '/v1/chat/completions', fault: '429' });
    const judge = judgeWith();
    const before = requests(CHAT);
    const verdicts = await judge.judgeBatch([inputOf(ANSWERS[0] as Answer)], new AbortController().signal);
    expectGroundTruth(verdicts, [inputOf(ANSWERS[0] as Answer)]);
    expect(requests(CHAT) - before).toBe(2);
  });

  it('marks an answer the model keeps refusing "not scored" with the reason', async () => {
    sandbox.scriptFault({ path: '/v1/chat/completions', fault: 'refusal', times: 4 });
    const judge = judgeWith();
    const [v] = await judge.judgeBatch([inputOf(ANSWERS[1] as Answer)], new AbortController().signal);
    expect(v).toEqual({
      notScored: expect.stringMatching(/^the model refused: I can’t help.*\(after 4 tries\)$/),
    });
    expect(judge.usage.notScored).toBe(1);
  });

  it('marks an answer whose calls keep timing out "not scored" with the reason', async () => {
    sandbox.scriptFault({ path: '/v1/chat/completions', fault: 'slow', slowMs: 1_500, times: 2 });
    const c = config();
    const judge = createModelJudge({
      config: c,
      caller: createModelCaller(c, sandbox.apiKey, { timeoutMs: 250 }),
      cache: memoryCache(),
      retry: { attempts: 2, baseMs: 5, capMs: 20 },
    });
    const [v] = await judge.judgeBatch([inputOf(ANSWERS[2] as Answer)], new AbortController().signal);
    expect(v).toEqual({ notScored: expect.stringMatching(/did not answer in time \(after 2 tries\)$/) });
  });

  it('stops the re-score when the endpoint refuses the key (every answer would fail)', async () => {
    const judge = judgeWith({}, memoryCache(), `sk_${'x'.repeat(40)}`);
    const run = judge.judgeBatch(ANSWERS.map(inputOf), new AbortController().signal);
    await expect(run).rejects.toBeInstanceOf(ModelJudgeStopped);
    await expect(run).rejects.toThrow(/refused the key \(HTTP 401\)/);
  });

  it('stops once the tokens reported spend the budget, keeping what was paid for in the cache', async () => {
    const cache = memoryCache();
    const judge = judgeWith({ budget: 0.002, concurrency: 1 }, cache);
    const before = requests(CHAT);
    const run = judge.judgeBatch(ANSWERS.map(inputOf), new AbortController().signal);
    await expect(run).rejects.toMatchObject({ name: 'ModelJudgeStopped', reason: 'budget' });
    const made = requests(CHAT) - before;
    expect(made).toBeGreaterThan(0);
    expect(made).toBeLessThan(ANSWERS.length);
    expect(judge.usage.usd).toBeGreaterThanOrEqual(0.002);
    expect(cache.size()).toBe(made);
  });

  it('pays nothing for an answer already judged (the cache), the same text and brands', async () => {
    const cache = memoryCache();
    const inputs = ANSWERS.map(inputOf);
    await judgeWith({}, cache).judgeBatch(inputs, new AbortController().signal);
    expect(cache.size()).toBe(ANSWERS.length);
    const before = requests(CHAT);
    const again = judgeWith({}, cache);
    const verdicts = await again.judgeBatch(inputs, new AbortController().signal);
    expect(requests(CHAT) - before).toBe(0);
    expect(again.usage).toMatchObject({ calls: 0, cachedAnswers: ANSWERS.length });
    expectGroundTruth(verdicts, inputs);
  });
});
