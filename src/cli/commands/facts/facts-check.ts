import type { Command } from 'commander';
import {
  createFactsModelJudge,
  createModelCaller,
  estimateFactsCheck,
  formatUsd,
  ModelJudgeStopped,
  runFactsCheck,
  storeFactsJudgeCache,
  type FactsCheckEstimate,
  type FactsCheckOutcome,
  type FactsModelJudge,
  type FactsModelUsage,
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
import { withCliCore, type CliCore } from '../../core';
import { EXIT_INTERRUPTED, processSignals, type RunSignals } from '../../run-session';
import { periodOf } from '../../visibility-filters';
import { judgeKey } from '../positioning/positioning-model-rescore';
import { progressReporter, stopOnInterrupt } from '../positioning/positioning-rescore';
import { finishRecheck } from './facts-recheck';

// `parallax facts check [--model]`: the stored answers checked against the fact sheets. The
// built-in checker's pending re-check runs first; with --model, the facts it left not addressed
// (free-form text facts always) go to the analyst's model judge (`parallax judge set`, the
// positioning judge's provider, key and budget). The estimate comes first (facts the cache holds
// cost nothing); an estimate above the budget is refused before any call; on a terminal the
// analyst confirms (unless --yes). Ctrl-C stops after the answers under way (exit 130) and the
// next run carries on; the budget reached mid-way stops the same way (exit 1).

const CALL_TIMEOUT_MS = 60_000;
const DAY_MS = 86_400_000;

const HELP = `
With --model, each fact the built-in checker left "not addressed" in an answer naming its brand
(and every free-form "text" fact) is asked of your model judge (parallax judge set): supported,
contradicted or not addressed, with a quote that must be in the answer (else the verdict is
dropped). Its verdicts are stored beside the checker's and counted in \`parallax facts\`.

JSON (--json): { outcome: "finished" | "canceled" | "stopped" | "refused", done, total,
estimate: { judge, answers, answersToSend, facts, cachedFacts, inputTokens, outputTokens, usd,
budget, overBudget }, usage: { calls, judgedFacts, cachedFacts, dropped, notJudged, inputTokens,
outputTokens, usd } }.

Examples:
  parallax facts check --model --since 7d
  parallax facts check --model --yes --json`;

export interface FactsCheckFlags {
  model?: boolean;
  since?: string;
  yes?: boolean;
  db?: string;
}

function printEstimate(ctx: CliContext, e: FactsCheckEstimate): void {
  if (ctx.json) return;
  writeLine(
    ctx.stderr,
    `Estimate for ${e.judge.id}: ${e.facts.toLocaleString('en')} facts in ${e.answersToSend.toLocaleString('en')} answers to send, ~${e.inputTokens.toLocaleString('en')} input and ~${e.outputTokens.toLocaleString('en')} output tokens, ${formatUsd(e.usd)}` +
      `${e.budget === null ? '' : ` (budget ${formatUsd(e.budget)})`}` +
      `${e.cachedFacts > 0 ? `; ${e.cachedFacts.toLocaleString('en')} facts already judged (cached, free)` : ''}.`,
  );
}

function confirm(ctx: CliContext, e: FactsCheckEstimate): Promise<boolean> {
  return confirmOnTerminal(
    ctx,
    `Send ${e.facts.toLocaleString('en')} facts in ${e.answersToSend.toLocaleString('en')} answers to ${e.judge.id} for about ${formatUsd(e.usd)}?`,
  );
}

function usageLine(u: FactsModelUsage): string {
  return (
    `${u.calls.toLocaleString('en')} calls, ${u.inputTokens.toLocaleString('en')} input and ` +
    `${u.outputTokens.toLocaleString('en')} output tokens, ${formatUsd(u.usd)}; ` +
    `${u.judgedFacts.toLocaleString('en')} facts judged, ${u.cachedFacts.toLocaleString('en')} from the cache, ` +
    `${u.dropped.toLocaleString('en')} verdicts dropped (quote not in the answer), ${u.notJudged.toLocaleString('en')} answers not judged`
  );
}

function sinceOf(since: string | undefined): number | null {
  if (since === undefined) return null;
  const { days } = periodOf({ since }, Date.now()) as { days: number };
  return Date.now() - days * DAY_MS;
}

async function run(
  ctx: CliContext,
  core: CliCore,
  judge: FactsModelJudge,
  options: { sinceMs: number | null; total: number; concurrency: number; signals: RunSignals },
): Promise<FactsCheckOutcome | ModelJudgeStopped> {
  const abort = new AbortController();
  const unlisten = stopOnInterrupt(ctx, options.signals, abort);
  const progress = progressReporter(
    ctx,
    { done: 0, total: options.total },
    judge.ref.id,
    'Checking the facts of',
  );
  try {
    return await runFactsCheck(core.store, judge, {
      sinceMs: options.sinceMs,
      concurrency: options.concurrency,
      signal: abort.signal,
      total: options.total,
      onProgress: (p) => progress.update(p.done, p.total),
    });
  } catch (error) {
    if (error instanceof ModelJudgeStopped) return error;
    throw error;
  } finally {
    progress.stop();
    unlisten();
  }
}

export async function checkWithModel(
  ctx: CliContext,
  core: CliCore,
  flags: FactsCheckFlags,
  signals: RunSignals = processSignals,
): Promise<void> {
  const config = core.settings?.get().positioningModelJudge ?? null;
  if (config === null)
    throw new CliUsageError('No model judge is set: run `parallax judge set --provider … --model …` first');
  const sinceMs = sinceOf(flags.since);
  const estimate = estimateFactsCheck(core.store, config, sinceMs);
  printEstimate(ctx, estimate);
  if (estimate.overBudget !== null) {
    if (ctx.json)
      writeJson(ctx, { outcome: 'refused', reason: 'budget', message: estimate.overBudget, estimate });
    writeLine(ctx.stderr, `parallax: ${estimate.overBudget}`);
    throw new CliExit(EXIT_JOBS_FAILED);
  }
  if (estimate.answersToSend > 0 && flags.yes !== true && !(await confirm(ctx, estimate)))
    return writeLine(ctx.stderr, 'Nothing sent.');
  const judge = createFactsModelJudge({
    config,
    caller: createModelCaller(config, await judgeKey(ctx, config.provider), { timeoutMs: CALL_TIMEOUT_MS }),
    cache: storeFactsJudgeCache(core.store),
  });
  const outcome = await run(ctx, core, judge, {
    sinceMs,
    total: estimate.answers,
    concurrency: config.concurrency,
    signals,
  });
  if (outcome instanceof ModelJudgeStopped) {
    if (ctx.json)
      writeJson(ctx, {
        outcome: 'stopped',
        reason: outcome.reason,
        message: outcome.message,
        estimate,
        usage: judge.usage,
      });
    writeLine(ctx.stderr, `parallax: the facts check stopped: ${outcome.message}`);
    throw new CliExit(EXIT_JOBS_FAILED);
  }
  if (ctx.json) writeJson(ctx, { ...outcome, estimate, usage: judge.usage });
  else {
    writeLine(
      ctx.stdout,
      `${outcome.outcome === 'canceled' ? 'Stopped' : 'Checked'}: ${outcome.done.toLocaleString('en')} of ${outcome.total.toLocaleString('en')} answers judged by ${judge.ref.id}; \`parallax facts\` counts their verdicts.`,
    );
    writeLine(ctx.stdout, `Model usage: ${usageLine(judge.usage)}.`);
  }
  if (outcome.outcome === 'canceled') throw new CliExit(EXIT_INTERRUPTED);
}

export function registerCheck(facts: Command, ctx: CliContext): void {
  facts
    .command('check')
    .description(
      'Check the stored answers against the fact sheets; --model asks your model judge what the checker left',
    )
    .option('--model', 'also ask your model judge (parallax judge set) about the facts left not addressed')
    .option('--since <span>', 'only answers of the last N days (7d) or weeks (4w); default all')
    .option('--yes', 'send without asking (the budget still applies)')
    .option('--db <path>', 'history file (default: the app’s)')
    .addHelpText('after', HELP)
    .action(async (flags: FactsCheckFlags) => {
      // --db and --since may land on `facts` itself (commander gives a shared option to the parent).
      const parent = facts.opts<{ db?: string; since?: string }>();
      const db = flags.db ?? parent.db;
      const since = flags.since ?? parent.since;
      await withCliCore(ctx, { db }, async (core) => {
        const service = await core.services.facts();
        finishRecheck(ctx, service);
        if (flags.model === true) return checkWithModel(ctx, core, { ...flags, ...(since ? { since } : {}) });
        if (ctx.json) return writeJson(ctx, { outcome: 'finished', checker: 'builtin' });
        writeLine(ctx.stdout, 'The stored answers are checked against the fact sheets (built-in checker).');
      });
    });
}
