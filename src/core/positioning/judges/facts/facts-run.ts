import type { BrandDefinition } from '../../../../shared/analytics/brand-types';
import {
  FACTS_REPLY_JSON_SCHEMA,
  FACTS_SYSTEM_PROMPT,
  factsPayload,
} from '../../../../shared/facts/model-contract';
import type { ModelJudgeConfig } from '../../../../shared/positioning/model-judge-config';
import type { FactsCheckEstimate } from '../../../../shared/facts/model-check';
import type { FactModelItem, HistoryStore } from '../../../history';
import { mapLimited, ModelJudgeStopped, tokensOfChars, usdOf } from '../model';
import { factCacheKey, factsJudgeRef, type FactsModelJudge } from './facts-judge';

export type { FactsCheckEstimate };

// `parallax facts check --model` and the Facts panel's "Check with your model…": before any call,
// the answers and facts left for the model (the facts the checker left not addressed in answers
// fetched since a day, that this model has not judged) and what they will cost, those the cache
// holds free; then the run, a batch of answers at a time, each answer's verdicts written as it
// comes back, with progress, a stop between answers (cancel) and the budget's stop. A run that
// stopped carries on where it stopped: what was written is no longer left, what was paid for is
// in the cache.

export type FactsRunStore = Pick<
  HistoryStore,
  'factModelWork' | 'writeFactModelChecks' | 'factJudgeCacheGet' | 'factJudgeCachePut' | 'listBrands'
>;

/** Answers read per batch, and asked at once at most `concurrency` at a time. */
export const FACTS_BATCH = 20;
/** Output tokens per fact asked (its id, verdict and a quote) and per reply. */
const OUTPUT_TOKENS_PER_FACT = 60;
const OUTPUT_TOKENS_PER_REPLY = 10;
const FIXED_CHARS = FACTS_SYSTEM_PROMPT.length + JSON.stringify(FACTS_REPLY_JSON_SCHEMA).length;

export interface FactsCheckProgress {
  done: number;
  total: number;
}

export interface FactsCheckOutcome {
  outcome: 'finished' | 'canceled';
  /** Answers whose verdicts were written. */
  done: number;
  total: number;
}

function brandMap(store: FactsRunStore): Map<string, BrandDefinition> {
  return new Map(store.listBrands().map((b) => [b.id, b]));
}

/** Every answer left for the model, a batch at a time. */
function* eachWork(store: FactsRunStore, judge: string, sinceMs: number | null): Generator<FactModelItem[]> {
  let after = -1;
  for (;;) {
    const batch = store.factModelWork(judge, { after, sinceMs, max: 500 });
    if (batch.items.length > 0) yield batch.items;
    if (batch.finished) return;
    after = batch.last;
  }
}

export function estimateFactsCheck(
  store: FactsRunStore,
  config: ModelJudgeConfig,
  sinceMs: number | null,
): FactsCheckEstimate {
  const ref = factsJudgeRef(config);
  const brands = brandMap(store);
  const e = { answers: 0, answersToSend: 0, facts: 0, cachedFacts: 0, inputTokens: 0, outputTokens: 0 };
  for (const items of eachWork(store, ref.id, sinceMs))
    for (const item of items) {
      e.answers += 1;
      const toAsk = item.facts
        .map(({ brandId, fact }) => ({ brand: brands.get(brandId), fact }))
        .filter((a): a is { brand: BrandDefinition; fact: FactModelItem['facts'][number]['fact'] } => {
          if (a.brand === undefined) return false;
          const hit = store.factJudgeCacheGet(factCacheKey(item.input, a.brand, a.fact, ref)) !== null;
          if (hit) e.cachedFacts += 1;
          return !hit;
        });
      if (toAsk.length === 0) continue;
      e.answersToSend += 1;
      e.facts += toAsk.length;
      e.inputTokens += tokensOfChars(config.provider, FIXED_CHARS + factsPayload(item.input, toAsk).length);
      e.outputTokens += OUTPUT_TOKENS_PER_REPLY + toAsk.length * OUTPUT_TOKENS_PER_FACT;
    }
  const usd = usdOf(config, { input: e.inputTokens, output: e.outputTokens });
  const overBudget =
    config.budget !== null && usd > config.budget
      ? `The estimate ($${usd.toFixed(2)} for ${e.facts.toLocaleString('en')} facts in ${e.answersToSend.toLocaleString('en')} answers) is above the budget of $${config.budget.toFixed(2)}: nothing was sent. Raise it with \`parallax judge set --budget\`, or check fewer answers with --since.`
      : null;
  return { judge: ref, ...e, usd, budget: config.budget, overBudget };
}

/**
 * Judges every answer left, writing each one's verdicts as it comes back. Stops between answers
 * when `signal` aborts ('canceled'); throws ModelJudgeStopped when the budget is spent or the
 * endpoint refuses the key (what was judged so far is written).
 */
export async function runFactsCheck(
  store: FactsRunStore,
  judge: FactsModelJudge,
  options: {
    sinceMs: number | null;
    concurrency: number;
    signal: AbortSignal;
    total: number;
    onProgress?: (p: FactsCheckProgress) => void;
  },
): Promise<FactsCheckOutcome> {
  const brands = brandMap(store);
  let done = 0;
  let after = -1;
  for (;;) {
    if (options.signal.aborted) return { outcome: 'canceled', done, total: options.total };
    const batch = store.factModelWork(judge.ref.id, { after, sinceMs: options.sinceMs, max: FACTS_BATCH });
    await mapLimited(batch.items, options.concurrency, async (item) => {
      if (options.signal.aborted || judge.state.stopped !== null) return;
      const checks = await judge.judgeAnswer(item, brands);
      if (checks === null) return;
      store.writeFactModelChecks(item.seq, item.jobId, checks, batch.version);
      done += 1;
      options.onProgress?.({ done, total: options.total });
    });
    if (judge.state.stopped !== null) throw judge.state.stopped;
    if (batch.finished) break;
    after = batch.last;
  }
  return options.signal.aborted
    ? { outcome: 'canceled', done, total: options.total }
    : { outcome: 'finished', done, total: options.total };
}

export { ModelJudgeStopped };
