import { CONFIG_COLUMNS } from './sql-helpers';

// Team schema version 1, part 1: the schema, its version table, the team's identity, the
// change machinery and access (workspaces, members, the roles and functions the policies use).
//
// Identity is the login role itself: every teammate connects as a PostgreSQL role of their own,
// and the policies compare session_user (which SET ROLE cannot change; only a superuser can
// change the session's authorization) with parallax.members. Nothing a member sends (a setting,
// a header, a column) is trusted as an identity, so no hand-written SQL reads another workspace.
//
// Two group roles, shared by every Parallax team database of the cluster (roles are
// cluster-wide; membership grants nothing by itself in a database whose members table does not
// name the role):
// - parallax_member: the table privileges (select, insert, update; never delete) the policies
//   then narrow to the workspaces granted;
// - parallax_admin: team admins, who see and administer every workspace (the role that ran
//   --init owns the schema and is an admin as well).
export const accessSql = /* sql */ `
CREATE SCHEMA parallax;
REVOKE ALL ON SCHEMA parallax FROM PUBLIC;
-- Anyone who can connect may read the schema version and ask who they are, so a teammate
-- without a grant yet is told so plainly instead of "permission denied".
GRANT USAGE ON SCHEMA parallax TO PUBLIC;

CREATE TABLE parallax.schema_version (
  version    integer     PRIMARY KEY,
  name       text        NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now(),
  applied_by name        NOT NULL DEFAULT session_user
);
GRANT SELECT ON parallax.schema_version TO PUBLIC;

-- One row: the team's id, recorded in each history linked to it (a history never syncs into
-- another team's database by mistake).
CREATE TABLE parallax.team (
  id         uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  singleton  boolean     NOT NULL DEFAULT true UNIQUE CHECK (singleton),
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO parallax.team DEFAULT VALUES;
GRANT SELECT ON parallax.team TO PUBLIC;

DO $roles$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'parallax_member') THEN
    CREATE ROLE parallax_member NOLOGIN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'parallax_admin') THEN
    CREATE ROLE parallax_admin NOLOGIN;
  END IF;
  IF NOT pg_has_role('parallax_admin', 'parallax_member', 'MEMBER') THEN
    GRANT parallax_member TO parallax_admin;
  END IF;
END $roles$;

-- Every synced row takes its seq from here (pull cursors; see sql-helpers.ts).
CREATE SEQUENCE parallax.change_seq AS bigint;
GRANT USAGE ON SEQUENCE parallax.change_seq TO parallax_member;

CREATE FUNCTION parallax.track_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME <> 'workspaces' THEN
    IF NEW.workspace_id IS DISTINCT FROM OLD.workspace_id THEN
      RAISE EXCEPTION 'a row cannot move to another workspace' USING ERRCODE = '42501';
    END IF;
  END IF;
  NEW.seq := nextval('parallax.change_seq');
  NEW.xid := pg_current_xact_id();
  NEW.changed_at := now();
  NEW.changed_by := session_user;
  RETURN NEW;
END $$;

CREATE FUNCTION parallax.bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE OLD.version + 1 END;
  RETURN NEW;
END $$;

-- One workspace per client. The slug names it on every desktop (its local history folder).
CREATE TABLE parallax.workspaces (
  id           uuid   PRIMARY KEY DEFAULT gen_random_uuid(),
  slug         text   NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  name         text   NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  created_at   bigint NOT NULL,${CONFIG_COLUMNS}
);
CREATE INDEX workspaces_changes ON parallax.workspaces (xid, seq);
CREATE TRIGGER workspaces_track BEFORE INSERT OR UPDATE ON parallax.workspaces
  FOR EACH ROW EXECUTE FUNCTION parallax.track_change();
CREATE TRIGGER workspaces_version BEFORE INSERT OR UPDATE ON parallax.workspaces
  FOR EACH ROW EXECUTE FUNCTION parallax.bump_version();

-- Who may open a workspace: viewer (read), member (read and write), admin (also grants).
CREATE TABLE parallax.members (
  workspace_id uuid        NOT NULL REFERENCES parallax.workspaces (id),
  role_name    name        NOT NULL,
  access       text        NOT NULL CHECK (access IN ('viewer', 'member', 'admin')),
  granted_by   name        NOT NULL DEFAULT session_user,
  granted_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, role_name)
);
CREATE INDEX members_by_role ON parallax.members (role_name, workspace_id);

-- The access functions run as the schema's owner (SECURITY DEFINER) so they can read members
-- under its row security, with a fixed search_path so no caller's objects are picked up.
CREATE FUNCTION parallax.is_team_admin() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  SELECT pg_has_role(session_user, 'parallax_admin', 'MEMBER')
    OR pg_has_role(session_user, (SELECT nspowner FROM pg_namespace WHERE nspname = 'parallax'), 'MEMBER')
$$;

CREATE FUNCTION parallax.workspaces_with_access(levels text[]) RETURNS uuid[]
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  SELECT coalesce(array_agg(w.id), '{}') FROM parallax.workspaces w
  WHERE w.deleted_at IS NULL AND (parallax.is_team_admin() OR EXISTS (
    SELECT 1 FROM parallax.members m
    WHERE m.workspace_id = w.id AND m.role_name = session_user AND m.access = ANY (levels)))
$$;

CREATE FUNCTION parallax.readable_workspaces() RETURNS uuid[]
LANGUAGE sql STABLE AS $$ SELECT parallax.workspaces_with_access('{viewer,member,admin}') $$;

CREATE FUNCTION parallax.writable_workspaces() RETURNS uuid[]
LANGUAGE sql STABLE AS $$ SELECT parallax.workspaces_with_access('{member,admin}') $$;

ALTER TABLE parallax.workspaces ENABLE ROW LEVEL SECURITY;
CREATE POLICY workspaces_read ON parallax.workspaces FOR SELECT TO parallax_member
  USING (id = ANY ((SELECT parallax.readable_workspaces())::uuid[]));
GRANT SELECT ON parallax.workspaces TO parallax_member;

ALTER TABLE parallax.members ENABLE ROW LEVEL SECURITY;
CREATE POLICY members_read ON parallax.members FOR SELECT TO parallax_member
  USING (workspace_id = ANY ((SELECT parallax.readable_workspaces())::uuid[]));
GRANT SELECT ON parallax.members TO parallax_member;

-- Who the session is, for \`parallax team status\` (anyone connected may ask).
CREATE FUNCTION parallax.whoami(OUT role_name name, OUT team_admin boolean, OUT member boolean)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  SELECT session_user, parallax.is_team_admin(), pg_has_role(session_user, 'parallax_member', 'MEMBER')
$$;

CREATE FUNCTION parallax.create_workspace(p_slug text, p_name text, p_created_at bigint) RETURNS uuid
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE created uuid;
BEGIN
  IF NOT parallax.is_team_admin() THEN
    RAISE EXCEPTION 'only a team admin can create workspaces (% is not one)', session_user USING ERRCODE = '42501';
  END IF;
  INSERT INTO parallax.workspaces (slug, name, created_at) VALUES (p_slug, p_name, p_created_at)
    RETURNING id INTO created;
  RETURN created;
END $$;

-- The workspace a caller may administer, or an error that does not say whether it exists.
CREATE FUNCTION parallax.administered_workspace(p_slug text) RETURNS uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE found uuid;
BEGIN
  SELECT w.id INTO found FROM parallax.workspaces w
  WHERE w.slug = p_slug AND w.deleted_at IS NULL AND (parallax.is_team_admin() OR EXISTS (
    SELECT 1 FROM parallax.members m
    WHERE m.workspace_id = w.id AND m.role_name = session_user AND m.access = 'admin'));
  IF found IS NULL THEN
    RAISE EXCEPTION 'no workspace "%" that % administers', p_slug, session_user USING ERRCODE = '42501';
  END IF;
  RETURN found;
END $$;

CREATE FUNCTION parallax.grant_workspace(p_slug text, p_role name, p_access text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE ws uuid := parallax.administered_workspace(p_slug);
BEGIN
  IF p_access NOT IN ('viewer', 'member', 'admin') THEN
    RAISE EXCEPTION 'access must be viewer, member or admin, not "%"', p_access USING ERRCODE = '22023';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = p_role AND rolcanlogin) THEN
    RAISE EXCEPTION 'no login role named "%": create it first (CREATE ROLE % LOGIN PASSWORD ...)', p_role, p_role
      USING ERRCODE = '42704';
  END IF;
  IF NOT pg_has_role(p_role, 'parallax_member', 'MEMBER') THEN
    EXECUTE format('GRANT parallax_member TO %I', p_role);
  END IF;
  INSERT INTO parallax.members (workspace_id, role_name, access) VALUES (ws, p_role, p_access)
  ON CONFLICT (workspace_id, role_name)
    DO UPDATE SET access = excluded.access, granted_by = session_user, granted_at = now();
END $$;

CREATE FUNCTION parallax.revoke_workspace(p_slug text, p_role name) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE ws uuid := parallax.administered_workspace(p_slug);
BEGIN
  DELETE FROM parallax.members WHERE workspace_id = ws AND role_name = p_role;
  RETURN FOUND;
END $$;

`;

/**
 * The last part of version 1: functions are executable by PUBLIC when created, so this runs after
 * every part has made its own and leaves execution to those named here.
 */
export const functionGrantsSql = /* sql */ `
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA parallax FROM PUBLIC;
GRANT EXECUTE ON FUNCTION parallax.whoami(), parallax.is_team_admin() TO PUBLIC;
GRANT EXECUTE ON FUNCTION parallax.readable_workspaces(), parallax.writable_workspaces(),
  parallax.workspaces_with_access(text[]), parallax.create_workspace(text, text, bigint),
  parallax.administered_workspace(text), parallax.grant_workspace(text, name, text),
  parallax.revoke_workspace(text, name), parallax.ensure_result_months(bigint, bigint)
  TO parallax_member;
`;
