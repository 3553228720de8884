import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { ENGINE_NAMES, isEngineName, type EngineName } from '../../../shared/api/engines';
import { commerceTargets } from '../../../shared/domain/commerce-option';
import {
  runSpecSchema,
  type CommerceOption,
  type EngineOptions,
  type IncludeFlags,
  type RunSpec,
} from '../../../shared/domain/run-spec';
import { promptFileText } from '../../../shared/domain/prompt-text';
import type { RunEstimateView } from '../../../shared/ipc/channels/runs';
import { ENGINE_INCLUDES, parsePromptFile, RunRefusedError } from '../../../core/runs';
import { CliExit, CliUsageError, EXIT_OK, writeJson, writeLine, type CliContext } from '../../context';
import { askYesNo } from '../../confirm';
import { withCliCore, type CoreFlags } from '../../core';
import {
  processSignals,
  reportEnded,
  reportPaused,
  resumeCommandFor,
  watchRun,
  type RunSignals,
} from '../../run-session';
import type { RegisterCommand } from '../register-command';

// `parallax run`: prompts × engines × countries (× states) × repeats, checked against the
// balance and the budget, confirmed (unless --yes), run with a progress bar on a TTY, and
// summed up in a table (or one JSON document with --json). Exit 0 when every job succeeded,
// 1 when some did not, 2 on bad input, 130 when Ctrl-C/SIGTERM paused it (see run-session.ts:
// it prints the `parallax resume` command that continues it).

interface RunFlags extends CoreFlags {
  prompt: string[];
  prompts?: string;
  engine: string[];
  countries?: string;
  states?: string;
  repeat: string;
  async?: boolean;
  priority?: string;
  include?: string;
  commerce?: boolean;
  expandProducts?: boolean;
  budget?: string;
  webhook?: string;
  name?: string;
  yes?: boolean;
}

const INCLUDE_FLAGS: ReadonlyArray<keyof IncludeFlags> = [
  'html',
  'markdown',
  'rawResponse',
  'searchQueries',
  'ads',
  'shopping',
  'aioverview',
  'paaAioverview',
  'expandProducts',
];

const collect = (value: string, previous: string[]): string[] => [...previous, value];
const list = (value: string | undefined, upper = true): string[] =>
  (value ?? '')
    .split(',')
    .map((v) => (upper ? v.trim().toUpperCase() : v.trim()))
    .filter((v) => v.length > 0);

function intFlag(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim())) throw new CliUsageError(`${name} must be a whole number, got "${value}"`);
  return Number(value);
}

/** The run spec the flags describe; every problem is a CliUsageError naming the flag. */
export function specFromFlags(
  flags: RunFlags,
  defaults: { engines: EngineName[]; budget: number | null },
): RunSpec {
  const prompts = [...flags.prompt];
  if (flags.prompts) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(flags.prompts);
    } catch (err) {
      throw new CliUsageError(`--prompts: cannot read ${flags.prompts} (${(err as Error).message})`);
    }
    // Binary, not UTF-8, control characters: refused with the line, before a credit is spent.
    const text = promptFileText(bytes, basename(flags.prompts));
    if (!text.ok) throw new CliUsageError(`--prompts: ${text.message}`);
    const parsed = parsePromptFile(text.text, basename(flags.prompts));
    if (!parsed.ok) throw new CliUsageError(`--prompts: ${parsed.message}`);
    // One by one: a file of 200,000 lines spread into one call overflowed the stack before the
    // run's limit (5,000 prompts) could refuse it.
    for (const prompt of parsed.prompts) prompts.push(prompt);
  }
  if (prompts.length === 0)
    throw new CliUsageError('Give at least one prompt: --prompt TEXT or --prompts FILE');

  const engines = flags.engine.length > 0 ? flags.engine : defaults.engines;
  for (const e of engines) {
    if (!isEngineName(e))
      throw new CliUsageError(`--engine ${e}: unknown engine (one of ${ENGINE_NAMES.join(', ')})`);
  }
  const engineNames = [...new Set(engines)] as EngineName[];

  const engineOptions: Partial<Record<EngineName, EngineOptions>> = {};
  const include = list(flags.include, false);
  for (const flag of include) {
    if (!(INCLUDE_FLAGS as readonly string[]).includes(flag)) {
      throw new CliUsageError(`--include ${flag}: unknown flag (one of ${INCLUDE_FLAGS.join(', ')})`);
    }
    const takers = engineNames.filter((e) => ENGINE_INCLUDES[e].includes(flag as keyof IncludeFlags));
    if (takers.length === 0) {
      throw new CliUsageError(
        `--include ${flag}: none of the chosen engines (${engineNames.join(', ')}) accepts it`,
      );
    }
    for (const e of takers) {
      const opts = (engineOptions[e] ??= {});
      opts.include = { ...opts.include, [flag]: true };
    }
  }

  const commerce = commerceFromFlags(flags, engineNames);
  const budget = intFlag('--budget', flags.budget) ?? defaults.budget;
  const parsed = runSpecSchema.safeParse({
    name: flags.name,
    prompts,
    engines: engineNames,
    countries: list(flags.countries),
    states: list(flags.states),
    repeats: intFlag('--repeat', flags.repeat) ?? 1,
    mode: flags.async ? 'async' : 'sync',
    priority: intFlag('--priority', flags.priority) ?? 1,
    engineOptions,
    ...(commerce ? { commerce } : {}),
    budget,
    webhookUrl: flags.webhook ?? null,
  });
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'run'}: ${i.message}`);
    throw new CliUsageError(`Invalid run: ${issues.join('; ')}`);
  }
  if (!flags.async && (flags.priority !== undefined || flags.webhook !== undefined)) {
    throw new CliUsageError('--priority and --webhook apply to async runs only: add --async');
  }
  return parsed.data;
}

/** --commerce and --expand-products as the run's option; --expand-products needs an engine that takes it. */
function commerceFromFlags(flags: RunFlags, engines: EngineName[]): CommerceOption | undefined {
  if (!flags.commerce && !flags.expandProducts) return undefined;
  const option = { shoppingAndAds: flags.commerce === true, expandProducts: flags.expandProducts === true };
  if (
    option.expandProducts &&
    commerceTargets(engines, { shoppingAndAds: false, expandProducts: true }).length === 0
  )
    throw new CliUsageError(
      `--expand-products: none of the chosen engines (${engines.join(', ')}) takes include.expandProducts (search-ai does)`,
    );
  return option;
}

/** The estimate's line for the shopping-and-ads option: what it sets where, and what it adds. */
export function commerceLine(est: RunEstimateView): string | null {
  if (!est.commerce) return null;
  const where = est.commerce.engines.map((t) => `${t.engine} include.${t.flags.join(', include.')}`);
  return where.length === 0
    ? 'Shopping and ads: no flag to set (the chosen engines return their shopping and ads without one), +0 credits'
    : `Shopping and ads: ${where.join('; ')}, up to +${est.commerce.credits} credits of the maximum`;
}

function estimateLines(est: RunEstimateView): string[] {
  const lines = [
    `Jobs: ${est.jobs}`,
    `Maximum cost: ${est.maxCredits} credits`,
    `Balance: ${est.balance === null ? 'unknown' : `${est.balance} credits`}`,
  ];
  if (est.budget !== null) lines.push(`Budget: ${est.budget} credits`);
  const commerce = commerceLine(est);
  if (commerce) lines.push(commerce);
  if (est.unavailableEngines.length > 0) {
    lines.push(`Not available yet per the spec (calls may answer 404): ${est.unavailableEngines.join(', ')}`);
  }
  return lines;
}

export interface RunCommandDeps {
  signals: RunSignals;
}

export function makeRegisterRunCommand(deps: RunCommandDeps = { signals: processSignals }): RegisterCommand {
  return (program: Command, ctx: CliContext) => {
    program
      .command('run')
      .description('Run prompts across engines and countries, store every answer, print a summary')
      .option('--prompt <text>', 'a prompt (repeatable)', collect, [])
      .option('--prompts <file>', 'prompts file: TXT one per line, or CSV with a "prompt" column')
      .option('--engine <name>', `engine (repeatable): ${ENGINE_NAMES.join(', ')}`, collect, [])
      .option('--countries <list>', 'country codes, e.g. US,DE,FR')
      .option('--states <list>', 'US state codes, e.g. CA,NY (asked as country US)')
      .option('--repeat <n>', 'samples per cell (answers vary)', '1')
      .option('--async', 'submit async tasks (batches of up to 500) instead of synchronous calls')
      .option('--priority <n>', 'async task priority 1-10 (higher first)')
      .option('--include <flags>', `output flags, comma-separated: ${INCLUDE_FLAGS.join(', ')}`)
      .option(
        '--commerce',
        'track shopping and ads: include.shopping and include.ads on the engines that take them (assistant-a, +2 credits a request)',
      )
      .option(
        '--expand-products',
        'merchant offers per product cluster: include.expandProducts on search-ai (+1 credit per cluster returned, at most +6)',
      )
      .option('--budget <credits>', 'refuse to start if the maximum cost is above this')
      .option('--webhook <url>', 'async: webhook URL passed through to every task')
      .option('--name <name>', 'a name for the run')
      .option('--yes', 'start without asking for confirmation')
      .option('--base-url <url>', 'service base URL (default: the one in settings)')
      .option('--sandbox', 'run against the built-in sandbox (synthetic answers, no credits spent)')
      .option('--db <path>', 'history file (default: the app\u2019s)')
      .action(async (flags: RunFlags) => {
        const code = await withCliCore(ctx, flags, async (core) => {
          const s = core.settings?.get();
          const spec = specFromFlags(flags, {
            engines: s?.defaultEngines ?? ['assistant-a'],
            budget: s?.budgetCap ?? null,
          });
          const online = await core.online();
          const estimate = await online.engine.estimate(spec);
          if (!ctx.json) for (const l of estimateLines(estimate)) writeLine(ctx.stderr, l);
          if (estimate.blockers.length > 0) {
            if (ctx.json) writeJson(ctx, { error: 'refused', blockers: estimate.blockers, estimate });
            throw new CliUsageError(`Run refused: ${estimate.blockers.join(' ')}`);
          }
          if (!flags.yes) {
            if (!ctx.stdin.isTTY)
              throw new CliUsageError('Not a terminal: pass --yes to start without confirmation');
            if (
              !(await askYesNo(ctx, `Start ${estimate.jobs} jobs, up to ${estimate.maxCredits} credits?`))
            ) {
              writeLine(ctx.stderr, 'Not started.');
              return EXIT_OK;
            }
          }
          let runId: string;
          try {
            ({ runId } = await online.engine.start(spec, {
              keyLabel: await online.keyLabel(),
              sandbox: online.sandbox !== null,
              baseUrl: online.baseUrl,
            }));
          } catch (err) {
            if (err instanceof RunRefusedError) throw new CliUsageError(`Run refused: ${err.message}`);
            throw err;
          }
          const resumeCommand = resumeCommandFor(runId, flags);
          const outcome = await watchRun({ ctx, online, runId, signals: deps.signals, resumeCommand });
          if (outcome.kind === 'paused') return reportPaused(ctx, core, runId, outcome.end, resumeCommand);
          return reportEnded(ctx, core, online, runId, outcome.end);
        });
        if (code !== EXIT_OK) throw new CliExit(code);
      });
  };
}

export const registerRunCommand: RegisterCommand = makeRegisterRunCommand();
