import type { Command } from 'commander';
import type { WorkspaceListView } from '../../../shared/ipc/channels/team';
import type { SettingsStore } from '../../../core/platform';
import type { WorkspaceOps } from '../../../core/team';
import {
  CliExit,
  CliUsageError,
  EXIT_JOBS_FAILED,
  writeJson,
  writeLine,
  type CliContext,
} from '../../context';
import { cliDataFolder, formatTable } from '../../core';
import { defaultTeamCliDeps, openCliTeam, runTeamAction, type TeamCliDeps } from '../../team-cli';
import type { RegisterCommand } from '../register-command';

// `parallax workspace list|create|use|grant|revoke`: one workspace per client, each with its own
// history; without a team they live on this machine only, with one they also exist on the
// server, where grants say who may read (viewer) or write (member, admin) them.

async function openOps(
  deps: TeamCliDeps,
  ctx: CliContext,
  needTeam = false,
): Promise<WorkspaceOps & { settings: SettingsStore }> {
  const settings = await deps.openSettings(ctx.env);
  const { createWorkspaceRegistry } = await import('../../lazy/workspaces');
  const registry = createWorkspaceRegistry({
    dataFolder: cliDataFolder(ctx.env, settings),
    settings,
    env: ctx.env,
  });
  const team = await openCliTeam(deps, ctx.env, settings);
  if (needTeam && !team) {
    throw new CliUsageError(
      'Grants need a team server: run `parallax team connect URL` first (or set PARALLAX_TEAM_URL).',
    );
  }
  return { registry, team, settings };
}

function printList(ctx: CliContext, list: WorkspaceListView): void {
  const rows = list.workspaces.map((w) => [
    w.current ? '*' : '',
    w.slug,
    w.name,
    w.access ?? (w.local ? 'local' : '-'),
    w.local ? 'on this machine' : 'not opened here yet',
  ]);
  writeLine(ctx.stdout, formatTable(['', 'Workspace', 'Name', 'Access', 'History'], rows));
}

export function workspaceCommandModule(overrides: Partial<TeamCliDeps> = {}): RegisterCommand {
  const deps: TeamCliDeps = { ...defaultTeamCliDeps, ...overrides };
  return (program: Command, ctx: CliContext) => {
    const workspace = program
      .command('workspace')
      .description('Client workspaces: one history each (--workspace NAME picks one for a command)');

    workspace
      .command('list')
      .description('The workspaces on this machine and, with a team, those granted to you')
      .action(async () => {
        const { listWorkspaces } = await import('../../lazy/team-server');
        const list = await runTeamAction(ctx, async () => listWorkspaces(await openOps(deps, ctx)));
        if (ctx.json) writeJson(ctx, list);
        else printList(ctx, list);
        if (list.teamError) {
          writeLine(ctx.stderr, `parallax: ${list.teamError} (the workspaces on this machine are listed)`);
          throw new CliExit(EXIT_JOBS_FAILED);
        }
      });

    workspace
      .command('create')
      .description('Create a workspace (with a team: on the server too, which needs a team admin)')
      .argument('<name>', 'e.g. "Acme Corp" (its folder and short name: acme-corp)')
      .option('--local', 'on this machine only, even with a team')
      .action(async (name: string, flags: { local?: boolean }) => {
        const { createWorkspace } = await import('../../lazy/team-server');
        const created = await runTeamAction(ctx, async () =>
          createWorkspace(await openOps(deps, ctx), name, flags.local === true),
        );
        if (ctx.json) return writeJson(ctx, created);
        writeLine(
          ctx.stdout,
          `Workspace ${created.slug} ("${created.name}") created. Open it with: parallax workspace use ${created.slug}`,
        );
      });

    workspace
      .command('use')
      .description('Make a workspace the one the app and the CLI open')
      .argument('<name>', 'workspace name or short name')
      .action(async (name: string) => {
        const { useWorkspace } = await import('../../lazy/team-server');
        const used = await runTeamAction(ctx, async () => useWorkspace(await openOps(deps, ctx), name));
        if (ctx.json) return writeJson(ctx, used);
        writeLine(ctx.stdout, `Now using workspace ${used.slug} (${used.dbPath}).`);
      });

    for (const verb of ['grant', 'revoke'] as const) {
      const cmd = workspace
        .command(verb)
        .description(
          verb === 'grant'
            ? 'Let a teammate’s PostgreSQL role read (--viewer) or read and write a team workspace'
            : 'Take a teammate’s access to a team workspace away',
        )
        .argument('<name>', 'workspace short name')
        .requiredOption('--member <role>', 'the teammate’s PostgreSQL login role');
      if (verb === 'grant') {
        cmd.option('--viewer', 'read only').option('--admin', 'may also grant and revoke this workspace');
      }
      cmd.action(async (name: string, flags: { member: string; viewer?: boolean; admin?: boolean }) => {
        if (flags.viewer && flags.admin) throw new CliUsageError('--viewer and --admin exclude each other');
        const access = flags.viewer ? 'viewer' : flags.admin ? 'admin' : 'member';
        const outcome = await runTeamAction(ctx, async () => {
          const { team } = await openOps(deps, ctx, true);
          const service = team as NonNullable<typeof team>;
          return service.withTeam(async (s) =>
            verb === 'grant'
              ? (await service.grant(s, name, flags.member, access), true)
              : service.revoke(s, name, flags.member),
          );
        });
        const result = {
          workspace: name,
          member: flags.member,
          ...(verb === 'grant' ? { access } : { revoked: outcome }),
        };
        if (ctx.json) return writeJson(ctx, result);
        writeLine(
          ctx.stdout,
          verb === 'grant'
            ? `${flags.member} may now ${access === 'viewer' ? 'read' : 'read and write'} workspace ${name}${access === 'admin' ? ' and grant it' : ''}.`
            : outcome
              ? `${flags.member} no longer has access to workspace ${name}.`
              : `${flags.member} had no access to workspace ${name}.`,
        );
      });
    }
  };
}

export const registerWorkspaceCommands: RegisterCommand = workspaceCommandModule();
