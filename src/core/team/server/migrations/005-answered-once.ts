// Team schema version 5, second part: a job answered twice keeps the team's first answer. Two
// histories can each hold an answer of one job when a runner takes a run over while the runner
// it replaces still has answers of its own not yet pushed (killed -9 and restarted by systemd, or
// cut off from the server past its lease): the second runner fetched those jobs again. The
// version 1 trigger then refused the first runner's answer on result_keys' one-answer-per-job
// key, which failed its whole push batch, and every push after it: that runner's later answers
// never reached the team. Now the answer of a job the team has answered already is left out (the
// team's answer comes back to that history with its next pull), and so is a page of an answer the
// team does not hold, so neither stops the rest of the push
// (tests/integration/sync/answered-twice.test.ts). A new answer's keys are taken in one statement,
// without reading them again.
export const answeredOnceSql = /* sql */ `
CREATE OR REPLACE FUNCTION parallax.results_before_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE previous bigint;
BEGIN
  IF NOT NEW.workspace_id = ANY (parallax.writable_workspaces()) THEN
    RAISE EXCEPTION 'new row violates row-level security policy for table "results"' USING ERRCODE = '42501';
  END IF;
  -- A new answer (the usual case) takes both keys here and has nothing to move. Otherwise one of
  -- them was taken: this answer's id (pushed again, or fetched again later), or its job, by
  -- another answer (a concurrent push of that one is waited for).
  INSERT INTO parallax.result_keys (workspace_id, id, job_id, fetched_at)
    VALUES (NEW.workspace_id, NEW.id, NEW.job_id, NEW.fetched_at)
    ON CONFLICT DO NOTHING;
  IF FOUND THEN
    RETURN NEW;
  END IF;
  -- Locks the key: two pushes of one result take turns.
  SELECT fetched_at INTO previous FROM parallax.result_keys
    WHERE workspace_id = NEW.workspace_id AND id = NEW.id FOR UPDATE;
  IF NOT FOUND THEN
    -- Its job has another answer on the team: that one is kept, this one is not stored.
    RETURN NULL;
  END IF;
  IF previous <> NEW.fetched_at THEN
    DELETE FROM parallax.results WHERE workspace_id = NEW.workspace_id AND id = NEW.id AND fetched_at = previous;
    UPDATE parallax.result_keys SET fetched_at = NEW.fetched_at, job_id = NEW.job_id
      WHERE workspace_id = NEW.workspace_id AND id = NEW.id;
  END IF;
  RETURN NEW;
END $$;

-- SECURITY DEFINER to read every key of the workspace; refuses a workspace the caller may not
-- write as row security would (a page of another workspace is an error, never quietly dropped).
CREATE FUNCTION parallax.pages_before_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NOT NEW.workspace_id = ANY (parallax.writable_workspaces()) THEN
    RAISE EXCEPTION 'new row violates row-level security policy for table "pages"' USING ERRCODE = '42501';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM parallax.result_keys
                 WHERE workspace_id = NEW.workspace_id AND id = NEW.result_id) THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION parallax.pages_before_insert() FROM PUBLIC;
CREATE TRIGGER pages_of_team_answers BEFORE INSERT ON parallax.pages
  FOR EACH ROW EXECUTE FUNCTION parallax.pages_before_insert();
`;
