import { createHash } from 'node:crypto';
import {
  FACTS_PROMPT_VERSION,
  FACTS_REPLY_JSON_SCHEMA,
  FACTS_SYSTEM_PROMPT,
  FACTS_TOOL,
  factItemId,
  factsPayload,
  factsReplySchema,
  type FactsReply,
} from '../../../../shared/facts/model-contract';
import type { Fact, FactCheck, FactChecker, FactEvidence } from '../../../../shared/facts';
import type { FactsModelUsage } from '../../../../shared/facts/model-check';
import type { BrandDefinition } from '../../../../shared/analytics/brand-types';
import type { ModelJudgeConfig } from '../../../../shared/positioning/model-judge-config';
import type { JudgeRef } from '../../../../shared/positioning/types';
import type { CachedFactVerdict, FactJudgeCacheKey, FactModelItem, HistoryStore } from '../../../history';
import {
  askModel,
  DEFAULT_RETRY,
  copySpend,
  emptyAskState,
  locateQuote,
  parseWith,
  type AskDeps,
  type AskState,
  type ModelCaller,
  type ReplyFormat,
  type RetryPolicy,
  type TokenUsage,
} from '../model';

export type { FactsModelUsage };

// The analyst's model as a judge of brand facts: for one answer, the facts the built-in checker
// left not addressed (or cannot read) go to the model in one call; per fact it answers
// supported, contradicted or not addressed with a quote. Nothing it says is trusted as is: the
// reply is validated, a fact it was not asked about is ignored, and a verdict whose quote is not
// in the answer is dropped (the fact stays not addressed): the model cannot invent evidence; the
// offsets are found here. Each fact's verdict is cached by (answer text hash, brand and fact,
// judge, version) the moment the reply comes back, so nothing is paid for twice. Calls, retries,
// the budget and a stop are the positioning model judge's (askModel).

export interface FactsJudgeCache {
  get(key: FactJudgeCacheKey): CachedFactVerdict | null;
  put(key: FactJudgeCacheKey, value: CachedFactVerdict, tokens: TokenUsage): void;
}

export interface FactsModelJudge {
  readonly ref: JudgeRef;
  readonly usage: FactsModelUsage;
  readonly state: AskState;
  /** The answer's verdicts (the checker's id 'model:…'), or null when it was not judged. */
  judgeAnswer(item: FactModelItem, brands: ReadonlyMap<string, BrandDefinition>): Promise<FactCheck[] | null>;
}

export interface FactsModelJudgeDeps {
  config: ModelJudgeConfig;
  caller: ModelCaller;
  cache: FactsJudgeCache;
  retry?: Partial<RetryPolicy>;
}

/** A quote shorter than this could be found anywhere ("no", "30"): it is no evidence. */
const MIN_QUOTE = 4;

export const FACTS_REPLY: ReplyFormat = {
  name: FACTS_TOOL,
  description: 'Record, for each fact, whether the answer supports, contradicts or does not address it.',
  schema: FACTS_REPLY_JSON_SCHEMA,
};

/** The facts judge's name and version: the model's id, its own prompt's version. */
export function factsJudgeRef(config: Pick<ModelJudgeConfig, 'provider' | 'model'>): JudgeRef {
  return {
    id: `model:${config.provider}:${config.model}`,
    version: `${FACTS_PROMPT_VERSION}+${config.model}`,
  };
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

export function factsBudgetMessage(budget: number, spent: number): string {
  return `the budget of $${budget.toFixed(2)} is spent ($${spent.toFixed(4)} so far): raise it with \`parallax judge set --budget\` and run \`parallax facts check --model\` again to carry on`;
}

/** The cache key of one fact of one brand in one answer text. */
export function factCacheKey(
  input: FactModelItem['input'],
  brand: Pick<BrandDefinition, 'name' | 'aliases'>,
  fact: Fact,
  ref: JudgeRef,
): FactJudgeCacheKey {
  const about = [brand.name, [...brand.aliases].sort(), fact.key, fact.kind, fact.value, fact.words];
  return {
    contentHash: sha256(`${input.format}\n${input.text}`),
    factHash: sha256(JSON.stringify(about)).slice(0, 32),
    judge: ref.id,
    version: ref.version,
  };
}

export const storeFactsJudgeCache = (
  store: Pick<HistoryStore, 'factJudgeCacheGet' | 'factJudgeCachePut'>,
): FactsJudgeCache => ({
  get: (key) => store.factJudgeCacheGet(key),
  put: (key, value, tokens) => store.factJudgeCachePut(key, value, tokens),
});

interface Asked {
  brand: BrandDefinition;
  fact: Fact;
  key: FactJudgeCacheKey;
}

/** The verdict on one fact from the reply, its quote found in the answer or the verdict dropped. */
function verdictOf(reply: FactsReply, asked: Asked, text: string): CachedFactVerdict & { dropped: boolean } {
  const said = reply.checks.find((c) => c.id === factItemId(asked.brand.id, asked.fact.key));
  if (said === undefined || said.verdict === 'not-addressed')
    return { verdict: 'not-addressed', evidence: null, dropped: false };
  const found: FactEvidence | null =
    said.evidence.trim().length < MIN_QUOTE ? null : locateQuote(text, said.evidence);
  return found === null
    ? { verdict: 'not-addressed', evidence: null, dropped: true }
    : { verdict: said.verdict, evidence: found, dropped: false };
}

export function createFactsModelJudge(deps: FactsModelJudgeDeps): FactsModelJudge {
  const { config, caller, cache } = deps;
  const ref = factsJudgeRef(config);
  const checker: FactChecker = `model:${config.provider}:${config.model}`;
  const state = emptyAskState();
  const ask: AskDeps = {
    config,
    caller,
    policy: { ...DEFAULT_RETRY, ...deps.retry },
    budgetMessage: factsBudgetMessage,
  };
  const usage: FactsModelUsage = {
    calls: 0,
    judgedFacts: 0,
    cachedFacts: 0,
    dropped: 0,
    notJudged: 0,
    inputTokens: 0,
    outputTokens: 0,
    usd: 0,
  };
  const sync = (): void => copySpend(state, usage);
  const check = (a: Asked, v: CachedFactVerdict): FactCheck => ({
    brandId: a.brand.id,
    key: a.fact.key,
    verdict: v.verdict,
    evidence: v.evidence,
    checker,
  });

  return {
    ref,
    usage,
    state,
    async judgeAnswer(item, brands) {
      const checks: FactCheck[] = [];
      const toAsk: Asked[] = [];
      for (const { brandId, fact } of item.facts) {
        const brand = brands.get(brandId);
        if (brand === undefined) continue;
        const asked = { brand, fact, key: factCacheKey(item.input, brand, fact, ref) };
        const cached = cache.get(asked.key);
        if (cached === null) toAsk.push(asked);
        else {
          usage.cachedFacts += 1;
          checks.push(check(asked, cached));
        }
      }
      if (toAsk.length === 0) return checks;
      const prompt = {
        system: FACTS_SYSTEM_PROMPT,
        user: factsPayload(item.input, toAsk),
        reply: FACTS_REPLY,
      };
      const outcome = await askModel(ask, state, prompt, (content) => parseWith(content, factsReplySchema));
      sync();
      if ('failed' in outcome) {
        if (outcome.gaveUp) usage.notJudged += 1;
        return null;
      }
      const share = {
        input: Math.round(outcome.usage.input / toAsk.length),
        output: Math.round(outcome.usage.output / toAsk.length),
      };
      for (const asked of toAsk) {
        const { dropped, ...verdict } = verdictOf(outcome.value, asked, item.input.text);
        if (dropped) usage.dropped += 1;
        usage.judgedFacts += 1;
        cache.put(asked.key, verdict, share);
        checks.push(check(asked, verdict));
      }
      return checks;
    },
  };
}
