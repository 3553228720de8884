import { appendFileSync } from 'node:fs';
import type { Command } from 'commander';
import { PLAN_NAMES, parsePlanName } from '../../../shared/api/engines';
import { startSandbox, type FaultRates, type SandboxOptions } from '../../../sandbox/index';
import { PROFILE_ENV, resolveProfileRef } from '../../../core/platform';
import { CliUsageError, writeLine, type CliContext } from '../../context';
import type { RegisterCommand } from '../register-command';
import { engineLabeler } from '../../../shared/profile';
import { engineNames, engineNamesLine } from '../../engine-names';

// `parallax sandbox`: the whole service on a loopback port with synthetic engines. Prints
// its base URL and an API key valid for it (one JSON line with --json), then serves until
// SIGINT or SIGTERM. With the global --profile FILE it serves that deployment's naming
// (engine paths, taskType tokens, countries models, base costs, availability).

export interface SandboxCommandDeps {
  /** Resolves when the server should stop (default: SIGINT or SIGTERM). */
  untilStopped: () => Promise<void>;
}

const defaultDeps: SandboxCommandDeps = {
  untilStopped: () =>
    new Promise((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    }),
};

interface SandboxFlags {
  port?: string;
  host?: string;
  plan?: string;
  credits?: string;
  latencyMs?: string;
  rateLimit?: string;
  available?: string;
  faults?: string;
  seed?: string;
  requestLog?: string;
}

function int(name: string, value: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new CliUsageError(`--${name} must be a whole number >= ${min} (got ${value})`);
  return n;
}

const FAULT_KEYS = [
  '500',
  '502',
  '429',
  'drop',
  'slow',
  'malformed',
  'refusal',
  'invalid-json',
  'slowMs',
] as const;

/** "500=0.1,502=0.05,drop=0.01,slowMs=3000" → FaultRates. */
export function parseFaults(text: string): FaultRates {
  const faults: FaultRates = {};
  for (const part of text.split(',').filter((p) => p.trim() !== '')) {
    const [key, value] = part.split('=').map((s) => s.trim());
    const k = FAULT_KEYS.find((f) => f === key);
    const n = Number(value);
    if (!k || value === undefined || !Number.isFinite(n) || n < 0) {
      throw new CliUsageError(`--faults takes kind=rate pairs of ${FAULT_KEYS.join(', ')} (got "${part}")`);
    }
    if (k !== 'slowMs' && n > 1) throw new CliUsageError(`--faults rate of ${k} must be between 0 and 1`);
    faults[k] = n;
  }
  return faults;
}

/** "200" (fixed) or "50-250" (uniform range). */
export function parseLatency(text: string): NonNullable<SandboxOptions['latencyMs']> {
  const range = /^(\d+)-(\d+)$/.exec(text);
  if (range) {
    const min = Number(range[1]);
    const max = Number(range[2]);
    if (max < min) throw new CliUsageError('--latency-ms range must be MIN-MAX with MIN <= MAX');
    return { min, max };
  }
  return int('latency-ms', text, 0);
}

export function sandboxOptions(flags: SandboxFlags): SandboxOptions {
  const opts: SandboxOptions = {};
  if (flags.port !== undefined) opts.port = int('port', flags.port, 0);
  if (flags.host !== undefined) opts.host = flags.host;
  if (flags.plan !== undefined) {
    const plan = parsePlanName(flags.plan);
    if (!plan)
      throw new CliUsageError(
        `--plan must be one of ${PLAN_NAMES.map((p) => p.replace(' ', '-')).join(', ')}`,
      );
    opts.plan = plan;
  }
  if (flags.credits !== undefined) opts.credits = int('credits', flags.credits, 0);
  if (flags.latencyMs !== undefined) opts.latencyMs = parseLatency(flags.latencyMs);
  if (flags.rateLimit !== undefined) opts.rateLimit = int('rate-limit', flags.rateLimit, 1);
  if (flags.available !== undefined) {
    if (flags.available !== 'spec' && flags.available !== 'all')
      throw new CliUsageError('--available must be spec or all');
    opts.available = flags.available;
  }
  if (flags.faults !== undefined) opts.faults = parseFaults(flags.faults);
  if (flags.seed !== undefined) opts.seed = int('seed', flags.seed, 0);
  if (flags.requestLog !== undefined) {
    const file = flags.requestLog;
    // One JSON line per request, written as it is answered (the fault soak reads it back).
    opts.onRequest = (entry) => appendFileSync(file, `${JSON.stringify(entry)}\n`);
  }
  return opts;
}

export function makeRegisterSandboxCommand(deps: SandboxCommandDeps = defaultDeps): RegisterCommand {
  return (program: Command, ctx: CliContext) => {
    program
      .command('sandbox')
      .description('Run the local sandbox service (the whole API with synthetic engines) until stopped')
      .option('--port <n>', 'port, 0 = any free port', '0')
      .option('--host <host>', 'loopback address to bind', '127.0.0.1')
      .option(
        '--plan <plan>',
        'plan of the default account: Free, Lite, Hobby, Starter, Growth, Business, Enterprise-2K…',
      )
      .option('--credits <n>', 'starting credit balance')
      .option('--latency-ms <n>', 'engine latency in ms, fixed (200) or a range (50-250)')
      .option('--rate-limit <n>', 'requests per second per account')
      .option('--available <mode>', 'spec: engines as the spec lists them; all: every engine', 'spec')
      .option(
        '--faults <list>',
        'fault rates, e.g. 500=0.1,502=0.05,429=0.1,drop=0.01,slow=0.05,malformed=0.01',
      )
      .option('--seed <n>', 'seed of the synthetic answers and faults')
      .option(
        '--request-log <file>',
        'append one JSON line per request answered (method, path, request id, status, credits)',
      )
      .action(async (flags: SandboxFlags) => {
        let sandbox;
        const profileRef = ctx.env[PROFILE_ENV];
        try {
          const options = sandboxOptions(flags);
          if (profileRef) options.profile = resolveProfileRef(profileRef).profile;
          sandbox = await startSandbox(options);
        } catch (err) {
          if (err instanceof CliUsageError) throw err;
          throw new CliUsageError(err instanceof Error ? err.message : String(err));
        }
        // Listening for Ctrl+C before the URL is printed: a script that stops the sandbox as soon
        // as it reads the URL must get a clean close, not Node's default kill by the signal.
        const stopped = deps.untilStopped();
        if (ctx.json) {
          ctx.stdout.write(
            `${JSON.stringify({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, profile: sandbox.profile.name, engineNames: engineNames(engineLabeler(sandbox.profile)) })}\n`,
          );
        } else {
          writeLine(ctx.stdout, `Sandbox listening on ${sandbox.baseUrl}`);
          writeLine(ctx.stdout, `Service profile: ${sandbox.profile.name}`);
          writeLine(ctx.stdout, engineNamesLine(engineLabeler(sandbox.profile), sandbox.profile.name));
          writeLine(ctx.stdout, `API key: ${sandbox.apiKey}`);
          writeLine(ctx.stdout, 'Press Ctrl+C to stop.');
        }
        await stopped;
        await sandbox.close();
      });
  };
}

export const registerSandboxCommand: RegisterCommand = makeRegisterSandboxCommand();
