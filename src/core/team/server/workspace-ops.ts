import type { WorkspaceListView, WorkspaceView } from '../../../shared/ipc/channels/team';
import { toSlug, WorkspaceError, type LocalWorkspace, type WorkspaceRegistry } from '../workspaces';
import { TeamError } from './errors';
import type { TeamService } from './service';

// The workspace commands over both sides: the local folders (always) and, with a team, the
// server's workspaces and grants. A workspace is the same on both sides by its slug. The app's
// switcher and `parallax workspace …` call these.

export interface WorkspaceOps {
  registry: WorkspaceRegistry;
  /** Null without a team connection. */
  team: TeamService | null;
}

async function teamConfigured(ops: WorkspaceOps): Promise<TeamService | null> {
  return ops.team && (await ops.team.configured()) ? ops.team : null;
}

/** Local workspaces with the access the team grants, then the team's not opened here yet. */
export async function listWorkspaces(
  ops: WorkspaceOps,
  options: { team?: boolean } = {},
): Promise<WorkspaceListView> {
  const local = ops.registry.list();
  const team = options.team === false ? null : await teamConfigured(ops);
  let granted: Array<{ slug: string; name: string; access: WorkspaceView['access'] }> = [];
  let teamError: string | null = null;
  if (team) {
    try {
      granted = await team.withTeam((s) => team.listWorkspaces(s));
    } catch (error) {
      if (!(error instanceof TeamError)) throw error;
      teamError = error.message;
    }
  }
  const access = new Map(granted.map((w) => [w.slug, w.access]));
  const views: WorkspaceView[] = local.map((w) => ({
    slug: w.slug,
    name: w.name,
    current: w.current,
    local: true,
    access: access.get(w.slug) ?? null,
  }));
  for (const w of granted) {
    if (!local.some((l) => l.slug === w.slug)) views.push({ ...w, current: false, local: false });
  }
  return { workspaces: views, teamError };
}

/** Creates it locally and, with a team (unless localOnly), on the server first: a refusal there changes nothing here. */
export async function createWorkspace(
  ops: WorkspaceOps,
  name: string,
  localOnly = false,
): Promise<LocalWorkspace> {
  const team = localOnly ? null : await teamConfigured(ops);
  if (!team) return ops.registry.create(name);
  const slug = toSlug(name.trim());
  await team.withTeam((s) => team.createWorkspace(s, slug, name.trim()));
  return ops.registry.ensure(slug, name.trim());
}

/** Opens it from now on; a team workspace not on this machine yet gets its (empty) local history. */
export async function useWorkspace(ops: WorkspaceOps, name: string): Promise<LocalWorkspace> {
  try {
    return ops.registry.use(name);
  } catch (error) {
    const team =
      error instanceof WorkspaceError && error.kind === 'not-found' ? await teamConfigured(ops) : null;
    if (!team) throw error;
    const wanted = name.trim().toLowerCase();
    const found = (await team.withTeam((s) => team.listWorkspaces(s))).find(
      (w) => w.slug === wanted || w.name.toLowerCase() === wanted,
    );
    if (!found) throw error;
    ops.registry.ensure(found.slug, found.name);
    return ops.registry.use(found.slug);
  }
}
