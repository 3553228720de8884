// Team schema version 4: workspace seeds. A seed is a copy of a workspace's history as a desktop
// keeps it (the SQLite file of a replica that only pulled: every answer with every local index
// built by the same ingest as any desktop's), published by `parallax team seed` (a server's
// timer, or the runner's machine). A new desktop's first sync of that workspace downloads the
// newest seed of its own schema version instead of pulling and indexing every answer itself, then syncs what
// is newer than it: a workspace of a million answers in minutes instead of a quarter of an hour.
//
// A seed is written in chunks (each compressed with zstd) and becomes visible only once every
// chunk is in and its checksum recorded (complete); completing it deletes the workspace's older
// seeds, and any incomplete one a publisher left when it stopped. Members may publish (they may
// write the workspace's rows anyway), viewers may download; deleting goes through one function,
// as members never delete rows themselves. The seed tables are not synced tables: they carry no
// change tracking, origin or notifications.
export const seedsSql = /* sql */ `
CREATE TABLE parallax.workspace_seeds (
  id             uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id   uuid        NOT NULL REFERENCES parallax.workspaces (id),
  -- The history's schema version (PRAGMA user_version): a desktop takes only a seed of its own.
  schema_version integer     NOT NULL,
  app_version    text        NOT NULL,
  -- The file's size and SHA-256, checked after the download.
  bytes          bigint      NOT NULL CHECK (bytes > 0),
  sha256         text        CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  chunks         integer     NOT NULL DEFAULT 0,
  -- What the seed holds, for the downloader's message.
  answers        bigint      NOT NULL DEFAULT 0,
  complete       boolean     NOT NULL DEFAULT false,
  created_at     timestamptz NOT NULL DEFAULT now(),
  created_by     name        NOT NULL DEFAULT session_user
);
CREATE INDEX workspace_seeds_newest ON parallax.workspace_seeds (workspace_id, created_at DESC) WHERE complete;

CREATE TABLE parallax.workspace_seed_chunks (
  seed_id      uuid    NOT NULL REFERENCES parallax.workspace_seeds (id) ON DELETE CASCADE,
  workspace_id uuid    NOT NULL,
  n            integer NOT NULL CHECK (n >= 0),
  data         bytea   NOT NULL,
  PRIMARY KEY (seed_id, n)
);
-- zstd frames: PostgreSQL compressing them again would only cost time.
ALTER TABLE parallax.workspace_seed_chunks ALTER COLUMN data SET STORAGE EXTERNAL;

ALTER TABLE parallax.workspace_seeds ENABLE ROW LEVEL SECURITY;
CREATE POLICY workspace_seeds_read ON parallax.workspace_seeds FOR SELECT TO parallax_member
  USING (workspace_id = ANY ((SELECT parallax.readable_workspaces())::uuid[]));
CREATE POLICY workspace_seeds_write ON parallax.workspace_seeds FOR INSERT TO parallax_member
  WITH CHECK (workspace_id = ANY ((SELECT parallax.writable_workspaces())::uuid[]) AND NOT complete);
GRANT SELECT, INSERT ON parallax.workspace_seeds TO parallax_member;

ALTER TABLE parallax.workspace_seed_chunks ENABLE ROW LEVEL SECURITY;
CREATE POLICY workspace_seed_chunks_read ON parallax.workspace_seed_chunks FOR SELECT TO parallax_member
  USING (workspace_id = ANY ((SELECT parallax.readable_workspaces())::uuid[]));
CREATE POLICY workspace_seed_chunks_write ON parallax.workspace_seed_chunks FOR INSERT TO parallax_member
  WITH CHECK (EXISTS (
    SELECT 1 FROM parallax.workspace_seeds s
    WHERE s.id = seed_id AND s.workspace_id = workspace_seed_chunks.workspace_id AND NOT s.complete
      AND s.created_by = session_user));
GRANT SELECT, INSERT ON parallax.workspace_seed_chunks TO parallax_member;

-- Completes the caller's seed (its checksum and chunk count checked against what was written)
-- and deletes the workspace's other seeds: the older ones, and any a publisher left incomplete.
CREATE FUNCTION parallax.complete_seed(p_seed uuid, p_sha256 text, p_chunks integer) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE s parallax.workspace_seeds%ROWTYPE;
BEGIN
  SELECT * INTO s FROM parallax.workspace_seeds WHERE id = p_seed FOR UPDATE;
  IF NOT FOUND OR s.created_by <> session_user OR s.complete
    OR NOT s.workspace_id = ANY (parallax.writable_workspaces()) THEN
    RAISE EXCEPTION 'no seed % of % to complete', p_seed, session_user USING ERRCODE = '42501';
  END IF;
  IF (SELECT count(*) FROM parallax.workspace_seed_chunks WHERE seed_id = p_seed) <> p_chunks THEN
    RAISE EXCEPTION 'seed % has not its % chunks', p_seed, p_chunks USING ERRCODE = '22023';
  END IF;
  UPDATE parallax.workspace_seeds SET complete = true, sha256 = p_sha256, chunks = p_chunks WHERE id = p_seed;
  DELETE FROM parallax.workspace_seeds WHERE workspace_id = s.workspace_id AND id <> p_seed;
END $$;
REVOKE ALL ON FUNCTION parallax.complete_seed(uuid, text, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION parallax.complete_seed(uuid, text, integer) TO parallax_member;
`;
