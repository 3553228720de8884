import { InvalidReply } from './verdict';
import { ModelCallError, type ModelCaller, type ModelPrompt, type TokenUsage } from './caller';
import type { ModelJudgeConfig } from '../../../../shared/positioning/model-judge-config';
import { usdOf } from './cost';
import { backoffMs, type RetryPolicy } from './retry';

// One question to the analyst's model, whatever it judges (positioning, brand facts): the call,
// its tokens counted, the reply read, and what failed sorted. A refusal, a reply that cannot be
// read, a 429, a 5xx or a timeout is retried (retry.ts), then given up with its reason; a wrong
// key or model stops every later question (the endpoint would refuse them the same way); once
// the spend reaches the budget no further call starts.

/** The judging stopped on purpose: the budget is spent, or the endpoint refuses every call. */
export class ModelJudgeStopped extends Error {
  override readonly name = 'ModelJudgeStopped';
  constructor(
    message: string,
    readonly reason: 'budget' | 'endpoint',
  ) {
    super(message);
  }
}

/** What a judge has spent, and why it stopped (null: it has not). */
export interface AskState {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  usd: number;
  stopped: ModelJudgeStopped | null;
}

export interface AskDeps {
  config: Pick<ModelJudgeConfig, 'budget' | 'priceIn' | 'priceOut'>;
  caller: ModelCaller;
  policy: RetryPolicy;
  /** The message once the budget is spent (it names the command that carries on). */
  budgetMessage: (budget: number, spent: number) => string;
}

export type AskOutcome<T> = { value: T; usage: TokenUsage } | { failed: string; gaveUp: boolean };

const NEVER = new AbortController().signal;

/** A judge's running usage brought up to what its asks have spent so far. */
export function copySpend(state: AskState, usage: Omit<AskState, 'stopped'>): void {
  usage.calls = state.calls;
  usage.inputTokens = state.inputTokens;
  usage.outputTokens = state.outputTokens;
  usage.usd = state.usd;
}

export const emptyAskState = (): AskState => ({
  calls: 0,
  inputTokens: 0,
  outputTokens: 0,
  usd: 0,
  stopped: null,
});

function asCallError(error: unknown, label: string): ModelCallError {
  return error instanceof ModelCallError
    ? error
    : new ModelCallError(`${label}: ${error instanceof Error ? error.message : String(error)}`, false);
}

/**
 * Asks until the reply reads (`read` throws InvalidReply when it does not), the tries run out
 * (gaveUp) or the judging stops. Calls are not aborted by a stop: the few under way finish and
 * what they paid for is kept.
 */
export async function askModel<T>(
  deps: AskDeps,
  state: AskState,
  prompt: ModelPrompt,
  read: (content: unknown) => T,
): Promise<AskOutcome<T>> {
  const { config, caller } = deps;
  // Every try's tokens: what this question cost, retries included.
  const spent: TokenUsage = { input: 0, output: 0 };
  for (let tries = 1; ; tries += 1) {
    if (state.stopped !== null) return { failed: state.stopped.message, gaveUp: false };
    if (config.budget !== null && state.usd >= config.budget) {
      state.stopped = new ModelJudgeStopped(deps.budgetMessage(config.budget, state.usd), 'budget');
      return { failed: state.stopped.message, gaveUp: false };
    }
    try {
      const outcome = await caller.call(prompt, NEVER);
      state.calls += 1;
      spent.input += outcome.usage.input;
      spent.output += outcome.usage.output;
      state.inputTokens += outcome.usage.input;
      state.outputTokens += outcome.usage.output;
      state.usd = usdOf(config, { input: state.inputTokens, output: state.outputTokens });
      if (outcome.kind === 'refusal') throw new InvalidReply(`the model refused: ${outcome.reason}`);
      return { value: read(outcome.content), usage: spent };
    } catch (error) {
      const failure = error instanceof InvalidReply ? error : asCallError(error, caller.label);
      if (failure instanceof ModelCallError && !failure.retryable) {
        state.stopped = new ModelJudgeStopped(failure.message, 'endpoint');
        return { failed: failure.message, gaveUp: false };
      }
      const wait = backoffMs(deps.policy, tries, failure);
      if (wait === null)
        return {
          failed: `${failure.message} (after ${tries} ${tries === 1 ? 'try' : 'tries'})`,
          gaveUp: true,
        };
      await deps.policy.sleep(wait);
    }
  }
}
