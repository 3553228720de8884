import { compileBrandMatcher, findBrandMentions } from '../../../../shared/analytics/brand-matcher';
import { BUILTIN_JUDGE_REF, type JudgeRef } from '../../../../shared/positioning';
import { type ModelJudgeConfig, modelJudgeRef } from '../../../../shared/positioning/model-judge-config';
import type { HistoryStore, RescoreJob } from '../../../history';
import { addToEstimate, emptyEstimate, type CostEstimate } from './cost';
import { budgetMessage, cacheKeyOf, type JudgeCache } from './model-judge';

// The model judge's re-score, before any call: the job (the pending one of this judge resumed,
// or a new one over the answers asked for), what it will cost (the answers still to judge that
// the cache does not hold, at the configured prices), and the budget's verdict. Shared by
// `parallax positioning rescore --judge model` and the app.

type Store = Pick<
  HistoryStore,
  | 'posEnsureCurrent'
  | 'posRescoreState'
  | 'posRescoreStart'
  | 'posRescoreResume'
  | 'posRescoreRead'
  | 'judgeCacheGet'
  | 'judgeCachePut'
>;

export class ModelRescoreRefused extends Error {
  override readonly name = 'ModelRescoreRefused';
}

export interface ModelRescorePlan {
  job: RescoreJob;
  /** A new job (not one resumed). */
  fresh: boolean;
  ref: JudgeRef;
  /** Answers still to judge and their cost; those the cache holds cost nothing and are not counted. */
  estimate: CostEstimate;
  /** Answers of the job the cache already holds. */
  cached: number;
  /** Null when within the budget (or none is set); else why the re-score is refused. */
  overBudget: string | null;
}

export function storeJudgeCache(store: Pick<Store, 'judgeCacheGet' | 'judgeCachePut'>): JudgeCache {
  return {
    get: (key) => store.judgeCacheGet(key),
    put: (key, positionings, usage) => store.judgeCachePut(key, positionings, usage),
  };
}

/** The job to run: this judge's pending one resumed, or a new one (refused while another judge's is pending). */
function chooseJob(store: Store, ref: JudgeRef, fromDay: number | null): { job: RescoreJob; fresh: boolean } {
  store.posEnsureCurrent();
  const pending = store.posRescoreState().job;
  if (pending !== null && (pending.judge !== ref.id || pending.version !== ref.version)) {
    const how = pending.judge === BUILTIN_JUDGE_REF.id ? ': run `parallax positioning rescore` first' : '';
    throw new ModelRescoreRefused(
      `A re-score with the judge ${pending.judge} ${pending.version} is pending (${pending.done} of ${pending.total})${how}`,
    );
  }
  if (pending !== null && fromDay === null) return { job: store.posRescoreResume() ?? pending, fresh: false };
  const job = store.posRescoreStart({ judge: ref.id, version: ref.version, fromDay, force: true });
  return { job, fresh: pending === null || job.startedAt !== pending.startedAt };
}

/** Walks the job's remaining answers (read only) and prices those the cache does not hold. */
export function estimateJob(
  store: Store,
  config: ModelJudgeConfig,
  ref: JudgeRef,
): { estimate: CostEstimate; cached: number } {
  let estimate = emptyEstimate();
  let cached = 0;
  let after: number | undefined;
  for (;;) {
    const batch = store.posRescoreRead(500, after);
    if (batch === null) break;
    const matcher = compileBrandMatcher(batch.brands);
    const toJudge = batch.items
      .map((item) => item.input)
      .filter((input) => {
        const hit = store.judgeCacheGet(cacheKeyOf(input, ref)) !== null;
        if (hit) cached += 1;
        return !hit;
      })
      .map((input) => ({
        input,
        named: new Set(findBrandMentions(matcher, input.text).map((m) => m.brandId)).size,
      }));
    estimate = addToEstimate(estimate, config, toJudge);
    if (batch.finished) break;
    after = batch.last;
  }
  return { estimate, cached };
}

export function planModelRescore(
  store: Store,
  config: ModelJudgeConfig,
  fromDay: number | null,
): ModelRescorePlan {
  const ref = modelJudgeRef(config);
  const { job, fresh } = chooseJob(store, ref, fromDay);
  const { estimate, cached } = estimateJob(store, config, ref);
  const overBudget =
    config.budget !== null && estimate.usd > config.budget
      ? `The estimate ($${estimate.usd.toFixed(2)} for ${estimate.answers.toLocaleString('en')} answers) is above the budget of $${config.budget.toFixed(2)}: nothing was sent. Raise it with \`parallax judge set --budget\`, or re-score fewer answers with --since.`
      : null;
  return { job, fresh, ref, estimate, cached, overBudget };
}

export { budgetMessage };
