import type { ModelJudgeConfig } from '../../../../shared/positioning/model-judge-config';
import {
  notScoredReason,
  type NotScoredCounts,
  type RescoreUsageView,
} from '../../../../shared/positioning/rescore-app';
import { AppError, type EventBus } from '../../../platform';
import { runRescore, type RescoreJudge, type RescoreOutcome } from '../../positioning';
import { isNotScored, type HistoryStore } from '../../../history';
import { createModelCaller } from './create-caller';
import { createModelJudge, ModelJudgeStopped, type ModelJudge } from './model-judge';
import {
  ModelRescoreRefused,
  planModelRescore,
  storeJudgeCache,
  type ModelRescorePlan,
} from './model-rescore';
import type { RetryPolicy } from './retry';

// The app's side of the model judge's re-score (the CLI's is src/cli/commands/positioning/positioning-model-rescore.ts;
// both plan with planModelRescore and run runRescore with createModelJudge: one core). The
// judging is calls to an endpoint, so it runs on main's event loop between short batches (the
// store's reads and writes are a few milliseconds each). Its key is read from the keychain here
// and goes nowhere else. Reports 'positioning.rescore' events with what it spent and the answers
// not scored per reason. A stop (the analyst, the budget, an endpoint refusing the key) pauses
// the job: it waits for Resume, and resumes from its cursor with nothing paid twice (the cache).

/** Answers per batch: small, so Cancel waits for few calls (the CLI's size too). */
const MODEL_BATCH = 20;
const CALL_TIMEOUT_MS = 60_000;

export interface ModelRescoreDriverDeps {
  store: HistoryStore;
  events: Pick<EventBus, 'emit'>;
  config: () => ModelJudgeConfig | null;
  /** The judge's key from the keychain (null: none stored). */
  key: () => Promise<string | null>;
  batchSize?: number;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  logError?: (message: string) => void;
}

export interface ModelRescoreDriver {
  /** Plans the re-score (records the job, paused) and prices it; nothing is sent. */
  estimate(fromDay: number | null): ModelRescorePlan;
  /** Plans again and runs it in the background; refused (AppError) above the budget. */
  start(fromDay: number | null): Promise<void>;
  /** Stops after the batch under way; the job stays paused. */
  cancel(): Promise<void>;
  readonly running: boolean;
  /** What the current (or last) run of this session spent. */
  spent(): { usage: RescoreUsageView; notScored: NotScoredCounts } | null;
  close(): Promise<void>;
}

/** Counts the answers a model judge leaves not scored, per reason, as the batches come back. */
function counting(judge: ModelJudge, notScored: NotScoredCounts): RescoreJudge {
  return {
    ref: judge.ref,
    async judgeBatch(inputs, signal) {
      const verdicts = await judge.judgeBatch(inputs, signal);
      for (const v of verdicts)
        if (isNotScored(v)) {
          const reason = notScoredReason(v.notScored);
          notScored[reason] = (notScored[reason] ?? 0) + 1;
        }
      return verdicts;
    },
  };
}

function usageOf(judge: ModelJudge): RescoreUsageView {
  const u = judge.usage;
  return {
    calls: u.calls,
    inputTokens: u.inputTokens,
    outputTokens: u.outputTokens,
    usd: u.usd,
    cachedAnswers: u.cachedAnswers,
  };
}

function refused(error: unknown): never {
  if (error instanceof ModelRescoreRefused) throw new AppError('RESCORE_REFUSED', error.message);
  throw error;
}

export function createModelRescoreDriver(deps: ModelRescoreDriverDeps): ModelRescoreDriver {
  const { store } = deps;
  let current: { abort: AbortController; done: Promise<void> } | null = null;
  let last: { judge: ModelJudge; notScored: NotScoredCounts } | null = null;

  function configOrRefuse(): ModelJudgeConfig {
    const config = deps.config();
    if (config === null)
      throw new AppError(
        'JUDGE_NOT_SET',
        'No model judge is set: choose a provider and a model in Settings → Positioning judge first.',
      );
    return config;
  }

  function plan(fromDay: number | null): ModelRescorePlan {
    const config = configOrRefuse();
    try {
      return planModelRescore(store, config, fromDay);
    } catch (error) {
      return refused(error);
    }
  }

  function emit(
    phase: 'running' | 'done' | 'paused' | 'failed',
    done: number,
    total: number,
    message: string | null = null,
  ): void {
    const spent = last === null ? null : { usage: usageOf(last.judge), notScored: { ...last.notScored } };
    deps.events.emit('positioning.rescore', {
      phase,
      done,
      total,
      message,
      ...(last ? { judge: last.judge.ref.id } : {}),
      ...(spent ?? {}),
    });
  }

  function ended(result: RescoreOutcome | Error): void {
    current = null;
    const job = store.posRescoreState().job;
    if (result instanceof Error) {
      // The budget spent, a key refused, or a defect: paused, so it waits for the analyst.
      store.posRescorePause();
      if (!(result instanceof ModelJudgeStopped))
        deps.logError?.(`model re-score: ${result.message} (paused: Resume carries on)`);
      emit('failed', job?.done ?? 0, job?.total ?? 0, result.message);
      return;
    }
    if (result.outcome === 'finished') emit('done', result.done, result.total);
    else if (result.outcome === 'canceled') emit('paused', result.done, result.total);
    else emit('failed', job?.done ?? 0, job?.total ?? 0, 'Nothing to re-score with this judge');
  }

  async function run(config: ModelJudgeConfig, planned: ModelRescorePlan): Promise<void> {
    // Local servers (Ollama, LM Studio) take any key; the hosted ones refuse the call anyway.
    const key = (await deps.key()) ?? (config.provider === 'openai-compatible' ? 'no-key' : null);
    if (key === null) {
      store.posRescorePause();
      throw new AppError(
        'JUDGE_KEY_MISSING',
        'No key for the model judge: paste it in Settings → Positioning judge (it goes to the keychain).',
      );
    }
    const judge = createModelJudge({
      config,
      caller: createModelCaller(config, key, { timeoutMs: deps.timeoutMs ?? CALL_TIMEOUT_MS }),
      cache: storeJudgeCache(store),
      ...(deps.retry ? { retry: deps.retry } : {}),
    });
    last = { judge, notScored: {} };
    const abort = new AbortController();
    emit('running', planned.job.done, planned.job.total);
    const done = runRescore(store, counting(judge, last.notScored), {
      batchSize: deps.batchSize ?? MODEL_BATCH,
      signal: abort.signal,
      onProgress: (p) => emit('running', p.done, p.total),
    }).then(ended, (error: unknown) => ended(error instanceof Error ? error : new Error(String(error))));
    current = { abort, done };
  }

  // A model's job left running by a crash or a quit waits for the analyst (it costs money).
  const pending = store.readonly ? null : store.posRescoreState().job;
  if (pending !== null && pending.judge.startsWith('model:') && !pending.paused) store.posRescorePause();

  return {
    estimate(fromDay) {
      if (current) throw new AppError('RESCORE_RUNNING', 'A re-score is running: stop it first.');
      const planned = plan(fromDay);
      if (planned.overBudget !== null && planned.fresh) store.posRescoreDrop();
      else store.posRescorePause();
      return planned;
    },
    async start(fromDay) {
      if (current) throw new AppError('RESCORE_RUNNING', 'A re-score is running: stop it first.');
      const config = configOrRefuse();
      const planned = plan(fromDay);
      if (planned.overBudget !== null) {
        if (planned.fresh) store.posRescoreDrop();
        else store.posRescorePause();
        throw new AppError('RESCORE_OVER_BUDGET', planned.overBudget, {
          details: { usd: planned.estimate.usd, budget: config.budget, answers: planned.estimate.answers },
        });
      }
      await run(config, planned);
    },
    async cancel() {
      const running = current;
      if (!running) return;
      store.posRescorePause();
      running.abort.abort();
      await running.done;
    },
    get running() {
      return current !== null;
    },
    spent: () => (last === null ? null : { usage: usageOf(last.judge), notScored: { ...last.notScored } }),
    async close() {
      const running = current;
      if (!running) return;
      running.abort.abort();
      await running.done;
    },
  };
}
