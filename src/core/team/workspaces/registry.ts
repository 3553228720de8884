import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SettingsStore } from '../../platform';
import { WorkspaceError } from './errors';
import {
  DEFAULT_WORKSPACE,
  isWorkspaceSlug,
  toSlug,
  WORKSPACE_ENV,
  WORKSPACES_FOLDER,
  workspaceDbPath,
  workspaceFolder,
} from './paths';

// The workspaces of this machine: one per client, each with its own history file. They work
// without a team (an agency of one). The folders are the truth (a workspace exists when its
// folder does); settings keep the display names and which one is open. PARALLAX_WORKSPACE
// (or the CLI's --workspace) picks another for one process without changing the setting.

export interface LocalWorkspace {
  slug: string;
  name: string;
  /** The workspace's history file. */
  dbPath: string;
  /** Whether its history file exists yet (a new workspace's is made when first opened). */
  hasHistory: boolean;
  current: boolean;
}

export interface WorkspaceRegistry {
  list(): LocalWorkspace[];
  /** Makes the workspace's folder; throws WorkspaceError('exists') when the name is taken. */
  create(name: string): LocalWorkspace;
  /** By slug or name (any case); throws WorkspaceError('not-found'). */
  resolve(nameOrSlug: string): LocalWorkspace;
  /** The workspace this process opens: PARALLAX_WORKSPACE, else the one in settings. */
  current(): LocalWorkspace;
  /** Makes it the one the app and the CLI open (settings). */
  use(nameOrSlug: string): LocalWorkspace;
  /** The local side of a team workspace (made when missing), under the team's slug and name. */
  ensure(slug: string, name: string): LocalWorkspace;
}

export interface WorkspaceRegistryDeps {
  dataFolder: string;
  /** Null when the settings file cannot be opened: listing and resolving still work. */
  settings: SettingsStore | null;
  env: NodeJS.ProcessEnv;
}

export function createWorkspaceRegistry(deps: WorkspaceRegistryDeps): WorkspaceRegistry {
  const names = (): Map<string, string> =>
    new Map((deps.settings?.get().workspaces ?? []).map((w) => [w.slug, w.name]));

  const selected = (): string => {
    const fromEnv = deps.env[WORKSPACE_ENV]?.trim();
    if (fromEnv) return find(fromEnv).slug;
    const setting = deps.settings?.get().workspace ?? DEFAULT_WORKSPACE;
    // A workspace removed by hand from disk: fall back to the default instead of failing to start.
    return existsSync(workspaceFolder(deps.dataFolder, setting)) ? setting : DEFAULT_WORKSPACE;
  };

  const entry = (slug: string, current: string | null): LocalWorkspace => {
    const dbPath = workspaceDbPath(deps.dataFolder, slug);
    return {
      slug,
      name: slug === DEFAULT_WORKSPACE ? 'Default' : (names().get(slug) ?? slug),
      dbPath,
      hasHistory: existsSync(dbPath),
      current: slug === current,
    };
  };

  const slugs = (): string[] => {
    const root = join(deps.dataFolder, WORKSPACES_FOLDER);
    const found = existsSync(root)
      ? readdirSync(root, { withFileTypes: true })
          .filter((d) => d.isDirectory() && isWorkspaceSlug(d.name) && d.name !== DEFAULT_WORKSPACE)
          .map((d) => d.name)
      : [];
    return [DEFAULT_WORKSPACE, ...found.sort()];
  };

  function find(nameOrSlug: string): LocalWorkspace {
    const wanted = nameOrSlug.trim().toLowerCase();
    const all = slugs().map((slug) => entry(slug, null));
    const match =
      all.find((w) => w.slug === wanted) ??
      all.find((w) => w.name.toLowerCase() === wanted) ??
      all.find((w) => {
        try {
          return w.slug === toSlug(nameOrSlug);
        } catch {
          return false;
        }
      });
    if (!match) {
      throw new WorkspaceError(
        'not-found',
        `No workspace named "${nameOrSlug}" on this machine (${all.map((w) => w.slug).join(', ')}); create it with \`parallax workspace create NAME\`.`,
      );
    }
    return match;
  }

  const remember = (slug: string, name: string): void => {
    if (!deps.settings) return;
    const others = deps.settings.get().workspaces.filter((w) => w.slug !== slug);
    deps.settings.update({ workspaces: [...others, { slug, name }] });
  };

  return {
    list: () => {
      const current = selected();
      return slugs().map((slug) => entry(slug, current));
    },
    create(name) {
      const trimmed = name.trim();
      const slug = toSlug(trimmed);
      if (slugs().includes(slug)) {
        throw new WorkspaceError('exists', `A workspace named "${slug}" already exists.`);
      }
      mkdirSync(workspaceFolder(deps.dataFolder, slug), { recursive: true, mode: 0o700 });
      remember(slug, trimmed);
      return entry(slug, selected());
    },
    resolve: (nameOrSlug) => entry(find(nameOrSlug).slug, selected()),
    current: () => entry(selected(), selected()),
    use(nameOrSlug) {
      const { slug } = find(nameOrSlug);
      if (!deps.settings)
        throw new Error('The settings file cannot be opened, so the workspace cannot be changed.');
      deps.settings.update({ workspace: slug });
      return entry(slug, slug);
    },
    ensure(slug, name) {
      if (!slugs().includes(slug)) {
        mkdirSync(workspaceFolder(deps.dataFolder, slug), { recursive: true, mode: 0o700 });
      }
      if (slug !== DEFAULT_WORKSPACE) remember(slug, name);
      return entry(slug, selected());
    },
  };
}
