import { createHash } from 'node:crypto';
import { judgePayload, MODEL_SYSTEM_PROMPT } from '../../../../shared/positioning/model-contract';
import type { BrandPositioning, JudgeInput, JudgeRef } from '../../../../shared/positioning/types';
import type { JudgeCacheKey, JudgeVerdict } from '../../../history';
import type { RescoreJudge } from '../../positioning';
import { askModel, copySpend, emptyAskState, ModelJudgeStopped, type AskDeps } from './ask';
import type { ModelCaller, TokenUsage } from './caller';
import { modelJudgeRef, type ModelJudgeConfig } from '../../../../shared/positioning/model-judge-config';
import { DEFAULT_RETRY, type RetryPolicy } from './retry';
import { parseReply, toPositionings } from './verdict';

export { ModelJudgeStopped };

// A language model as a re-score judge (RescoreJudge): each answer of a batch goes to the model
// with at most `concurrency` calls at once; what comes back is validated (verdict.ts). A refusal,
// a reply that is not the contract's JSON, a 429, a 5xx or a timeout is retried (retry.ts), then
// the answer is "not scored" with the reason, never given a guessed label. A wrong key or model
// stops the re-score (ModelJudgeStopped; the job stays resumable). Every answer judged is cached
// by (answer text hash, brand set, judge, version) the moment it comes back, so nothing is paid
// for twice: not on a second re-score, not after a crash mid-batch. Spending is counted from
// the tokens the provider reports; once it reaches the budget no further call starts and the
// re-score stops after the batch (resumable with a larger budget).

export interface JudgeCache {
  get(key: JudgeCacheKey): BrandPositioning[] | null;
  put(key: JudgeCacheKey, positionings: readonly BrandPositioning[], usage: TokenUsage): void;
}

export interface ModelJudgeUsage {
  calls: number;
  cachedAnswers: number;
  notScored: number;
  inputTokens: number;
  outputTokens: number;
  usd: number;
}

export interface ModelJudgeDeps {
  config: ModelJudgeConfig;
  caller: ModelCaller;
  cache: JudgeCache;
  retry?: Partial<RetryPolicy>;
}

export interface ModelJudge extends RescoreJudge {
  readonly usage: ModelJudgeUsage;
  /** A model's verdicts are objects (counted per reason by the driver), never compact. */
  judgeBatch(inputs: readonly JudgeInput[], signal: AbortSignal): Promise<readonly JudgeVerdict[]>;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

export function cacheKeyOf(input: JudgeInput, ref: JudgeRef): JudgeCacheKey {
  const brands = input.brands.map((b) => [b.id, b.name, [...b.aliases].sort()]);
  return {
    contentHash: sha256(`${input.format}\n${input.text}`),
    brandSet: sha256(JSON.stringify(brands)).slice(0, 32),
    judge: ref.id,
    version: ref.version,
  };
}

/** Runs `work` over the items with at most `limit` at once, results in order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

export function createModelJudge(deps: ModelJudgeDeps): ModelJudge {
  const { config, caller, cache } = deps;
  const ref = modelJudgeRef(config);
  const state = emptyAskState();
  const ask: AskDeps = { config, caller, policy: { ...DEFAULT_RETRY, ...deps.retry }, budgetMessage };
  const usage: ModelJudgeUsage = {
    calls: 0,
    cachedAnswers: 0,
    notScored: 0,
    inputTokens: 0,
    outputTokens: 0,
    usd: 0,
  };
  const sync = (): void => copySpend(state, usage);

  async function judgeOne(input: JudgeInput): Promise<JudgeVerdict> {
    const key = cacheKeyOf(input, ref);
    const cached = cache.get(key);
    if (cached !== null) {
      usage.cachedAnswers += 1;
      return cached.map((p) => ({ ...p, judge: ref }));
    }
    const prompt = { system: MODEL_SYSTEM_PROMPT, user: judgePayload(input) };
    const outcome = await askModel(ask, state, prompt, (content) =>
      toPositionings(parseReply(content), input, ref),
    );
    sync();
    if ('failed' in outcome) {
      if (outcome.gaveUp) usage.notScored += 1;
      return { notScored: outcome.failed };
    }
    cache.put(key, outcome.value, outcome.usage);
    return outcome.value;
  }

  return {
    ref,
    usage,
    async judgeBatch(inputs) {
      const verdicts = await mapLimited(inputs, config.concurrency, (input) => judgeOne(input));
      // Answers left unjudged by a stop are not written as "not scored": the batch is dropped
      // (what was paid for is in the cache) and the job resumes from it.
      if (state.stopped !== null) throw state.stopped;
      return verdicts;
    },
  };
}

export function budgetMessage(budget: number, spent: number): string {
  return `the budget of $${budget.toFixed(2)} is spent ($${spent.toFixed(4)} so far): raise it with \`parallax judge set --budget\` and run the re-score again to carry on`;
}
