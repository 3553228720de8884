import { spawn } from 'node:child_process';
import type { RunnerSeeds, PublishSeedReport, SeedSkipped } from '../../../core/team';
import { formatBytes } from '../../../shared/format-bytes';
import { writeLine, type CliContext } from '../../context';
import { parseAge, seedSkippedLine } from '../../seed-cli';

// How `parallax runner` publishes a workspace's seed: `parallax team seed` as a child process,
// the very command a server's timer runs. A publication pulls into the seed's replica (through
// ingest, which holds a thread for seconds at a time) and compresses gigabytes: in a process of
// its own it never delays the runs' requests, heartbeats or pushes. Its result is one line of
// the runner's output (a JSON line with --json).

type SeedOutcome = PublishSeedReport | SeedSkipped;

/** The command line that starts this CLI again: the same Node, flags and entry script. */
function cliCommand(): { file: string; args: string[] } {
  const entry = process.argv[1];
  if (!entry) throw new Error('the CLI’s entry script is unknown: cannot start `parallax team seed`');
  return { file: process.execPath, args: [...process.execArgv, entry] };
}

function printOutcome(ctx: CliContext, slug: string, outcome: SeedOutcome, ms: number): void {
  if (ctx.json) {
    writeLine(ctx.stdout, JSON.stringify({ event: 'seed', ...outcome, durationMs: Math.round(ms) }));
    return;
  }
  const said =
    'skipped' in outcome
      ? seedSkippedLine(outcome)
      : `published  ${outcome.answers.toLocaleString('en-US')} answers  ${formatBytes(outcome.bytes)} (${formatBytes(outcome.uploadedBytes)} sent)`;
  writeLine(ctx.stdout, `${slug}/seed  ${said}  ${(ms / 1000).toFixed(1)} s`);
}

const lastLine = (text: string): string => text.trim().split('\n').pop() ?? '';

/** The JSON document `team seed --json` printed (its only output), or null. */
function report(out: string): SeedOutcome | null {
  try {
    return JSON.parse(out) as SeedOutcome;
  } catch {
    return null;
  }
}

/**
 * The runner's seeds from --seed-every: 24h by default for a looping runner, none by default with
 * --once (a cron's quick pass), none with `off`.
 */
export function runnerSeeds(
  ctx: CliContext,
  flag: string | undefined,
  once: boolean,
): RunnerSeeds | undefined {
  const every = flag ?? (once ? 'off' : '24h');
  if (every.trim() === 'off') return undefined;
  return childSeedPublisher(ctx, parseAge('--seed-every', every));
}

/** A workspace's seed published every `everyMs` by `parallax team seed` children. */
export function childSeedPublisher(ctx: CliContext, everyMs: number): RunnerSeeds {
  const warn = (message: string): void => writeLine(ctx.stderr, `parallax runner: ${message}`);
  const { file, args } = cliCommand();
  const ifOlder = `${Math.max(1, Math.floor(everyMs / 60_000))}m`;
  return {
    everyMs,
    publish: (slug, signal) =>
      new Promise<void>((resolve) => {
        if (signal.aborted) return resolve();
        const started = performance.now();
        const child = spawn(file, [...args, 'team', 'seed', '--json', '--if-older', ifOlder], {
          env: { ...ctx.env, PARALLAX_WORKSPACE: slug },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        let err = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr.on('data', (d: Buffer) => (err += d.toString()));
        // A stop cuts the publication (no visible seed is left); the child says so and exits.
        const onAbort = (): void => void child.kill('SIGTERM');
        signal.addEventListener('abort', onAbort, { once: true });
        let settled = false;
        const done = (failure: string | null): void => {
          if (settled) return;
          settled = true;
          signal.removeEventListener('abort', onAbort);
          const outcome = failure === null ? report(out) : null;
          if (outcome) printOutcome(ctx, slug, outcome, performance.now() - started);
          else
            warn(
              `the seed of ${slug} was not published (retried later): ${failure ?? 'it printed no report'}`,
            );
          resolve();
        };
        child.on('error', (error) => done(error.message));
        child.on('close', (code, killedBy) => {
          if (code === 0) done(null);
          else if (signal.aborted) done('the runner stopped');
          else done(`${lastLine(err)} (exit ${code ?? killedBy})`);
        });
      }),
  };
}
