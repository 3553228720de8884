// Team schema version 12: each workspace's changes are ordered by a clock of its own. Pulls read
// rows in (xid, seq) order, and while xid was the writing transaction's id they could only read
// below the cluster's oldest running transaction: any session of any workspace that left a
// transaction open froze every workspace's pulls until it ended.
//
// Now a write takes its workspace's clock row (parallax.workspace_clocks), ticks it once per
// transaction and holds it until the transaction ends, and the row's xid column holds that tick.
// Two transactions of one workspace cannot hold the same clock, so a later tick always commits
// after an earlier one: a pull reads everything committed, with no horizon, and nothing of another
// workspace can delay it. A teammate's open transaction holds only its own workspace's clock: the
// workspace's other writers wait for it (their lock_timeout, at most its idle timeout), its
// readers do not. seq numbers the rows within a tick (1, 2, …), no longer one sequence shared by
// every workspace, whose gaps showed how much the others wrote.
//
// The clocks of the workspaces already there start at the current transaction id, above every xid
// stored so far, so the cursors desktops hold stay valid and nothing is pulled twice or passed.
// Only a writer of the workspace ticks its clock: a member writing into a workspace not granted
// to them is refused here, before the clock is touched, and holds nothing of it.
export const workspaceClocksSql = /* sql */ `
CREATE TABLE parallax.workspace_clocks (
  workspace_id uuid   PRIMARY KEY,
  tick         bigint NOT NULL,
  holder       xid8   NOT NULL
);
REVOKE ALL ON parallax.workspace_clocks FROM PUBLIC;
ALTER TABLE parallax.workspace_clocks ENABLE ROW LEVEL SECURITY;
-- A session sees a clock only while its own transaction holds it: each row written after the
-- first finds its tick with one look-up (no function call), and nobody reads another's clock.
CREATE POLICY workspace_clocks_held ON parallax.workspace_clocks FOR SELECT TO parallax_member
  USING (holder = pg_current_xact_id_if_assigned());
GRANT SELECT ON parallax.workspace_clocks TO parallax_member;
INSERT INTO parallax.workspace_clocks (workspace_id, tick, holder)
  SELECT id, pg_current_xact_id()::text::bigint, pg_current_xact_id() FROM parallax.workspaces;

-- The tick this transaction writes workspace ws at: the clock's, if this transaction already
-- holds it, else the next one, taken and held until the transaction ends. Only a writer of the
-- workspace (or a team admin, who creates workspaces) may take it.
CREATE FUNCTION parallax.workspace_tick(ws uuid) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  me xid8 := pg_current_xact_id();
  held record;
BEGIN
  SELECT c.tick, c.holder INTO held FROM parallax.workspace_clocks c WHERE c.workspace_id = ws;
  IF FOUND AND held.holder = me THEN
    RETURN held.tick;
  END IF;
  IF NOT (parallax.is_team_admin() OR ws = ANY (parallax.writable_workspaces())) THEN
    RAISE EXCEPTION 'no write access to workspace %', ws USING ERRCODE = '42501';
  END IF;
  INSERT INTO parallax.workspace_clocks AS c (workspace_id, tick, holder) VALUES (ws, 1, me)
    ON CONFLICT (workspace_id) DO UPDATE SET tick = c.tick + 1, holder = me
    RETURNING c.tick INTO held;
  RETURN held.tick;
END $$;

CREATE OR REPLACE FUNCTION parallax.track_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ws uuid;
  tick bigint;
  counter text;
  last text;
BEGIN
  IF TG_TABLE_NAME = 'workspaces' THEN
    ws := NEW.id;
  ELSE
    IF TG_OP = 'UPDATE' AND NEW.workspace_id IS DISTINCT FROM OLD.workspace_id THEN
      RAISE EXCEPTION 'a row cannot move to another workspace' USING ERRCODE = '42501';
    END IF;
    ws := NEW.workspace_id;
  END IF;
  SELECT c.tick INTO tick FROM parallax.workspace_clocks c
    WHERE c.workspace_id = ws AND c.holder = pg_current_xact_id_if_assigned();
  IF tick IS NULL THEN
    tick := parallax.workspace_tick(ws);
  END IF;
  -- The rows' count within the tick, kept for the transaction only ("tick:n"). A session that
  -- sets it itself can only misnumber its own rows of its own tick.
  counter := 'parallax.seq_' || replace(ws::text, '-', '');
  last := coalesce(current_setting(counter, true), '');
  NEW.seq := CASE WHEN split_part(last, ':', 1) = tick::text
    THEN coalesce(nullif(split_part(last, ':', 2), '')::bigint, 0) + 1 ELSE 1 END;
  PERFORM set_config(counter, tick::text || ':' || NEW.seq::text, true);
  NEW.xid := tick::text::xid8;
  NEW.changed_at := now();
  NEW.changed_by := session_user;
  RETURN NEW;
END $$;

REVOKE ALL ON FUNCTION parallax.workspace_tick(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION parallax.workspace_tick(uuid) TO parallax_member;
REVOKE USAGE ON SEQUENCE parallax.change_seq FROM parallax_member;
`;
