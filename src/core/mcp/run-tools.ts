import { z } from 'zod';
import { runsChannels, type RunEstimateView } from '../../shared/ipc/channels/runs';
import { AppError } from '../platform';
import {
  assistantCap,
  cappedSpec,
  createEstimateTokens,
  RUNS_DISABLED_MESSAGE,
  type EstimateTokens,
} from './run-gate';
import { isoTime } from './text';
import type { ToolSpec } from './tool';
import type { McpDeps } from './types';

// The two tools that spend: estimate_run prices a run spec (the Compose view's runs.estimate
// input) and hands out a token; start_run starts exactly that priced run and takes nothing
// else. Both exist only while the analyst has them on in Settings, and both check it again on
// every call, with the budget cap as saved at that moment.

export const startRunInput = z
  .object({
    estimateToken: z
      .string()
      .min(8)
      .max(100)
      .describe('The token estimate_run returned, after the analyst saw the cost'),
  })
  .strict();

function estimateLines(e: RunEstimateView, sandbox: boolean, cap: number | null): string[] {
  return [
    `Jobs: ${e.jobs}.`,
    sandbox
      ? 'Service: the built-in sandbox (synthetic answers, no credits spent).'
      : `Maximum cost: ${e.maxCredits} credits; balance ${e.balance ?? 'unknown'}${e.balanceAfter === null ? '' : `, after the run at least ${e.balanceAfter}`}.`,
    ...(cap !== null ? [`Budget cap for assistant runs: ${cap} credits.`] : []),
    ...(e.unavailableEngines.length > 0
      ? [`Not available yet per the spec (calls may answer 404): ${e.unavailableEngines.join(', ')}.`]
      : []),
    ...(e.commerce
      ? [
          `Shopping and ads: up to +${e.commerce.credits} credits of the maximum (${
            e.commerce.engines.map((t) => `${t.engine}: ${t.flags.join(', ')}`).join('; ') ||
            'no flag needed on these engines'
          }).`,
        ]
      : []),
  ];
}

export function runTools(
  deps: McpDeps,
  tokens: EstimateTokens = createEstimateTokens(deps.now, deps.newToken),
) {
  const requireEnabled = () => {
    const settings = deps.readSettings();
    if (!settings.mcpRunsEnabled) throw new AppError('RUNS_DISABLED', RUNS_DISABLED_MESSAGE);
    return settings;
  };

  const estimate: ToolSpec<(typeof runsChannels)['runs.estimate']['input']> = {
    name: 'estimate_run',
    title: 'Estimate a run (before starting it)',
    description:
      "Prices a run: prompts × engines × countries (× US states) × repeats, on the service the app is set to (or the sandbox): jobs, maximum credits, balance, the budget cap, and why it would be refused. Returns an estimateToken for start_run, valid 10 minutes, once. Show the analyst the cost before starting. Same input as the app's Compose view (prompts, engines, countries, states, repeats, mode sync|async, engineOptions, commerce {shoppingAndAds, expandProducts} to track shopping and ads, budget…).",
    input: runsChannels['runs.estimate'].input,
    readOnly: true,
    async run(spec) {
      const settings = requireEnabled();
      const online = await deps.online();
      const gate = assistantCap(settings, online.sandbox);
      if (gate.refusal) throw new AppError('BUDGET_CAP_REQUIRED', gate.refusal);
      const priced = cappedSpec(spec, gate.cap);
      const est = await online.estimate(priced);
      const lines = estimateLines(est, online.sandbox, gate.cap);
      if (est.blockers.length > 0) {
        lines.unshift('This run would be refused:', ...est.blockers.map((b) => `- ${b}`), '');
        return {
          text: lines.join('\n'),
          data: { estimate: est, sandbox: online.sandbox, cap: gate.cap, estimateToken: null },
        };
      }
      const { token, expiresAt } = tokens.issue({ spec: priced, estimate: est, sandbox: online.sandbox });
      lines.push(
        '',
        `To start it, call start_run with estimateToken "${token}" (valid until ${isoTime(expiresAt)} UTC, once).`,
      );
      return {
        text: lines.join('\n'),
        data: { estimate: est, sandbox: online.sandbox, cap: gate.cap, estimateToken: token, expiresAt },
      };
    },
  };

  const start: ToolSpec<typeof startRunInput> = {
    name: 'start_run',
    title: 'Start an estimated run',
    description:
      'Starts the run estimate_run priced, by its estimateToken. Returns the run id at once; the jobs run while this server runs (get_run shows their states, and answers land in the history as they finish). A run cut off when the server stops is paused and resumes in the app.',
    input: startRunInput,
    readOnly: false,
    async run({ estimateToken }) {
      const settings = requireEnabled();
      const priced = tokens.take(estimateToken);
      const online = await deps.online();
      if (online.sandbox !== priced.sandbox)
        throw new AppError(
          'SERVICE_CHANGED',
          'The service changed since the estimate (sandbox ↔ paid service): call estimate_run again.',
        );
      // The cap as saved now: the analyst may have lowered it since the estimate.
      const gate = assistantCap(settings, online.sandbox);
      if (gate.refusal) throw new AppError('BUDGET_CAP_REQUIRED', gate.refusal);
      if (gate.cap !== null && priced.estimate.maxCredits > gate.cap)
        throw new AppError(
          'RUN_REFUSED',
          `The run may cost up to ${priced.estimate.maxCredits} credits, above the assistant's budget cap of ${gate.cap} credits.`,
        );
      const { runId } = await online.start(cappedSpec(priced.spec, gate.cap));
      return {
        text: [
          `Started run ${runId}: ${priced.estimate.jobs} jobs${online.sandbox ? ' in the sandbox (synthetic answers)' : `, up to ${priced.estimate.maxCredits} credits`}.`,
          'get_run shows its progress; its answers are in the history as jobs finish.',
        ].join('\n'),
        data: {
          runId,
          jobs: priced.estimate.jobs,
          maxCredits: priced.estimate.maxCredits,
          sandbox: online.sandbox,
        },
      };
    },
  };

  return { estimate, start };
}
