// Team schema version 10: who wrote a row is the server's to say, never the client's. A seed's
// created_by was a column default a member could set to a teammate's name, and a row's origin (the
// desktop that wrote it, which that desktop's pulls skip as its own) was the connection's setting
// alone: a member who set it to a teammate's desktop id (readable in every row that desktop wrote)
// wrote rows that desktop never pulled. Now created_by is always session_user, and origin is
// session_user, a slash and the setting, so it names a desktop of the role that wrote the row;
// the client compares with the same mark, read from the server (src/core/team/sync/target.ts).
export const writersSql = /* sql */ `
CREATE OR REPLACE FUNCTION parallax.track_origin() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE desktop text := nullif(current_setting('parallax.origin', true), '');
BEGIN
  NEW.origin := CASE WHEN desktop IS NULL THEN NULL ELSE session_user || '/' || desktop END;
  RETURN NEW;
END $$;

CREATE FUNCTION parallax.seed_created_by() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.created_by := session_user;
  RETURN NEW;
END $$;
CREATE TRIGGER workspace_seeds_created_by BEFORE INSERT OR UPDATE ON parallax.workspace_seeds
  FOR EACH ROW EXECUTE FUNCTION parallax.seed_created_by();
REVOKE ALL ON FUNCTION parallax.seed_created_by() FROM PUBLIC;
`;
