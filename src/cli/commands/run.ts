import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createInterface } from 'node:readline/promises';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { ENGINE_NAMES, isEngineName, type EngineName } from '../../shared/api/engines';
import {
  runSpecSchema,
  type EngineOptions,
  type IncludeFlags,
  type RunSpec,
} from '../../shared/domain/run-spec';
import type { RunEstimateView, RunProgressView } from '../../shared/ipc/channels/runs';
import { ENGINE_INCLUDES, parsePromptFile, RunRefusedError } from '../../main/runs';
import type { HistoryStore } from '../../main/store';
import {
  CliExit,
  CliUsageError,
  EXIT_JOBS_FAILED,
  EXIT_OK,
  writeJson,
  writeLine,
  type CliContext,
} from '../context';
import { clip, formatTable, withCliCore, type CoreFlags } from '../core';
import type { RegisterCommand } from './index';

// `parallax run`: prompts × engines × countries (× states) × repeats, checked against the
// balance and the budget, confirmed (unless --yes), run with a progress bar on a TTY, and
// summed up in a table (or one JSON document with --json). Exit 0 when every job succeeded,
// 1 when some did not, 2 on bad input.

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
    let text: string;
    try {
      text = readFileSync(flags.prompts, 'utf8');
    } catch (err) {
      throw new CliUsageError(`--prompts: cannot read ${flags.prompts} (${(err as Error).message})`);
    }
    const parsed = parsePromptFile(text, basename(flags.prompts));
    if (!parsed.ok) throw new CliUsageError(`--prompts: ${parsed.message}`);
    prompts.push(...parsed.prompts);
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

function estimateLines(est: RunEstimateView): string[] {
  const lines = [
    `Jobs: ${est.jobs}`,
    `Maximum cost: ${est.maxCredits} credits`,
    `Balance: ${est.balance === null ? 'unknown' : `${est.balance} credits`}`,
  ];
  if (est.budget !== null) lines.push(`Budget: ${est.budget} credits`);
  if (est.unavailableEngines.length > 0) {
    lines.push(`Not available yet per the spec (calls may answer 404): ${est.unavailableEngines.join(', ')}`);
  }
  return lines;
}

async function confirm(ctx: CliContext, question: string): Promise<boolean> {
  const rl = createInterface({ input: ctx.stdin, output: ctx.stderr });
  try {
    const answer = await rl.question(`${question} [y/N] `);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}

function summaryTable(core: { store: HistoryStore }, runId: string): string {
  const cells = core.store.getRunMatrix(runId);
  const groups = new Map<
    string,
    { engine: string; location: string; ok: number; failed: number; other: number; sources: number }
  >();
  for (const c of cells) {
    const location = c.state ? `US-${c.state}` : c.country;
    const key = `${c.engine}\u0000${location}`;
    const g = groups.get(key) ?? { engine: c.engine, location, ok: 0, failed: 0, other: 0, sources: 0 };
    if (c.jobState === 'succeeded') g.ok++;
    else if (c.jobState === 'failed') g.failed++;
    else g.other++;
    g.sources += c.sourceCount;
    groups.set(key, g);
  }
  return formatTable(
    ['Engine', 'Location', 'Succeeded', 'Failed', 'Other', 'Avg sources'],
    [...groups.values()].map((g) => [
      g.engine,
      g.location,
      g.ok,
      g.failed,
      g.other,
      g.ok ? (g.sources / g.ok).toFixed(1) : '-',
    ]),
  );
}

export function runOutcome(end: RunProgressView): number {
  return end.counts.succeeded === end.total ? EXIT_OK : EXIT_JOBS_FAILED;
}

export const registerRunCommand: RegisterCommand = (program: Command, ctx: CliContext) => {
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
    .option('--budget <credits>', 'refuse to start if the maximum cost is above this')
    .option('--webhook <url>', 'async: webhook URL passed through to every task')
    .option('--name <name>', 'a name for the run')
    .option('--yes', 'start without asking for confirmation')
    .option('--base-url <url>', 'service base URL (default: the one in settings)')
    .option('--sandbox', 'run against the built-in sandbox (synthetic answers, no credits spent)')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(async (flags: RunFlags) => {
      const tty = Boolean(ctx.stdout.isTTY) && !ctx.json;
      let bar: cliProgress.SingleBar | null = null;
      const code = await withCliCore(ctx.env, flags, async (core) => {
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
          if (!(await confirm(ctx, `Start ${estimate.jobs} jobs, up to ${estimate.maxCredits} credits?`))) {
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
        if (tty) {
          bar = new cliProgress.SingleBar(
            {
              format:
                'Jobs {bar} {value}/{total} | failed {failed} | credits {credits} | ETA {eta_formatted}',
              stream: ctx.stdout,
              hideCursor: true,
            },
            cliProgress.Presets.shades_classic,
          );
          bar.start(estimate.jobs, 0, { failed: 0, credits: 0 });
        }
        const interval = setInterval(() => {
          const p = online.engine.progress(runId);
          if (!p || !bar) return;
          bar.update(p.counts.succeeded + p.counts.failed + p.counts.interrupted + p.counts.canceled, {
            failed: p.counts.failed,
            credits: p.creditsSpent,
          });
        }, 200);
        let end: RunProgressView;
        try {
          end = await online.engine.wait(runId);
        } finally {
          clearInterval(interval);
          (bar as cliProgress.SingleBar | null)?.stop();
        }
        const failures = core.store.listJobs(runId, { states: ['failed', 'interrupted'] }).map((j) => ({
          jobId: j.id,
          prompt: j.prompt,
          engine: j.engine,
          country: j.country,
          state: j.state,
          jobState: j.jobState,
          code: j.errorCode,
          message: j.errorMessage,
          requestId: j.requestId,
        }));
        if (ctx.json) {
          writeJson(ctx, {
            runId,
            status: end.status,
            synthetic: online.sandbox !== null,
            total: end.total,
            counts: end.counts,
            creditsSpent: end.creditsSpent,
            maxCredits: end.maxCredits,
            failures,
            notices: end.notices,
          });
        } else {
          writeLine(
            ctx.stdout,
            `Run ${runId}: ${end.status}${online.sandbox ? ' (sandbox, synthetic data)' : ''}`,
          );
          writeLine(ctx.stdout, summaryTable(core, runId));
          writeLine(ctx.stdout, `Credits spent: ${end.creditsSpent} (maximum ${end.maxCredits})`);
          for (const n of end.notices) writeLine(ctx.stdout, `! ${n}`);
          for (const f of failures.slice(0, 10)) {
            writeLine(
              ctx.stdout,
              `  ${f.jobState} ${f.engine} ${f.state ? `US-${f.state}` : f.country} "${clip(f.prompt, 40)}": ${f.code ?? ''} ${f.message ?? ''} (request ${f.requestId ?? 'n/a'})`,
            );
          }
        }
        return runOutcome(end);
      });
      if (code !== EXIT_OK) throw new CliExit(code);
    });
};
