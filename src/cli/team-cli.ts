import type { TeamStatusView } from '../shared/ipc/channels/team';
import { seedText } from '../shared/seed-text';
import type { SecretStore, SettingsStore } from '../core/platform';
import type { TeamService } from '../core/team';
import { CliExit, CliUsageError, EXIT_JOBS_FAILED, EXIT_USAGE, writeLine, type CliContext } from './context';

// What `parallax team …` and `parallax workspace …` share: their dependencies (injectable, so
// the in-process tests use a memory keychain), the team service when a team is configured, and
// one way to report a failure: one line on stderr, exit 2 for bad usage, 1 for a server that
// refused or could not be reached (the local history is untouched either way).

export interface TeamCliDeps {
  openSettings: (env: NodeJS.ProcessEnv) => Promise<SettingsStore>;
  /** The keychain entry for the team password. */
  openPasswords: () => Promise<SecretStore>;
}

export const defaultTeamCliDeps: TeamCliDeps = {
  openSettings: async (env) => (await import('./lazy/settings')).openSettingsStore({ env }),
  openPasswords: async () => (await import('./lazy/team-server')).createTeamPasswordStore(),
};

/** The team service over the CLI's settings and keychain; null when no team is configured (no keychain probe then). */
export async function openCliTeam(
  deps: TeamCliDeps,
  env: NodeJS.ProcessEnv,
  settings: SettingsStore,
  always = false,
): Promise<TeamService | null> {
  const { createTeamService, TEAM_URL_ENV } = await import('./lazy/team-server');
  if (!always && !settings.get().team && !env[TEAM_URL_ENV]?.trim()) return null;
  return createTeamService({ settings, passwords: await deps.openPasswords(), env, now: Date.now });
}

/** The team service, or bad usage saying how to connect one (for commands that need a team). */
export async function requireCliTeam(
  deps: TeamCliDeps,
  env: NodeJS.ProcessEnv,
  settings: SettingsStore,
): Promise<TeamService> {
  const team = await openCliTeam(deps, env, settings);
  if (!team) {
    throw new CliUsageError(
      'No team server: run `parallax team connect URL` first (or set PARALLAX_TEAM_URL).',
    );
  }
  return team;
}

/** Runs a team or workspace action; its TeamError or WorkspaceError becomes one line and an exit code. */
export async function runTeamAction<T>(ctx: CliContext, action: () => Promise<T>): Promise<T> {
  const [{ TeamError }, { WorkspaceError }] = await Promise.all([
    import('./lazy/team-server'),
    import('./lazy/workspaces'),
  ]);
  try {
    return await action();
  } catch (error) {
    if (error instanceof WorkspaceError) throw new CliUsageError(error.message);
    if (!(error instanceof TeamError)) throw error;
    writeLine(ctx.stderr, `parallax: ${error.message}`);
    throw new CliExit(error.isUsage ? EXIT_USAGE : EXIT_JOBS_FAILED);
  }
}

/** Reads a password piped on stdin (--password-stdin): the first line, without its newline. */
export async function readPasswordFromStdin(ctx: CliContext): Promise<string> {
  if (ctx.stdin.isTTY)
    throw new CliUsageError(
      '--password-stdin reads a piped password: printf %s "$PW" | parallax team connect URL --password-stdin',
    );
  let text = '';
  for await (const chunk of ctx.stdin)
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  const password = text.split(/\r?\n/)[0] ?? '';
  if (password === '') throw new CliUsageError('--password-stdin: nothing was piped on stdin');
  return password;
}

export function printTeamStatus(ctx: CliContext, status: TeamStatusView): void {
  const line = (label: string, value: string): void => writeLine(ctx.stdout, `${label.padEnd(14)}${value}`);
  if (!status.connected) {
    writeLine(ctx.stdout, 'No team server configured (parallax team connect URL, or PARALLAX_TEAM_URL).');
    return;
  }
  line(
    'Team server:',
    `${status.server ?? ''}${status.source === 'environment' ? '  (from PARALLAX_TEAM_URL)' : ''}`,
  );
  if (status.reachable) {
    line('Connection:', status.tls ?? '');
    line('Schema:', `version ${status.schemaVersion} (this Parallax: ${status.knownVersion})`);
    line('Signed in as:', `${status.user}${status.teamAdmin ? ' (team admin)' : ''}`);
  } else {
    line('Connection:', `not reachable: ${status.error ?? ''}`);
  }
  line('Password in:', status.passwordStore ?? '-');
  if (status.reachable) {
    if (status.workspaces.length === 0)
      line('Workspaces:', 'none granted yet (ask a team admin: parallax workspace grant NAME --member ROLE)');
    const now = Date.now();
    status.workspaces.forEach((w, i) =>
      line(i === 0 ? 'Workspaces:' : '', `${w.slug} (${w.access}): ${seedText(w.seed, now)}`),
    );
  }
}
