import type { TeamClient } from './client';

// The channel a workspace's changes are signalled on: a random name only its members can read
// (team schema version 13), drawn again when a member is revoked, so a desktop reads it before
// it listens and again after each sync.

/** The workspace's channel, or null when this role may not read the workspace. */
export async function readWorkspaceChannel(
  client: Pick<TeamClient, 'query'>,
  workspaceId: string,
): Promise<string | null> {
  const { rows } = await client.query<{ channel: string }>(
    'SELECT channel FROM parallax.workspace_channels WHERE workspace_id = $1',
    [workspaceId],
  );
  return rows[0]?.channel ?? null;
}
