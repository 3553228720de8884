import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import type { RunLogLine, RunnerSummary } from '../../../core/team';
import { CliExit, CliUsageError, EXIT_JOBS_FAILED, writeLine, type CliContext } from '../../context';
import { EXIT_INTERRUPTED, processSignals, type RunSignals } from '../../run-session';
import {
  intFlag,
  openRunnerWorkspace,
  runnerKeyStore,
  runnerSlugs,
  type OpenedWorkspace,
  type RunnerFlags,
} from './runner-cli';
import { runnerSeeds } from './runner-seeds';
import { defaultTeamCliDeps, openCliTeam, runTeamAction, type TeamCliDeps } from '../../team-cli';
import type { RegisterCommand } from '../register-command';

// `parallax runner`: the always-on runner of a team. It claims the
// workspace's due monitors on the team's PostgreSQL (any number of runners run each due slot
// once), runs them with the same engine and after-run steps as `monitors run`, pushes each run
// to the team as it goes, and finishes the runs of runners that died. One line per run.

const HELP = `
The team comes from PARALLAX_TEAM_URL (servers) or \`parallax team connect\`; the service key
from PARALLAX_API_KEY, --key-file FILE (readable by its owner only) or the keychain. Each
workspace's runs are journaled in the runner's own history (--db, default
<data folder>/runner/<workspace>.db), so a killed runner loses nothing it stored and another
runner finishes its run once its lease has passed.

--once runs what is due (and what dead runners left) and exits: 0 when every run completed,
1 when a run failed or the team server cannot be reached, 2 for bad usage (a bad --key-file).
Without --once it keeps polling. SIGTERM or Ctrl-C stops it: nothing new is claimed, the runs
under way are paused, pushed and their claims released so another runner resumes them at
once; it exits 130 when it handed runs on, 0 when none was under way.

New desktops start their first sync from a workspace's seed (minutes instead of a quarter of an
hour for a million answers): beside its runs, a looping runner publishes each workspace's seed
when its newest is older than --seed-every (default 24h; off: never), as \`parallax team seed\`
in a process of its own, one at a time; its replica is <data folder>/seeds/<workspace>/. With
--once it publishes the due ones after its runs only when --seed-every is given.`;

function textLine(line: RunLogLine): string {
  const seconds = (line.durationMs / 1000).toFixed(1);
  const parts = [
    `${line.workspace}/${line.monitor}`,
    `run ${line.runId ?? '-'}`,
    line.status,
    `${line.answers} answers`,
    `${line.credits} credits`,
    `${seconds} s`,
  ];
  if (line.takeover) parts.push('taken over from a stopped runner');
  if (line.alerts > 0) parts.push(`${line.alerts} change alert${line.alerts === 1 ? '' : 's'}`);
  if (line.error) parts.push(`error: ${line.error}`);
  return parts.join('  ');
}

function printSummary(ctx: CliContext, summary: RunnerSummary): void {
  if (ctx.json) {
    writeLine(ctx.stdout, JSON.stringify({ event: 'summary', ...summary }));
    return;
  }
  if (summary.runs === 0) writeLine(ctx.stdout, 'Nothing is due.');
  else
    writeLine(
      ctx.stdout,
      `${summary.runs} run${summary.runs === 1 ? '' : 's'}: ${summary.completed} completed, ${summary.failed} failed, ${summary.handedOn} handed on; ${summary.answers} answers, ${summary.credits} credits`,
    );
}

async function serve(
  ctx: CliContext,
  deps: TeamCliDeps,
  signals: RunSignals,
  flags: RunnerFlags,
): Promise<number> {
  const tuning = {
    parallel: intFlag('--parallel', flags.parallel, 1, 64),
    leaseMs: intFlag('--lease', flags.lease, 1, 3600) * 1000,
    pollMs: intFlag('--poll', flags.poll, 1, 3600) * 1000,
    pushMs: 1000,
  };
  const seeds = runnerSeeds(ctx, flags.seedEvery, flags.once === true);
  const secretStore = await runnerKeyStore(flags);
  const settings = await deps.openSettings(ctx.env);
  const team = await openCliTeam(deps, ctx.env, settings);
  if (!team)
    throw new CliUsageError(
      'The runner needs a team server: set PARALLAX_TEAM_URL or run `parallax team connect URL`.',
    );
  const slugs = await runnerSlugs(flags, ctx.env, team, deps);
  const [{ createRunner }, { openTeamClient }] = await Promise.all([
    import('../../lazy/runner'),
    import('../../lazy/team-server'),
  ]);
  const warn = (message: string): void => writeLine(ctx.stderr, `parallax runner: ${message}`);
  const opened: OpenedWorkspace[] = [];
  const controller = new AbortController();
  let signaled = 0;
  const unhook = signals.listen(() => {
    signaled += 1;
    if (signaled === 1) controller.abort();
    else {
      // A second signal: stop at once (answers received are committed; the lease hands the runs on).
      for (const o of opened) o.workspace.engine.abortAll();
      signals.exitNow(EXIT_INTERRUPTED);
    }
  });
  try {
    for (const slug of slugs)
      opened.push(await openRunnerWorkspace(slug, flags, ctx.env, deps, secretStore, warn));
    const config = await team.configured();
    if (!config) throw new CliUsageError('The team connection is gone (PARALLAX_TEAM_URL unset?).');
    const claims = await openTeamClient(config.url);
    try {
      const summary = await team.withTeam((session) =>
        createRunner({
          session,
          claims,
          workspaces: opened.map((o) => o.workspace),
          identity: {
            id: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
            host: hostname(),
            pid: process.pid,
          },
          tuning,
          warn,
          ...(seeds ? { seeds } : {}),
          log: (line) =>
            writeLine(ctx.stdout, ctx.json ? JSON.stringify({ event: 'run', ...line }) : textLine(line)),
        }).run({ once: flags.once === true, signal: controller.signal }),
      );
      printSummary(ctx, summary);
      if (signaled > 0 && summary.handedOn > 0) return EXIT_INTERRUPTED;
      return summary.failed > 0 ? EXIT_JOBS_FAILED : 0;
    } finally {
      await claims.end();
    }
  } finally {
    unhook();
    for (const o of opened) await o.close();
  }
}

export function runnerCommandModule(
  overrides: Partial<TeamCliDeps> = {},
  signals: RunSignals = processSignals,
): RegisterCommand {
  const deps: TeamCliDeps = { ...defaultTeamCliDeps, ...overrides };
  return (program: Command, ctx: CliContext) => {
    program
      .command('runner')
      .description(
        'Always-on runner: claim the team\u2019s due monitors, run them, push them (--once: run what is due and exit)',
      )
      .option('--once', 'run what is due now (and what stopped runners left), then exit')
      .option(
        '--all',
        'serve every workspace granted to the runner\u2019s role (else --workspace or the current one)',
      )
      .option('--base-url <url>', 'service base URL (default: the one in settings)')
      .option('--db <path>', 'the runner\u2019s history file (default: <data folder>/runner/<workspace>.db)')
      .option(
        '--key-file <path>',
        'read the service key from this file (mode 600), else PARALLAX_API_KEY or the keychain',
      )
      .option('--parallel <n>', 'runs driven at once', '4')
      .option(
        '--lease <seconds>',
        'a claim without a heartbeat this long is taken over by another runner',
        '60',
      )
      .option('--poll <seconds>', 'how often a looping runner looks for due monitors', '30')
      .option(
        '--seed-every <age>',
        'publish each workspace\u2019s seed for new desktops when its newest is this old (90m, 20h, 7d; off; default 24h, none with --once)',
      )
      .addHelpText('after', HELP)
      .action(async (flags: RunnerFlags) => {
        const code = await runTeamAction(ctx, () => serve(ctx, deps, signals, flags));
        if (code !== 0) throw new CliExit(code);
      });
  };
}

export const registerRunnerCommand: RegisterCommand = runnerCommandModule();
