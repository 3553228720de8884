// Team schema version 2: what sync needs on top of version 1.
//
// - origin: which desktop history wrote a row last (a random id each history keeps in its meta,
//   sent once per connection as the setting parallax.origin). A pull skips the rows its own
//   history wrote, so a desktop never reads back the 20,000 answers it has just pushed. It is an
//   echo filter, not an identity: access stays with session_user and the policies. Kept by a
//   trigger of its own (track_origin), not by the client's columns, so a push sends no origin.
// - NOTIFY: every write to a synced table signals the channel of its workspace
//   (parallax_<workspace id without dashes>, payload: the table), once per statement and
//   workspace, so open desktops sync at once instead of at their next timer. Only someone who
//   knows a workspace's id (a member: the workspaces table is behind row security) can listen
//   to its channel, and the payload names a table, never a row.

/** The tables a desktop syncs (version 1's recorded and configured tables). */
export const SYNCED_TABLES = [
  'runs',
  'run_prompts',
  'jobs',
  'results',
  'pages',
  'credit_sessions',
  'brands',
  'monitors',
  'monitor_options',
  'prompts',
  'prompt_sets',
  'tags',
  'discovery_decisions',
  'settings',
] as const;

function originAndNotify(table: string): string {
  return /* sql */ `
ALTER TABLE parallax.${table} ADD COLUMN origin text;
CREATE TRIGGER ${table}_origin BEFORE INSERT OR UPDATE ON parallax.${table}
  FOR EACH ROW EXECUTE FUNCTION parallax.track_origin();
CREATE TRIGGER ${table}_notify_insert AFTER INSERT ON parallax.${table}
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION parallax.notify_changes();
CREATE TRIGGER ${table}_notify_update AFTER UPDATE ON parallax.${table}
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION parallax.notify_changes();`;
}

export const syncSql = /* sql */ `
CREATE FUNCTION parallax.track_origin() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.origin := nullif(current_setting('parallax.origin', true), '');
  RETURN NEW;
END $$;

CREATE FUNCTION parallax.notify_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ws uuid;
BEGIN
  FOR ws IN SELECT DISTINCT workspace_id FROM changed LOOP
    PERFORM pg_notify('parallax_' || replace(ws::text, '-', ''), TG_TABLE_NAME);
  END LOOP;
  RETURN NULL;
END $$;
${SYNCED_TABLES.map(originAndNotify).join('\n')}

REVOKE ALL ON FUNCTION parallax.track_origin(), parallax.notify_changes() FROM PUBLIC;
`;

/** The channel a workspace's changes are signalled on (LISTEN takes it as an identifier). */
export function workspaceChannel(workspaceId: string): string {
  return `parallax_${workspaceId.replace(/-/g, '').toLowerCase()}`;
}
