import { createHash } from 'node:crypto';
import { judgePayload, MODEL_SYSTEM_PROMPT } from '../../../../shared/positioning/model-contract';
import type { BrandPositioning, JudgeInput, JudgeRef } from '../../../../shared/positioning/types';
import type { JudgeCacheKey, JudgeVerdict } from '../../../history';
import type { RescoreJudge } from '../../positioning';
import { ModelCallError, type ModelCaller, type TokenUsage } from './caller';
import { modelJudgeRef, type ModelJudgeConfig } from '../../../../shared/positioning/model-judge-config';
import { usdOf } from './cost';
import { backoffMs, DEFAULT_RETRY, type RetryPolicy } from './retry';
import { InvalidReply, parseReply, toPositionings } from './verdict';

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

/** The re-score stopped on purpose: the budget is spent, or the endpoint refuses every call. */
export class ModelJudgeStopped extends Error {
  override readonly name = 'ModelJudgeStopped';
  constructor(
    message: string,
    readonly reason: 'budget' | 'endpoint',
  ) {
    super(message);
  }
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

const NEVER = new AbortController().signal;

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
async function mapLimited<T, R>(
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
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...deps.retry };
  const usage: ModelJudgeUsage = {
    calls: 0,
    cachedAnswers: 0,
    notScored: 0,
    inputTokens: 0,
    outputTokens: 0,
    usd: 0,
  };
  let stopped: ModelJudgeStopped | null = null;

  const spentAll = (): boolean => config.budget !== null && usage.usd >= config.budget;

  function count(tokens: TokenUsage): void {
    usage.calls += 1;
    usage.inputTokens += tokens.input;
    usage.outputTokens += tokens.output;
    usage.usd = usdOf(config, { input: usage.inputTokens, output: usage.outputTokens });
  }

  /** One try: the positionings, or an error saying why not (thrown: a call failure). */
  async function attempt(input: JudgeInput): Promise<BrandPositioning[]> {
    // Calls are not aborted by a stop: the batch under way finishes (it is small) and is written,
    // so what it paid for lands in the history, not only in the cache.
    const outcome = await caller.call({ system: MODEL_SYSTEM_PROMPT, user: judgePayload(input) }, NEVER);
    count(outcome.usage);
    if (outcome.kind === 'refusal') throw new InvalidReply(`the model refused: ${outcome.reason}`);
    return toPositionings(parseReply(outcome.content), input, ref);
  }

  async function judgeOne(input: JudgeInput): Promise<JudgeVerdict> {
    const key = cacheKeyOf(input, ref);
    const cached = cache.get(key);
    if (cached !== null) {
      usage.cachedAnswers += 1;
      return cached.map((p) => ({ ...p, judge: ref }));
    }
    for (let tries = 1; ; tries += 1) {
      if (stopped !== null) return { notScored: stopped.message };
      if (spentAll()) {
        stopped = new ModelJudgeStopped(budgetMessage(config.budget ?? 0, usage.usd), 'budget');
        return { notScored: stopped.message };
      }
      const before = { input: usage.inputTokens, output: usage.outputTokens };
      try {
        const positionings = await attempt(input);
        cache.put(key, positionings, {
          input: usage.inputTokens - before.input,
          output: usage.outputTokens - before.output,
        });
        return positionings;
      } catch (error) {
        const failure = error instanceof InvalidReply ? error : asCallError(error, caller.label);
        if (failure instanceof ModelCallError && !failure.retryable) {
          stopped = new ModelJudgeStopped(failure.message, 'endpoint');
          return { notScored: failure.message };
        }
        const wait = backoffMs(policy, tries, failure);
        if (wait === null) {
          usage.notScored += 1;
          return { notScored: `${failure.message} (after ${tries} ${tries === 1 ? 'try' : 'tries'})` };
        }
        await policy.sleep(wait);
      }
    }
  }

  return {
    ref,
    usage,
    async judgeBatch(inputs) {
      const verdicts = await mapLimited(inputs, config.concurrency, (input) => judgeOne(input));
      // Answers left unjudged by a stop are not written as "not scored": the batch is dropped
      // (what was paid for is in the cache) and the job resumes from it.
      if (stopped !== null) throw stopped;
      return verdicts;
    },
  };
}

function asCallError(error: unknown, label: string): ModelCallError {
  return error instanceof ModelCallError
    ? error
    : new ModelCallError(`${label}: ${error instanceof Error ? error.message : String(error)}`, false);
}

export function budgetMessage(budget: number, spent: number): string {
  return `the budget of $${budget.toFixed(2)} is spent ($${spent.toFixed(4)} so far): raise it with \`parallax judge set --budget\` and run the re-score again to carry on`;
}
