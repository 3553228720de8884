// Team schema version 13: nothing for a member to watch outside its workspaces.
//
// - Channels. A workspace's changes were signalled on parallax_<its id>: anyone who knew the id
//   (a revoked member kept it) could LISTEN, which PostgreSQL lets any session do, and see which
//   table changed when. Each workspace now signals on a random name (parallax.workspace_channels,
//   122 random bits) that only its members read, and a revocation draws a new one: a revoked
//   member's LISTEN on the old name gets nothing afterwards. Desktops read the name before they
//   listen, and again after each sync (background.ts).
// - Statistics. PostgreSQL shows every session each table's counters (rows inserted, updated,
//   scanned: pg_stat_*_tables and the pg_stat_get_* functions behind them), each relation's size
//   (pg_relation_size and friends), the database's transaction counts and every session's locks
//   (pg_locks, through pg_lock_status): together, how much and when the other workspaces write. Those views and functions are revoked from PUBLIC in the
//   team's database when a superuser migrates (they belong to the bootstrap superuser; a
//   database owner who is not one gets a warning, and the guide's commands to run as one). The
//   team's owner keeps them (superuser, or pg_read_all_stats granted).
export const nothingToWatchSql = /* sql */ `
CREATE TABLE parallax.workspace_channels (
  workspace_id uuid PRIMARY KEY REFERENCES parallax.workspaces (id),
  channel      text NOT NULL UNIQUE
);
ALTER TABLE parallax.workspace_channels ENABLE ROW LEVEL SECURITY;
CREATE POLICY workspace_channels_read ON parallax.workspace_channels FOR SELECT TO parallax_member
  USING (workspace_id = ANY ((SELECT parallax.readable_workspaces())::uuid[]));
GRANT SELECT ON parallax.workspace_channels TO parallax_member;

CREATE FUNCTION parallax.new_channel_name() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT 'parallax_' || replace(gen_random_uuid()::text, '-', '')
$$;

INSERT INTO parallax.workspace_channels (workspace_id, channel)
  SELECT id, parallax.new_channel_name() FROM parallax.workspaces;

CREATE FUNCTION parallax.open_channel() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  INSERT INTO parallax.workspace_channels (workspace_id, channel) VALUES (NEW.id, parallax.new_channel_name());
  RETURN NULL;
END $$;
CREATE TRIGGER workspaces_channel AFTER INSERT ON parallax.workspaces
  FOR EACH ROW EXECUTE FUNCTION parallax.open_channel();

CREATE OR REPLACE FUNCTION parallax.notify_changes() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE named text;
BEGIN
  FOR named IN SELECT c.channel FROM parallax.workspace_channels c
    WHERE c.workspace_id IN (SELECT DISTINCT workspace_id FROM changed)
  LOOP
    PERFORM pg_notify(named, TG_TABLE_NAME);
  END LOOP;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION parallax.revoke_workspace(p_slug text, p_role name) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE ws uuid := parallax.administered_workspace(p_slug);
BEGIN
  DELETE FROM parallax.members WHERE workspace_id = ws AND role_name = p_role;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  UPDATE parallax.workspace_channels SET channel = parallax.new_channel_name() WHERE workspace_id = ws;
  RETURN true;
END $$;

REVOKE ALL ON FUNCTION parallax.new_channel_name(), parallax.open_channel() FROM PUBLIC;

DO $$
DECLARE f regprocedure;
BEGIN
  -- A role that is not superuser revokes nothing here (PostgreSQL only warns), so say so once.
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    RAISE WARNING 'the statistics views were left readable by every member of database %: only a superuser may revoke them (docs/guides/team.md, Security)', current_database();
    RETURN;
  END IF;
  REVOKE SELECT ON pg_catalog.pg_stat_all_tables, pg_catalog.pg_stat_user_tables,
    pg_catalog.pg_stat_sys_tables, pg_catalog.pg_stat_xact_all_tables,
    pg_catalog.pg_stat_xact_user_tables, pg_catalog.pg_stat_xact_sys_tables,
    pg_catalog.pg_statio_all_tables, pg_catalog.pg_statio_user_tables,
    pg_catalog.pg_statio_sys_tables, pg_catalog.pg_stat_all_indexes,
    pg_catalog.pg_stat_user_indexes, pg_catalog.pg_stat_sys_indexes,
    pg_catalog.pg_statio_all_indexes, pg_catalog.pg_statio_user_indexes,
    pg_catalog.pg_statio_sys_indexes, pg_catalog.pg_statio_all_sequences,
    pg_catalog.pg_statio_user_sequences, pg_catalog.pg_stat_database
    FROM PUBLIC;
  FOR f IN SELECT p.oid::regprocedure FROM pg_proc p
    WHERE p.pronamespace = 'pg_catalog'::regnamespace
      AND (p.proname ~ '^pg_stat_get_(xact_)?(numscans|lastscan|tuples_|live_tuples|dead_tuples|mod_since_analyze|ins_since_vacuum|blocks_|last_|vacuum_count|autovacuum_count|analyze_count|autoanalyze_count|function_)'
        OR p.proname ~ '^pg_stat_get_db_'
        OR p.proname IN ('pg_relation_size', 'pg_total_relation_size', 'pg_table_size',
          'pg_indexes_size', 'pg_database_size', 'pg_lock_status'))
  LOOP
    EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', f);
  END LOOP;
END $$;
`;
