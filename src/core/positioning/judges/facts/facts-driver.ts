import type { FactsCheckEstimate, FactsModelCheckStatus } from '../../../../shared/facts/model-check';
import type { ModelJudgeConfig } from '../../../../shared/positioning/model-judge-config';
import type { HistoryStore } from '../../../history';
import { AppError, type EventBus } from '../../../platform';
import { createModelCaller, ModelJudgeStopped, type RetryPolicy } from '../model';
import { createFactsModelJudge, storeFactsJudgeCache, type FactsModelJudge } from './facts-judge';
import { estimateFactsCheck, runFactsCheck, type FactsCheckOutcome } from './facts-run';

// The Facts panel's "Check with your model…" (facts.modelCheck.* channels; the CLI's twin is
// `parallax facts check --model`, one core: estimateFactsCheck and runFactsCheck). The judging
// is calls to an endpoint, so it runs on main's event loop between answers; its key is read
// from the keychain here and goes nowhere else. Reports 'facts.modelCheck' events as answers
// come back; Cancel stops after the answers under way, and the next start carries on (what was
// written is no longer left, what was paid for is in the cache).

const CALL_TIMEOUT_MS = 60_000;
const DAY_MS = 86_400_000;

export interface FactsCheckDriverDeps {
  store: HistoryStore;
  events: Pick<EventBus, 'emit'>;
  config: () => ModelJudgeConfig | null;
  key: () => Promise<string | null>;
  now: () => number;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  logError?: (message: string) => void;
}

export interface FactsCheckDriver {
  /** What a check of the answers of the last `days` days (all: undefined) will cost; nothing is sent. */
  estimate(days: number | undefined): FactsCheckEstimate;
  /** Starts the check in the background; refused above the budget, while one runs, or without a judge. */
  start(days: number | undefined): Promise<FactsModelCheckStatus>;
  cancel(): Promise<FactsModelCheckStatus>;
  status(): FactsModelCheckStatus;
  close(): Promise<void>;
}

const IDLE: FactsModelCheckStatus = {
  phase: 'idle',
  judge: null,
  done: 0,
  total: 0,
  usage: null,
  message: null,
};

export function createFactsCheckDriver(deps: FactsCheckDriverDeps): FactsCheckDriver {
  const { store } = deps;
  let current: { abort: AbortController; done: Promise<void> } | null = null;
  let status: FactsModelCheckStatus = IDLE;

  const sinceOf = (days: number | undefined): number | null =>
    days === undefined ? null : deps.now() - days * DAY_MS;

  function configOrRefuse(): ModelJudgeConfig {
    if (current) throw new AppError('FACTS_CHECK_RUNNING', 'A facts check is running: stop it first.');
    const config = deps.config();
    if (config === null)
      throw new AppError(
        'JUDGE_NOT_SET',
        'No model judge is set: choose a provider and a model in Settings → Positioning judge first.',
      );
    if (store.factsRecheckPending())
      throw new AppError(
        'FACTS_RECHECK_PENDING',
        'The stored answers are being checked against the fact sheets: try again when that ends.',
      );
    return config;
  }

  function report(next: Partial<FactsModelCheckStatus>, judge: FactsModelJudge): void {
    status = { ...status, ...next, judge: judge.ref.id, usage: { ...judge.usage } };
    deps.events.emit('facts.modelCheck', status);
  }

  function ended(judge: FactsModelJudge, result: FactsCheckOutcome | Error): void {
    current = null;
    if (result instanceof Error) {
      if (!(result instanceof ModelJudgeStopped)) deps.logError?.(`facts check: ${result.message}`);
      report({ phase: 'stopped', message: result.message }, judge);
    } else report({ phase: result.outcome, done: result.done }, judge);
    if (status.done > 0) deps.events.emit('visibility.changed', { reason: 'brands' });
  }

  return {
    estimate: (days) => estimateFactsCheck(store, configOrRefuse(), sinceOf(days)),
    async start(days) {
      const config = configOrRefuse();
      const sinceMs = sinceOf(days);
      const estimate = estimateFactsCheck(store, config, sinceMs);
      if (estimate.overBudget !== null)
        throw new AppError('FACTS_CHECK_OVER_BUDGET', estimate.overBudget, {
          details: { usd: estimate.usd, budget: config.budget, facts: estimate.facts },
        });
      // Local servers (Ollama, LM Studio) take any key; the hosted ones refuse the call anyway.
      const key = (await deps.key()) ?? (config.provider === 'openai-compatible' ? 'no-key' : null);
      if (key === null)
        throw new AppError(
          'JUDGE_KEY_MISSING',
          'No key for the model judge: paste it in Settings → Positioning judge (it goes to the keychain).',
        );
      const judge = createFactsModelJudge({
        config,
        caller: createModelCaller(config, key, { timeoutMs: deps.timeoutMs ?? CALL_TIMEOUT_MS }),
        cache: storeFactsJudgeCache(store),
        ...(deps.retry ? { retry: deps.retry } : {}),
      });
      const abort = new AbortController();
      report({ phase: 'running', done: 0, total: estimate.answers, message: null }, judge);
      const done = runFactsCheck(store, judge, {
        sinceMs,
        concurrency: config.concurrency,
        signal: abort.signal,
        total: estimate.answers,
        onProgress: (p) => report({ done: p.done }, judge),
      }).then(
        (result) => ended(judge, result),
        (error: unknown) => ended(judge, error instanceof Error ? error : new Error(String(error))),
      );
      current = { abort, done };
      return status;
    },
    async cancel() {
      const running = current;
      if (running) {
        running.abort.abort();
        await running.done;
      }
      return status;
    },
    status: () => status,
    async close() {
      const running = current;
      if (!running) return;
      running.abort.abort();
      await running.done;
    },
  };
}
