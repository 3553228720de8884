import type { TeamAccess } from '../../../shared/ipc/channels/team';
import type { HistoryStore } from '../../history';
import type { TeamClient, TeamSession } from '../server';
import { SyncError } from './errors';

// Which workspace of which team a history syncs with, checked before anything moves: a history
// is linked to one team (meta team.id, recorded by `team connect` or its first sync) and to one
// workspace of it (meta sync.workspace_id), so a history is never pushed into another team's
// database, nor into a workspace of the same name created again since.

export const TEAM_LINK_META = 'team.id';
export const WORKSPACE_LINK_META = 'sync.workspace_id';

/** The open connection and what it syncs. */
export interface SyncTarget {
  client: TeamClient;
  teamId: string;
  workspaceId: string;
  slug: string;
  access: TeamAccess;
  user: string;
  /** The origin of this history's writes on the team: its role, a slash and the history's id (the server's mark). */
  origin: string;
}

/** The team's workspace of that name and this role's access to it; SyncError('no-workspace') if none is granted. */
export async function grantedWorkspace(
  session: TeamSession,
  slug: string,
): Promise<{ id: string; access: TeamAccess }> {
  const { rows } = await session.client
    .query<{ id: string; access: TeamAccess | null }>(
      `SELECT w.id::text AS id,
        CASE WHEN parallax.is_team_admin() THEN 'admin' ELSE m.access END AS access
      FROM parallax.workspaces w
      LEFT JOIN parallax.members m ON m.workspace_id = w.id AND m.role_name = session_user
      WHERE w.slug = $1 AND w.deleted_at IS NULL`,
      [slug],
    )
    .catch((error: unknown) => {
      // A role with no grant at all may not read the table: it has no workspace of that name.
      if (error instanceof Error && 'kind' in error && error.kind === 'forbidden') return { rows: [] };
      throw error;
    });
  const found = rows[0];
  if (!found?.access) {
    throw new SyncError(
      'no-workspace',
      `The team has no workspace "${slug}" granted to ${session.identity.user}: ask a team admin (parallax workspace grant ${slug} --member ${session.identity.user}), or sync another workspace (--workspace NAME).`,
    );
  }
  return { id: found.id, access: found.access };
}

export async function openSyncTarget(
  session: TeamSession,
  store: HistoryStore,
  slug: string,
): Promise<SyncTarget> {
  const linkedTeam = store.getMeta(TEAM_LINK_META);
  if (linkedTeam !== null && linkedTeam !== session.teamId) {
    throw new SyncError(
      'wrong-team',
      `This history belongs to another team (team id ${linkedTeam}); the server ${session.client.url.safe} holds team ${session.teamId}. Nothing was sent. Sync another workspace (--workspace NAME) or connect to that team.`,
    );
  }
  const found = await grantedWorkspace(session, slug);
  const linkedWorkspace = store.getMeta(WORKSPACE_LINK_META);
  if (linkedWorkspace !== null && linkedWorkspace !== found.id) {
    throw new SyncError(
      'wrong-workspace',
      `This history synced with another workspace named "${slug}" (since deleted or made again on the team). Nothing was sent; open a new workspace to sync the team's "${slug}".`,
    );
  }
  // Every row this connection writes is marked as this history's (its pulls skip them), with the
  // role the server knows it by in front: the mark is the server's, read back here to compare.
  const { rows } = await session.client.query<{ mark: string }>(
    "SELECT set_config('parallax.origin', $1::text, false), session_user || '/' || $1::text AS mark",
    [store.replica.origin()],
  );
  const origin = rows[0]?.mark ?? '';
  if (linkedTeam === null) store.setMeta(TEAM_LINK_META, session.teamId);
  if (linkedWorkspace === null) store.setMeta(WORKSPACE_LINK_META, found.id);
  return {
    client: session.client,
    teamId: session.teamId,
    workspaceId: found.id,
    slug,
    access: found.access,
    user: session.identity.user,
    origin,
  };
}
