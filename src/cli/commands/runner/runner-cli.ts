import { join } from 'node:path';
import type { SecretStore } from '../../../core/platform';
import type { RunnerWorkspace, TeamService } from '../../../core/team';
import { CliUsageError } from '../../context';
import { cliDataFolder, openCliCore, type CliCore } from '../../core';
import type { TeamCliDeps } from '../../team-cli';
import { servedWorkspace } from '../../seed-cli';

// What `parallax runner` opens: the team (PARALLAX_TEAM_URL or the stored connection), the
// workspaces it serves, and per workspace a history of the runner's own (its journal: a kill
// loses nothing it stored) with the run engine and the after-run pipeline over it.

export interface RunnerFlags {
  once?: boolean;
  all?: boolean;
  db?: string;
  baseUrl?: string;
  keyFile?: string;
  parallel: string;
  lease: string;
  poll: string;
  seedEvery?: string;
}

export interface OpenedWorkspace {
  workspace: RunnerWorkspace;
  core: CliCore;
  close(): Promise<void>;
}

/** A whole number within [min, max] from a flag, or bad usage naming the flag. */
export function intFlag(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new CliUsageError(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

/** The key store: --key-file (checked now: a readable-by-others file is refused), else the usual ones. */
export async function runnerKeyStore(flags: RunnerFlags): Promise<SecretStore | undefined> {
  if (flags.keyFile === undefined) return undefined;
  const { KeyFileError, keyFileStore } = await import('../../lazy/runner');
  try {
    return keyFileStore(flags.keyFile);
  } catch (error) {
    if (error instanceof KeyFileError) throw new CliUsageError(error.message);
    throw error;
  }
}

/** The workspace slugs to serve: --all (every one granted to the runner's role), else the current one. */
export async function runnerSlugs(
  flags: RunnerFlags,
  env: NodeJS.ProcessEnv,
  team: TeamService,
  deps: TeamCliDeps,
): Promise<string[]> {
  if (flags.all) {
    if (env['PARALLAX_WORKSPACE'])
      throw new CliUsageError('--all serves every workspace granted to the runner: drop --workspace');
    if (flags.db)
      throw new CliUsageError('--all keeps one history per workspace in the data folder: drop --db');
    const slugs = await team.withTeam(async (s) => (await team.listWorkspaces(s)).map((w) => w.slug));
    if (slugs.length === 0)
      throw new CliUsageError('The team has no workspace granted to the runner\u2019s role.');
    return slugs;
  }
  return [(await servedWorkspace(env, deps)).slug];
}

/** The runner's history of a workspace: --db, else <data folder>/runner/<workspace>.db. */
async function runnerDbPath(
  flags: RunnerFlags,
  env: NodeJS.ProcessEnv,
  deps: TeamCliDeps,
  slug: string,
): Promise<string> {
  if (flags.db) return flags.db;
  return join(cliDataFolder(env, await deps.openSettings(env)), 'runner', `${slug}.db`);
}

/** Opens a workspace's history, engine and after-run pipeline (webhooks, reports). */
export async function openRunnerWorkspace(
  slug: string,
  flags: RunnerFlags,
  env: NodeJS.ProcessEnv,
  deps: TeamCliDeps,
  secretStore: SecretStore | undefined,
  logError: (message: string) => void,
): Promise<OpenedWorkspace> {
  const core = await openCliCore({
    env,
    db: await runnerDbPath(flags, env, deps, slug),
    baseUrl: flags.baseUrl,
    ...(secretStore ? { secretStore } : {}),
  });
  try {
    const online = await core.online();
    const label = await online.keyLabel();
    // The app's after-run pipeline: alert check, webhook, the client report to the monitor's folder.
    const { pipeline, webhooks } = await core.services.afterRun({ logError });
    return {
      core,
      workspace: {
        slug,
        store: core.store,
        engine: online.engine,
        runMeta: () => ({ keyLabel: label, sandbox: false, baseUrl: online.baseUrl }),
        afterRun: (runId) => pipeline.afterRun(runId),
      },
      async close() {
        await webhooks.drain(20_000);
        await webhooks.close();
        await core.close();
      },
    };
  } catch (error) {
    await core.close();
    throw error;
  }
}
