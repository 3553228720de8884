import type { Command } from 'commander';
import type { TeamStatusView } from '../../../shared/ipc/channels/team';
import {
  CliExit,
  EXIT_INTERRUPTED,
  EXIT_JOBS_FAILED,
  writeJson,
  writeLine,
  type CliContext,
} from '../../context';
import { withCliCore } from '../../core';
import {
  defaultTeamCliDeps,
  openCliTeam,
  requireCliTeam,
  printTeamStatus,
  readPasswordFromStdin,
  runTeamAction,
  type TeamCliDeps,
} from '../../team-cli';
import { listenForInterrupt } from '../../interrupt';
import { cliSyncJudge } from '../../sync-judge';
import { VERSION } from '../../root-program';
import {
  defaultSeedReplica,
  parseAge,
  printSeedPublished,
  seedProgressPrinter,
  seedSkippedLine,
  servedWorkspace,
} from '../../seed-cli';
import type { RegisterCommand } from '../register-command';

// `parallax team connect|status|disconnect`: the team's shared PostgreSQL history. The
// password goes to the OS keychain and never into settings, the history or any output; the
// stored URL has none. PARALLAX_TEAM_URL (servers, CI) overrides the stored connection.

/** The history key that records which team a history belongs to (sync refuses another team's). */
export const TEAM_LINK_META = 'team.id';

export function teamCommandModule(overrides: Partial<TeamCliDeps> = {}): RegisterCommand {
  const deps: TeamCliDeps = { ...defaultTeamCliDeps, ...overrides };
  return (program: Command, ctx: CliContext) => {
    const team = program
      .command('team')
      .description('Connect to the team’s shared PostgreSQL history (password kept in the OS keychain)');

    team
      .command('connect')
      .description(
        'Connect to a team server: check its schema (or create it with --init) and keep the connection',
      )
      .argument('<url>', 'postgres://ROLE[:PASSWORD]@HOST:PORT/DATABASE?sslmode=verify-full')
      .option('--init', 'create (or upgrade) the team schema: once, by the team owner')
      .option(
        '--password-stdin',
        'read the password from stdin instead of the URL (keeps it out of shell history)',
      )
      .option('--db <path>', 'the history to link to this team (default: the current workspace’s)')
      .action(async (url: string, flags: { init?: boolean; passwordStdin?: boolean; db?: string }) => {
        const { parseTeamUrl, withPassword } = await import('../../lazy/team-server');
        const status = await runTeamAction(ctx, async () => {
          let text = url;
          if (!flags.passwordStdin && parseTeamUrl(url).password !== null) {
            writeLine(
              ctx.stderr,
              'Note: a password in the URL may stay in your shell history; --password-stdin keeps it out.',
            );
          }
          if (flags.passwordStdin)
            text = withPassword(parseTeamUrl(url).safe, await readPasswordFromStdin(ctx));
          const settings = await deps.openSettings(ctx.env);
          const service = await openCliTeam(deps, ctx.env, settings, true);
          return (await service?.connect(text, { init: flags.init === true })) ?? null;
        });
        if (!status) return;
        // The history now belongs to this team (recorded only once the server said yes).
        await withCliCore(ctx, { db: flags.db }, async (core) =>
          core.store.setMeta(TEAM_LINK_META, status.teamId),
        );
        if (ctx.json) return writeJson(ctx, status);
        writeLine(
          ctx.stdout,
          `Connected to ${status.server ?? ''} as ${status.user ?? ''}${flags.init ? ` (team schema version ${status.schemaVersion})` : ''}.`,
        );
        writeLine(
          ctx.stdout,
          `Password kept in ${status.passwordStore ?? 'the keychain'}; the stored URL has none.`,
        );
      });

    team
      .command('status')
      .description('The team server, schema version, your role and the workspaces granted to you')
      .action(async () => {
        const status = await runTeamAction(ctx, async () => {
          const settings = await deps.openSettings(ctx.env);
          const service = await openCliTeam(deps, ctx.env, settings);
          return service ? service.status() : null;
        });
        const shown = status ?? (await notConnected());
        if (ctx.json) writeJson(ctx, shown);
        else printTeamStatus(ctx, shown);
        if (shown.connected && !shown.reachable) {
          writeLine(ctx.stderr, `parallax: ${shown.error ?? 'the team server cannot be reached'}`);
          throw new CliExit(EXIT_JOBS_FAILED);
        }
      });

    team
      .command('seed')
      .description(
        'Publish this workspace’s history as the seed new desktops start their first sync from (a server’s daily job)',
      )
      .option(
        '--db <path>',
        'the seed’s own replica, which only pulls (default: <data folder>/seeds/<workspace>/parallax.db)',
      )
      .option(
        '--if-older <age>',
        'publish only when the newest seed is older than this (90m, 20h, 7d): for a timer that may run often',
      )
      .action((flags: SeedFlags) => publishWorkspaceSeed(ctx, deps, flags));

    team
      .command('disconnect')
      .description(
        'Forget the team connection and delete its password from the keychain (local histories stay)',
      )
      .action(async () => {
        const status = await runTeamAction(ctx, async () => {
          const settings = await deps.openSettings(ctx.env);
          const service = await openCliTeam(deps, ctx.env, settings, true);
          return service?.disconnect() ?? notConnected();
        });
        if (ctx.json) return writeJson(ctx, status);
        writeLine(
          ctx.stdout,
          'Disconnected from the team server; the password was removed from the keychain.',
        );
        if (status.connected)
          writeLine(ctx.stdout, 'PARALLAX_TEAM_URL is still set in this environment and still connects.');
      });
  };
}

interface SeedFlags {
  db?: string;
  ifOlder?: string;
}

/**
 * `parallax team seed`: publishes the current workspace's history as the seed new desktops
 * start from (src/core/team/sync/seed-publish.ts), from a replica of its own that only pulls.
 */
async function publishWorkspaceSeed(ctx: CliContext, deps: TeamCliDeps, flags: SeedFlags): Promise<void> {
  const ifOlderThanMs = flags.ifOlder === undefined ? undefined : parseAge('--if-older', flags.ifOlder);
  const settings = await deps.openSettings(ctx.env);
  const service = await requireCliTeam(deps, ctx.env, settings);
  const workspace = await servedWorkspace(ctx.env, deps);
  const { publishSeed, seedSkipped, SyncError } = await import('../../lazy/team-sync');
  const interrupt = listenForInterrupt();
  const judge = await cliSyncJudge();
  try {
    const report = await runTeamAction(ctx, () =>
      service.withTeam((session) =>
        publishSeed(session, {
          replicaPath: flags.db ?? defaultSeedReplica(workspace.dataFolder, workspace.slug),
          workspace: workspace.slug,
          appVersion: VERSION,
          judge,
          signal: interrupt.signal,
          onProgress: seedProgressPrinter(ctx),
          ...(ifOlderThanMs === undefined ? {} : { ifOlderThanMs }),
        }),
      ),
    ).catch((error: unknown) => {
      if (!(error instanceof SyncError)) throw error;
      writeLine(ctx.stderr, `parallax: ${error.message}`);
      throw new CliExit(error.kind === 'canceled' ? EXIT_INTERRUPTED : EXIT_JOBS_FAILED);
    });
    if (ctx.json) writeJson(ctx, report);
    else if (seedSkipped(report)) writeLine(ctx.stdout, seedSkippedLine(report));
    else printSeedPublished(ctx, report);
  } finally {
    interrupt.dispose();
    await judge.close();
  }
}

/** The status when no team is configured (no keychain is probed for it). */
async function notConnected(): Promise<TeamStatusView> {
  return (await import('../../lazy/team-server')).NOT_CONNECTED_STATUS;
}

export const registerTeamCommands: RegisterCommand = teamCommandModule();
