import { join } from 'node:path';
import type {
  InstallSeedReport,
  PublishSeedReport,
  SeedProgress,
  SeedSkipped,
  TeamService,
} from '../core/team';
import { formatBytes } from '../shared/format-bytes';
import { CliExit, CliUsageError, writeLine, type CliContext } from './context';
import { cliDataFolder } from './core';
import { EXIT_INTERRUPTED } from './run-session';
import type { TeamCliDeps } from './team-cli';

// Workspace seeds from the command line (src/core/team/sync/seed-*.ts): `parallax team seed`
// publishes one, and `parallax sync` starts a workspace this machine has no history of yet from
// the newest one. Progress on stderr, a line every few seconds (the files are gigabytes).

/** The workspace a command uses (--workspace / PARALLAX_WORKSPACE, else the current one) and its history. */
export async function currentWorkspace(
  env: NodeJS.ProcessEnv,
  deps: TeamCliDeps,
): Promise<{ slug: string; dbPath: string; dataFolder: string }> {
  const settings = await deps.openSettings(env);
  const { createWorkspaceRegistry, WorkspaceError } = await import('./lazy/workspaces');
  const dataFolder = cliDataFolder(env, settings);
  try {
    const current = createWorkspaceRegistry({ dataFolder, settings, env }).current();
    return { slug: current.slug, dbPath: current.dbPath, dataFolder };
  } catch (error) {
    if (error instanceof WorkspaceError) throw new CliUsageError(error.message);
    throw error;
  }
}

/**
 * The team workspace a server's command serves (`team seed`, `runner`): --workspace /
 * PARALLAX_WORKSPACE names it, and it need not exist on this machine (a server keeps no
 * workspace folders, only the replicas these commands make); else the current one.
 */
export async function servedWorkspace(
  env: NodeJS.ProcessEnv,
  deps: TeamCliDeps,
): Promise<{ slug: string; dataFolder: string }> {
  const named = env['PARALLAX_WORKSPACE']?.trim();
  if (!named) return currentWorkspace(env, deps);
  const { toSlug, WorkspaceError } = await import('./lazy/workspaces');
  try {
    return { slug: toSlug(named), dataFolder: cliDataFolder(env, await deps.openSettings(env)) };
  } catch (error) {
    if (error instanceof WorkspaceError) throw new CliUsageError(error.message);
    throw error;
  }
}

const AGE_UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** An age flag's value (90m, 20h, 7d) in ms, or bad usage naming the flag. */
export function parseAge(flag: string, text: string): number {
  const match = /^(\d{1,6})([mhd])$/.exec(text.trim());
  const ms = match ? Number(match[1]) * (AGE_UNITS[match[2] as string] as number) : 0;
  if (ms <= 0) throw new CliUsageError(`${flag} takes an age such as 90m, 20h or 7d, not "${text}"`);
  return ms;
}

/** Where `parallax team seed` keeps a workspace's seed replica unless --db says otherwise. */
export const defaultSeedReplica = (dataFolder: string, slug: string): string =>
  join(dataFolder, 'seeds', slug, 'parallax.db');

const PHASES: Record<SeedProgress['phase'], string> = {
  pull: 'Bringing the seed’s replica up to date',
  upload: 'Uploading the seed',
  download: 'Downloading the workspace’s seed',
};

/** Prints seed progress on stderr, one line every few seconds (none with --json). */
export function seedProgressPrinter(ctx: CliContext): (p: SeedProgress) => void {
  let last = 0;
  return (p) => {
    if (ctx.json || Date.now() - last < 3000) return;
    last = Date.now();
    const amount =
      p.phase === 'pull'
        ? `${p.done.toLocaleString('en-US')}/${p.total.toLocaleString('en-US')}`
        : `${formatBytes(p.done)} of ${formatBytes(p.total)}`;
    writeLine(ctx.stderr, `${PHASES[p.phase]}… ${amount}`);
  };
}

/**
 * `parallax sync` on a workspace with no history here yet: installs the newest seed first.
 * Null when the team has none (or none of this version's schema); a seed that cannot be used is said
 * and skipped (the sync pulls everything). Ctrl-C during the download keeps nothing: exit 130.
 */
export async function startFromSeed(
  ctx: CliContext,
  team: TeamService,
  target: { path: string; workspace: string; signal: AbortSignal },
): Promise<InstallSeedReport | null> {
  const { installSeed, SeedRefused, SyncError } = await import('./lazy/team-sync');
  try {
    const installed = await team.withTeam((session) =>
      installSeed(session, { ...target, onProgress: seedProgressPrinter(ctx) }),
    );
    if (ctx.json) return installed;
    if (installed) {
      writeLine(
        ctx.stderr,
        `Started from the workspace’s seed of ${new Date(installed.createdAt).toISOString().slice(0, 16).replace('T', ' ')} UTC (${installed.answers.toLocaleString('en-US')} answers, ${formatBytes(installed.bytes)}, in ${(installed.ms / 1000).toFixed(0)} s); pulling what is newer.`,
      );
    } else {
      // Without a seed a large workspace's first sync takes minutes: say why, and what would help.
      writeLine(
        ctx.stderr,
        `No seed of workspace ${target.workspace} on the team (none published, or none this version reads): this desktop pulls everything itself, about 15 minutes for a million answers on a 2-core laptop, against about 3 from a seed (the team's runner publishes one daily; parallax team seed publishes one now).`,
      );
    }
    return installed;
  } catch (error) {
    if (error instanceof SeedRefused) {
      writeLine(
        ctx.stderr,
        `The workspace’s seed was not used (${error.message}): pulling everything instead.`,
      );
      return null;
    }
    if (error instanceof SyncError && error.kind === 'canceled') {
      writeLine(
        ctx.stderr,
        'Stopped while downloading the workspace’s seed; nothing was kept; run parallax sync to start over.',
      );
      throw new CliExit(EXIT_INTERRUPTED);
    }
    throw error;
  }
}

/** Why `team seed` published nothing: one line. */
export function seedSkippedLine(skip: SeedSkipped): string {
  if (skip.skipped === 'busy')
    return `Not published: another publisher is publishing workspace ${skip.workspace}'s seed now.`;
  const at = new Date(skip.newestAt ?? 0).toISOString().slice(0, 16).replace('T', ' ');
  return `Not published: workspace ${skip.workspace}'s seed of ${at} UTC is recent enough.`;
}

export function printSeedPublished(ctx: CliContext, report: PublishSeedReport): void {
  writeLine(
    ctx.stdout,
    `Published a seed of workspace ${report.workspace}: ${report.answers.toLocaleString('en-US')} answers, ${formatBytes(report.bytes)} (${formatBytes(report.uploadedBytes)} sent in ${report.chunks} chunks).`,
  );
  writeLine(
    ctx.stdout,
    `Its replica pulled ${report.pulled.toLocaleString('en-US')} new answers in ${(report.pullMs / 1000).toFixed(0)} s; the upload took ${(report.uploadMs / 1000).toFixed(0)} s. New desktops start from it at their first sync.`,
  );
}
