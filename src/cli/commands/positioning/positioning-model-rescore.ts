import {
  createModelCaller,
  createModelJudge,
  formatUsd,
  ModelJudgeStopped,
  type ModelJudgeUsage,
  openJudgeKeyStore,
  ModelRescoreRefused,
  planModelRescore,
  storeJudgeCache,
  type ModelRescorePlan,
  movedLines,
  rescoreStatus,
  runRescore,
  type RescoreOutcome,
} from '../../../core/positioning';
import {
  CliExit,
  CliUsageError,
  EXIT_JOBS_FAILED,
  writeJson,
  writeLine,
  type CliContext,
} from '../../context';
import { confirmOnTerminal } from '../../confirm';
import type { CliCore } from '../../core';
import { printOutcome, progressReporter, stopOnInterrupt } from './positioning-rescore';
import { EXIT_INTERRUPTED, processSignals, type RunSignals } from '../../run-session';

// `parallax positioning rescore --judge model`: the archive's re-score with the analyst's model
// judge (`parallax judge set`). The estimate comes first (answers the cache already holds cost
// nothing); an estimate above the budget is refused before any call; on a terminal the analyst
// confirms (unless --yes). Then batches with progress; Ctrl-C stops after the batch under way
// (exit 130) and the next run resumes; the budget reached mid-way stops the same way (exit 1).

/** Answers per batch: small, so a stop or the budget waits for few calls. */
const MODEL_BATCH = 20;
const CALL_TIMEOUT_MS = 60_000;

export interface ModelRescoreCliOptions {
  fromDay: number | null;
  yes: boolean;
  signals?: RunSignals;
}

function batchSizeOf(env: NodeJS.ProcessEnv): number {
  const n = Number(env.PARALLAX_RESCORE_BATCH);
  return Number.isInteger(n) && n > 0 ? n : MODEL_BATCH;
}

function estimateJson(plan: ModelRescorePlan) {
  return { judge: plan.ref, cached: plan.cached, ...plan.estimate };
}

function printEstimate(ctx: CliContext, plan: ModelRescorePlan, budget: number | null): void {
  if (ctx.json) return;
  const e = plan.estimate;
  writeLine(
    ctx.stderr,
    `Estimate for ${plan.ref.id}: ${e.answers.toLocaleString('en')} answers to send, ~${e.inputTokens.toLocaleString('en')} input and ~${e.outputTokens.toLocaleString('en')} output tokens, ${formatUsd(e.usd)}` +
      `${budget === null ? '' : ` (budget ${formatUsd(budget)})`}` +
      `${plan.cached > 0 ? `; ${plan.cached.toLocaleString('en')} answers already judged (cached, free)` : ''}.`,
  );
}

function confirm(ctx: CliContext, plan: ModelRescorePlan): Promise<boolean> {
  return confirmOnTerminal(
    ctx,
    `Send ${plan.estimate.answers.toLocaleString('en')} answers to ${plan.ref.id} for about ${formatUsd(plan.estimate.usd)}?`,
  );
}

function usageLine(usage: ModelJudgeUsage): string {
  return (
    `${usage.calls.toLocaleString('en')} calls, ${usage.inputTokens.toLocaleString('en')} input and ` +
    `${usage.outputTokens.toLocaleString('en')} output tokens, ${formatUsd(usage.usd)}; ` +
    `${usage.cachedAnswers.toLocaleString('en')} answers from the cache, ${usage.notScored.toLocaleString('en')} not scored`
  );
}

/** The model judge's key: the keychain's, PARALLAX_JUDGE_API_KEY, or none for a local server. */
export async function judgeKey(ctx: CliContext, provider: string): Promise<string> {
  const secrets = await openJudgeKeyStore({ env: ctx.env });
  const key = await secrets.get();
  if (key !== null) return key;
  // Local servers (Ollama, LM Studio) take any key; the hosted ones refuse the call anyway.
  if (provider === 'openai-compatible') return 'no-key';
  throw new CliUsageError(
    'No key for the model judge: run `parallax judge set` (the key goes to the keychain)',
  );
}

export async function rescoreModelFromCli(
  ctx: CliContext,
  core: CliCore,
  options: ModelRescoreCliOptions,
): Promise<void> {
  const config = core.settings?.get().positioningModelJudge ?? null;
  if (config === null)
    throw new CliUsageError('No model judge is set: run `parallax judge set --provider … --model …` first');
  let plan: ModelRescorePlan;
  try {
    plan = planModelRescore(core.store, config, options.fromDay);
  } catch (error) {
    if (error instanceof ModelRescoreRefused) throw new CliUsageError(error.message);
    throw error;
  }
  printEstimate(ctx, plan, config.budget);
  if (plan.overBudget !== null) {
    if (plan.fresh) core.store.posRescoreDrop();
    if (ctx.json)
      writeJson(ctx, {
        outcome: 'refused',
        reason: 'budget',
        message: plan.overBudget,
        estimate: estimateJson(plan),
      });
    writeLine(ctx.stderr, `parallax: ${plan.overBudget}`);
    throw new CliExit(EXIT_JOBS_FAILED);
  }
  if (plan.estimate.answers > 0 && !options.yes && !(await confirm(ctx, plan))) {
    core.store.posRescorePause();
    return writeLine(
      ctx.stderr,
      'Nothing sent (the re-score is recorded, paused: run the command again to start it).',
    );
  }
  const judge = createModelJudge({
    config,
    caller: createModelCaller(config, await judgeKey(ctx, config.provider), { timeoutMs: CALL_TIMEOUT_MS }),
    cache: storeJudgeCache(core.store),
  });
  const outcome = await runWithSignals(ctx, core, plan, judge, options.signals ?? processSignals);
  const names = new Map(core.store.listBrands().map((b) => [b.id, b.name]));
  const status = rescoreStatus(core.store, false);
  if (outcome instanceof ModelJudgeStopped) {
    if (ctx.json)
      writeJson(ctx, {
        outcome: 'stopped',
        reason: outcome.reason,
        message: outcome.message,
        usage: judge.usage,
        estimate: estimateJson(plan),
        job: status.job,
      });
    else {
      writeLine(ctx.stderr, `parallax: the re-score stopped: ${outcome.message}`);
      const moved = status.job?.moved;
      if (moved)
        for (const line of movedLines(moved, (id) => names.get(id) ?? id))
          writeLine(ctx.stdout, `  so far: ${line}`);
    }
    throw new CliExit(EXIT_JOBS_FAILED);
  }
  if (ctx.json)
    writeJson(ctx, {
      ...outcome.result,
      seconds: outcome.seconds,
      usage: judge.usage,
      estimate: estimateJson(plan),
      job: status.job,
      last: status.last,
    });
  else {
    printOutcome(
      { ...ctx, json: false },
      outcome.result,
      status,
      outcome.seconds,
      (id) => names.get(id) ?? id,
      ' --judge model',
    );
    writeLine(ctx.stdout, `Model usage: ${usageLine(judge.usage)}.`);
    if (outcome.result.outcome === 'finished' && core.settings?.get().positioningJudge !== plan.ref.id)
      writeLine(
        ctx.stdout,
        'The views still read the built-in judge: `parallax judge set --active model` to read these.',
      );
  }
  if (outcome.result.outcome === 'canceled') throw new CliExit(EXIT_INTERRUPTED);
}

async function runWithSignals(
  ctx: CliContext,
  core: CliCore,
  plan: ModelRescorePlan,
  judge: ReturnType<typeof createModelJudge>,
  signals: RunSignals,
): Promise<{ result: RescoreOutcome; seconds: number } | ModelJudgeStopped> {
  const abort = new AbortController();
  const unlisten = stopOnInterrupt(ctx, signals, abort);
  const progress = progressReporter(ctx, plan.job, plan.ref.id);
  const started = performance.now();
  try {
    const result = await runRescore(core.store, judge, {
      batchSize: batchSizeOf(ctx.env),
      signal: abort.signal,
      onProgress: (p) => progress.update(p.done, p.total),
    });
    return { result, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    if (error instanceof ModelJudgeStopped) return error;
    throw error;
  } finally {
    progress.stop();
    unlisten();
  }
}
