import type { Command } from 'commander';
import {
  openJudgeKeyStore,
  createJudgeService,
  JudgeSettingsError,
  type JudgeService,
  type JudgeStatusView,
} from '../../../core/positioning';
import {
  SecretStoreReadOnlyError,
  SecretStoreUnavailableError,
  openSettingsStore,
} from '../../../core/platform';
import { DEFAULT_CONCURRENCY, type ModelJudgeConfig } from '../../../shared/positioning/model-judge-config';
import { CliExit, CliUsageError, EXIT_USAGE, writeJson, writeLine, type CliContext } from '../../context';
import type { RegisterCommand } from '../register-command';
import { readKeyInput } from '../key';

// `parallax judge set|status|delete`: the model judge for positioning. Settings in the settings
// file, the key in the OS keychain under its own account, read from a hidden prompt or stdin like
// `parallax key set` (never an argument). `set` merges the options given over the stored
// settings, so `parallax judge set --budget 20 --no-key` changes the budget alone.

interface SetFlags {
  provider?: string;
  model?: string;
  baseUrl?: string;
  apiVersion?: string;
  priceIn?: string;
  priceOut?: string;
  budget?: string;
  concurrency?: string;
  active?: string;
  key?: boolean;
}

function number(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n))
    throw new CliUsageError(`${flag} must be a number, got "${value}"`);
  return n;
}

/** The stored settings with the flags given laid over them. */
function mergedConfig(stored: ModelJudgeConfig | null, f: SetFlags): Record<string, unknown> {
  if (stored === null && (f.provider === undefined || f.model === undefined))
    throw new CliUsageError('No model judge is set yet: pass --provider and --model');
  const budget =
    f.budget === undefined ? undefined : f.budget === 'none' ? null : number('--budget', f.budget);
  const pick = <T>(given: T | undefined, kept: T | undefined, fallback: T): T => given ?? kept ?? fallback;
  return {
    provider: pick(f.provider, stored?.provider, 'openai'),
    model: pick(f.model, stored?.model, ''),
    baseUrl: f.baseUrl === 'none' ? null : pick<string | null>(f.baseUrl, stored?.baseUrl, null),
    apiVersion: f.apiVersion === 'none' ? null : pick<string | null>(f.apiVersion, stored?.apiVersion, null),
    priceIn: pick(number('--price-in', f.priceIn), stored?.priceIn, 0),
    priceOut: pick(number('--price-out', f.priceOut), stored?.priceOut, 0),
    budget: budget === undefined ? (stored?.budget ?? null) : budget,
    concurrency: pick(number('--concurrency', f.concurrency), stored?.concurrency, DEFAULT_CONCURRENCY),
  };
}

const FLAG_OF: Record<string, string> = {
  provider: '--provider',
  model: '--model',
  baseUrl: '--base-url',
  apiVersion: '--api-version',
  priceIn: '--price-in',
  priceOut: '--price-out',
  budget: '--budget',
  concurrency: '--concurrency',
  key: 'the key',
};

async function guarded<T>(ctx: CliContext, op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (error) {
    if (error instanceof JudgeSettingsError) {
      const lines = Object.entries(error.fields).map(([f, m]) => `${FLAG_OF[f] ?? f}: ${m}`);
      if (ctx.json)
        writeJson(ctx, {
          error: { code: 'INVALID_JUDGE_SETTINGS', message: error.message, fields: error.fields },
        });
      writeLine(ctx.stderr, `parallax: invalid judge settings:\n  ${lines.join('\n  ')}`);
      throw new CliExit(EXIT_USAGE);
    }
    if (error instanceof SecretStoreReadOnlyError || error instanceof SecretStoreUnavailableError)
      throw new CliUsageError(error.message);
    throw error;
  }
}

function printStatus(ctx: CliContext, s: JudgeStatusView): void {
  const c = s.config;
  const price = (usd: number) => `$${usd} per million tokens`;
  writeLine(ctx.stdout, `Active judge: ${s.active}${s.active === 'builtin' ? ' (built-in)' : ''}`);
  if (c === null)
    return writeLine(ctx.stdout, 'Model judge: not set (`parallax judge set --provider … --model …`)');
  writeLine(ctx.stdout, `Model judge: ${s.judge?.id ?? ''} (version ${s.judge?.version ?? ''})`);
  writeLine(
    ctx.stdout,
    `  Provider:    ${c.provider}${c.baseUrl ? ` at ${c.baseUrl}` : ''}${c.apiVersion ? ` (api-version ${c.apiVersion})` : ''}`,
  );
  writeLine(ctx.stdout, `  Prices:      input ${price(c.priceIn)}, output ${price(c.priceOut)}`);
  writeLine(
    ctx.stdout,
    `  Budget:      ${c.budget === null ? 'none' : `$${c.budget.toFixed(2)} per re-score`}`,
  );
  writeLine(ctx.stdout, `  Concurrency: ${c.concurrency} calls at once`);
  writeLine(ctx.stdout, `  Key:         ${s.key.masked ?? 'not set'} (${s.key.backend})`);
  if (s.key.warning) writeLine(ctx.stdout, `  Note:        ${s.key.warning}`);
}

export interface JudgeCommandDeps {
  openService: (env: NodeJS.ProcessEnv) => Promise<JudgeService>;
}

const defaultDeps: JudgeCommandDeps = {
  openService: async (env) =>
    createJudgeService({ settings: openSettingsStore({ env }), secrets: await openJudgeKeyStore({ env }) }),
};

export function judgeCommandModule(overrides: Partial<JudgeCommandDeps> = {}): RegisterCommand {
  const deps = { ...defaultDeps, ...overrides };
  return (program: Command, ctx: CliContext) => {
    const judge = program
      .command('judge')
      .description('The model judge for positioning: your own model (OpenAI, Anthropic or compatible)');

    judge
      .command('set')
      .description(
        'Set the model judge; the key is read from a hidden prompt or stdin and kept in the OS keychain',
      )
      .allowExcessArguments(true)
      .option(
        '--provider <name>',
        'openai, anthropic or openai-compatible (Azure, OpenRouter, Ollama, LM Studio)',
      )
      .option('--model <name>', 'the model (Azure: the deployment name)')
      .option('--base-url <url>', 'the endpoint (required for openai-compatible; none to clear)')
      .option('--api-version <v>', 'Azure OpenAI api-version (none to clear)')
      .option('--price-in <usd>', 'US dollars per million input tokens (for the estimate and the budget)')
      .option('--price-out <usd>', 'US dollars per million output tokens')
      .option(
        '--budget <usd>',
        'refuse a re-score estimated above this, stop one that spends it (none: no cap)',
      )
      .option('--concurrency <n>', `calls at once (default ${DEFAULT_CONCURRENCY})`)
      .option('--active <judge>', 'the judge the views read: model or builtin')
      .option('--no-key', 'do not ask for a key (keep the stored one; local endpoints need none)')
      .action(async (flags: SetFlags, command: Command) => {
        if (command.args.length > 0)
          throw new CliUsageError(
            'The key is never accepted as an argument (it would stay in your shell history): paste it at the prompt or pipe it on stdin.',
          );
        if (flags.active !== undefined && flags.active !== 'model' && flags.active !== 'builtin')
          throw new CliUsageError(`--active must be model or builtin, got "${flags.active}"`);
        const service = await deps.openService(ctx.env);
        const config = mergedConfig((await service.status()).config, flags);
        const typed = flags.key === false ? '' : await readKeyInput(ctx);
        const status = await guarded(ctx, () =>
          service.set({
            config,
            key: typed === '' ? null : typed,
            ...(flags.active ? { active: flags.active as 'model' | 'builtin' } : {}),
          }),
        );
        if (ctx.json) return writeJson(ctx, status);
        writeLine(
          ctx.stdout,
          `Model judge set: ${status.judge?.id ?? ''}${typed ? `, key ${status.key.masked ?? ''} saved in ${status.key.backend}` : ''}.`,
        );
        printStatus(ctx, status);
      });

    judge
      .command('status')
      .description('Show the model judge, its prices and budget, its key (masked) and the active judge')
      .action(async () => {
        const status = await (await deps.openService(ctx.env)).status();
        if (ctx.json) writeJson(ctx, status);
        else printStatus(ctx, status);
      });

    judge
      .command('delete')
      .description(
        'Forget the model judge and delete its key from the keychain (the views read the built-in judge)',
      )
      .action(async () => {
        const service = await deps.openService(ctx.env);
        const result = await guarded(ctx, () => service.delete());
        if (ctx.json) writeJson(ctx, result);
        else
          writeLine(
            ctx.stdout,
            result.deleted
              ? 'Model judge and its key deleted; the views read the built-in judge.'
              : 'No model judge was set.',
          );
      });
  };
}

export const registerJudgeCommands: RegisterCommand = judgeCommandModule();
