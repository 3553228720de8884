import type { QueryResultRow } from 'pg';
import type { TeamClient } from './client';

// Reading what changed in a workspace since a cursor: the pull side of sync builds on this.
// A cursor is the (xid, seq) of the last row read. xid is the tick of the workspace's clock the
// writing transaction held (team schema version 12), seq the row's place within it. One
// transaction at a time holds a workspace's clock and ticks it, so ticks commit in order: every
// committed row is read at once, and a row of a tick not committed yet is never passed over,
// because no later tick exists until it ends. Nothing of another workspace delays the read.

export interface ChangeCursor {
  /** The workspace's clock tick of the last row read (an xid8 column, as a decimal string). */
  xid: string;
  seq: string;
}

export const START_CURSOR: ChangeCursor = { xid: '0', seq: '0' };

export interface ChangePage<R> {
  rows: R[];
  /** Where the next read starts (unchanged when nothing was read). */
  cursor: ChangeCursor;
}

const TABLE_NAME = /^[a-z_]+$/;

/**
 * Up to `limit` rows of `table` in `workspaceId` changed after `cursor`, oldest first. Row
 * security applies: a member reads only workspaces granted to them.
 */
export async function readChanges<R extends QueryResultRow>(
  client: TeamClient,
  table: string,
  workspaceId: string,
  cursor: ChangeCursor,
  limit: number,
): Promise<ChangePage<R & { xid: string; seq: string }>> {
  if (!TABLE_NAME.test(table)) throw new Error(`not a team table name: ${table}`);
  const { rows } = await client.query<R & { xid: string; seq: string }>(
    `SELECT t.*, t.xid::text AS xid, t.seq::text AS seq FROM parallax.${table} t
      WHERE t.workspace_id = $1
        AND (t.xid, t.seq) > ($2::xid8, $3::bigint)
      ORDER BY t.xid, t.seq
      LIMIT $4`,
    [workspaceId, cursor.xid, cursor.seq, limit],
  );
  const last = rows.at(-1);
  return { rows, cursor: last ? { xid: last.xid, seq: last.seq } : cursor };
}
