import { BUILTIN_JUDGE_REF } from '../../../shared/positioning';
import type { RescoreEstimateView, RescoreJudgeKind } from '../../../shared/positioning/rescore-app';
import type { RescoreStatus } from '../../../shared/positioning/view-types';
import { AppError } from '../../platform';
import { rescoreStatus, type RescoreDriver } from '../positioning';
import type { HistoryStore, RescoreJob } from '../../history';
import { isoDay } from '../../analysis';
import type { ModelRescoreDriver } from './model/model-rescore-driver';

// The app's "Re-score history…" (positioning.rescore.* channels) over both judges: the built-in
// one (the background driver on worker threads, src/core/positioning/positioning/rescore-driver.ts) and the
// analyst's model (model-rescore-driver.ts). The estimate comes first and records the job paused,
// so Confirm starts exactly what was priced and a stopped re-score is offered for Resume; one
// judge's pending job is never replaced silently by another's.

const DAY_MS = 86_400_000;

export interface RescoreControl {
  status(): RescoreStatus;
  estimate(kind: RescoreJudgeKind, days: number | undefined): RescoreEstimateView;
  start(kind: RescoreJudgeKind, days: number | undefined): Promise<RescoreStatus>;
  cancel(): Promise<RescoreStatus>;
  /** Forgets a paused re-score (one estimated and not wanted); what it wrote stays. */
  discard(): RescoreStatus;
}

export interface RescoreControlDeps {
  store: HistoryStore;
  builtin: RescoreDriver;
  model: ModelRescoreDriver;
  /** The model judge's budget (null: none, or no model judge). */
  budget: () => number | null;
  now: () => number;
}

function fromDayOf(days: number | undefined, now: number): number | null {
  return days === undefined ? null : Math.floor(now / DAY_MS) - days + 1;
}

function refuseOtherJudge(store: HistoryStore, judge: string): void {
  const pending = store.posRescoreState().job;
  if (pending !== null && pending.judge !== judge)
    throw new AppError(
      'RESCORE_REFUSED',
      `A re-score with the judge ${pending.judge} ${pending.version} is pending (${pending.done.toLocaleString('en')} of ${pending.total.toLocaleString('en')} answers): resume it with that judge, or discard it first.`,
      { details: { judge: pending.judge } },
    );
}

/**
 * The built-in judge's re-score to run, for the app and the CLI alike: the pending one, as it
 * is, when no period is named (a stopped re-score carries on, never re-aimed at all answers),
 * else a new one over the days from `fromDay` (null: all). Another judge's pending re-score is
 * refused (RESCORE_REFUSED), never replaced silently. `fresh`: a new job, not the pending one.
 */
export function chooseBuiltinRescore(
  store: HistoryStore,
  fromDay: number | null,
): { job: RescoreJob; fresh: boolean } {
  store.posEnsureCurrent();
  refuseOtherJudge(store, BUILTIN_JUDGE_REF.id);
  const pending = store.posRescoreState().job;
  if (pending !== null && fromDay === null) return { job: store.posRescoreResume() ?? pending, fresh: false };
  const job = store.posRescoreStart({ fromDay });
  return { job, fresh: pending === null || job.startedAt !== pending.startedAt };
}

/** The built-in judge's job an estimate prices: chosen as a run would choose it, recorded paused. */
function builtinJob(store: HistoryStore, fromDay: number | null): { job: RescoreJob; fresh: boolean } {
  const chosen = chooseBuiltinRescore(store, fromDay);
  store.posRescorePause();
  return chosen;
}

export function createRescoreControl(deps: RescoreControlDeps): RescoreControl {
  const { store, builtin, model } = deps;
  const running = (): boolean => builtin.running || model.running;
  const status = (): RescoreStatus => ({ ...rescoreStatus(store, running()), model: model.spent() });
  const refuseWhileRunning = (): void => {
    if (running()) throw new AppError('RESCORE_RUNNING', 'A re-score is running: stop it first.');
  };

  function estimate(kind: RescoreJudgeKind, days: number | undefined): RescoreEstimateView {
    refuseWhileRunning();
    const fromDay = fromDayOf(days, deps.now());
    if (kind === 'model') {
      const plan = model.estimate(fromDay);
      return {
        kind,
        judge: plan.ref,
        resuming: !plan.fresh,
        done: plan.job.done,
        total: plan.job.total,
        from: plan.job.fromDay === null ? null : isoDay(plan.job.fromDay),
        ...plan.estimate,
        cached: plan.cached,
        budget: deps.budget(),
        overBudget: plan.overBudget,
      };
    }
    const { job, fresh } = builtinJob(store, fromDay);
    return {
      kind,
      judge: BUILTIN_JUDGE_REF,
      resuming: !fresh,
      done: job.done,
      total: job.total,
      from: job.fromDay === null ? null : isoDay(job.fromDay),
      answers: job.total - job.done,
      cached: 0,
      inputTokens: 0,
      outputTokens: 0,
      usd: 0,
      budget: null,
      overBudget: null,
    };
  }

  return {
    status,
    estimate,
    async start(kind, days) {
      refuseWhileRunning();
      const fromDay = fromDayOf(days, deps.now());
      if (kind === 'model') await model.start(fromDay);
      else {
        refuseOtherJudge(store, BUILTIN_JUDGE_REF.id);
        // A pending one without a period is resumed as it is (not re-aimed at all answers).
        if (fromDay === null && store.posRescoreState().job !== null) {
          store.posRescoreResume();
          builtin.kick();
        } else builtin.start({ fromDay });
      }
      return status();
    },
    async cancel() {
      if (model.running) await model.cancel();
      else await builtin.cancel();
      return status();
    },
    discard() {
      refuseWhileRunning();
      store.posRescoreDrop();
      return status();
    },
  };
}
