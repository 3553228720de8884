// Pieces every synced table of the team schema repeats, written once. They are part of the
// migrations that use them: once a migration has shipped, a change here is a new migration.

/**
 * The change columns of a synced row, kept by the track_change trigger (never by the client):
 * - seq: its place in the one change sequence (parallax.change_seq), new at every write;
 * - xid: the transaction that wrote it, so a pull never passes a row still being committed
 *   (rows are read in (xid, seq) order up to the oldest transaction still running; see
 *   docs/internals/team.md);
 * - changed_at / changed_by: when and by which login role (the last writer).
 */
export const CHANGE_COLUMNS = /* sql */ `
  seq        bigint      NOT NULL,
  xid        xid8        NOT NULL,
  changed_at timestamptz NOT NULL,
  changed_by name        NOT NULL`;

/** Configuration rows also carry a version (1 on insert, +1 on each update) and a tombstone. */
export const CONFIG_COLUMNS = /* sql */ `
  version    integer     NOT NULL,
  deleted_at bigint,${CHANGE_COLUMNS}`;

/** The pull index and the change trigger of a synced table. */
export function tracked(table: string, options: { versioned?: boolean } = {}): string {
  const name = table.replace(/^parallax\./, '');
  return /* sql */ `
CREATE INDEX ${name}_changes ON ${table} (workspace_id, xid, seq);
CREATE TRIGGER ${name}_track BEFORE INSERT OR UPDATE ON ${table}
  FOR EACH ROW EXECUTE FUNCTION parallax.track_change();${
    options.versioned
      ? `
CREATE TRIGGER ${name}_version BEFORE INSERT OR UPDATE ON ${table}
  FOR EACH ROW EXECUTE FUNCTION parallax.bump_version();`
      : ''
  }`;
}

/**
 * Row-level security of a table keyed by workspace_id: members read the workspaces granted to
 * them, write those granted with member or admin access, and delete nothing (tombstones).
 * The workspace lists are computed once per statement (the sub-select is an init plan), so a
 * million-row pull is one index range, not a function call per row.
 */
export function workspaceSecurity(table: string, options: { readOnly?: boolean } = {}): string {
  const name = table.replace(/^parallax\./, '');
  const readable = 'workspace_id = ANY ((SELECT parallax.readable_workspaces())::uuid[])';
  const writable = 'workspace_id = ANY ((SELECT parallax.writable_workspaces())::uuid[])';
  const read = /* sql */ `
ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
CREATE POLICY ${name}_read ON ${table} FOR SELECT TO parallax_member USING (${readable});`;
  if (options.readOnly) return `${read}\nGRANT SELECT ON ${table} TO parallax_member;`;
  return /* sql */ `${read}
CREATE POLICY ${name}_insert ON ${table} FOR INSERT TO parallax_member WITH CHECK (${writable});
CREATE POLICY ${name}_update ON ${table} FOR UPDATE TO parallax_member USING (${writable}) WITH CHECK (${writable});
GRANT SELECT, INSERT, UPDATE ON ${table} TO parallax_member;`;
}
