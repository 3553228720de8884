import { CONFIG_KINDS, type ConfigKind, type TeamConfigRow } from '../../history';
import type { StepContext } from './context';
import { rowFromPg } from './team-sql';

// A configuration row of the team as the history's replica takes it: its columns, its version,
// its tombstone and its last writer.

export function toTeamConfigRow(kind: ConfigKind, row: Record<string, unknown>): TeamConfigRow {
  return {
    row: rowFromPg(CONFIG_KINDS[kind], row),
    version: Number(row['version']),
    deletedAt:
      row['deleted_at'] === null || row['deleted_at'] === undefined ? null : Number(row['deleted_at']),
    changedBy: typeof row['changed_by'] === 'string' ? row['changed_by'] : null,
  };
}

/** The team's current row of one object (tombstones included); null when the team has none. */
export async function fetchConfigRow(
  ctx: StepContext,
  kind: ConfigKind,
  key: string,
): Promise<TeamConfigRow | null> {
  const table = CONFIG_KINDS[kind];
  const { rows } = await ctx.target.client.query(
    `SELECT * FROM parallax.${table.table} WHERE workspace_id = $1 AND ${table.key[0] as string} = $2`,
    [ctx.target.workspaceId, key],
  );
  const row = rows[0];
  return row ? toTeamConfigRow(kind, row) : null;
}
