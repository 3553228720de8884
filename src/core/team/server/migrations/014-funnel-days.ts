// Team schema version 14: the funnel's daily aggregates a workspace chose to share.
//
// A desktop keeps its server logs and first-party rows (GA4, Search Console, Bing) to itself;
// when the analyst turns on sharing for a workspace, its sync sends only per day × engine × page
// counts: verified crawler hits, AI-referred sessions and their key events. Never a log line, an
// address, a query or a raw analytics row.
//
// - funnel_days: one row per workspace, writer, day, engine and page. The writer is the server's
//   mark (session_user, a slash and the desktop's history id), never the client's word, so two
//   desktops sharing into one workspace never overwrite each other and a member cannot write
//   under a teammate's name.
// - Members read their workspaces' rows (row security, like every synced table) and write only
//   through put_funnel_days: no INSERT or UPDATE is granted, so the checks below cannot be
//   skipped. It replaces the writer's rows of a span of days with the rows given, so a newer
//   import of those days never adds to an older one.
// - What a member cannot do to others: write another workspace (writable_workspaces, checked
//   first, with the same error whether it exists or not), send a huge call (funnel_rows_per_call),
//   grow a workspace without bound (funnel_rows_per_workspace), or store values a reader would
//   choke on (engine names, page paths and counts checked in the function and by the table's
//   constraints). The limits are rows of parallax.server_limits, the owner's to change.
export const funnelDaysSql = /* sql */ `
CREATE TABLE parallax.funnel_days (
  workspace_id      uuid        NOT NULL REFERENCES parallax.workspaces (id),
  writer            text        NOT NULL,
  day               date        NOT NULL,
  engine            text        NOT NULL,
  page              text        NOT NULL,
  crawled_hits      bigint      NOT NULL,
  referred_sessions bigint      NOT NULL,
  key_events        bigint      NOT NULL,
  stored_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, writer, day, engine, page),
  CONSTRAINT funnel_days_writer CHECK (length(writer) BETWEEN 1 AND 200),
  CONSTRAINT funnel_days_engine CHECK (engine ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  CONSTRAINT funnel_days_page CHECK (length(page) BETWEEN 1 AND 2048 AND left(page, 1) = '/'),
  CONSTRAINT funnel_days_day CHECK (day BETWEEN DATE '2000-01-01' AND DATE '2100-01-01'),
  CONSTRAINT funnel_days_counts CHECK (
    crawled_hits BETWEEN 0 AND 1000000000000
    AND referred_sessions BETWEEN 0 AND 1000000000000
    AND key_events BETWEEN 0 AND 1000000000000)
);
ALTER TABLE parallax.funnel_days ENABLE ROW LEVEL SECURITY;
CREATE POLICY funnel_days_read ON parallax.funnel_days FOR SELECT TO parallax_member
  USING (workspace_id = ANY ((SELECT parallax.readable_workspaces())::uuid[]));
GRANT SELECT ON parallax.funnel_days TO parallax_member;

INSERT INTO parallax.server_limits (name, value, about) VALUES
  ('funnel_rows_per_call', 20000, 'Funnel day rows one put_funnel_days call may send'),
  ('funnel_rows_per_workspace', 1000000, 'Funnel day rows a workspace holds at most, every writer together'),
  ('funnel_days_span', 400, 'Days one put_funnel_days call may cover');

-- Replaces this desktop's rows of first_day..last_day in the workspace with the rows given
-- (parallel arrays, one element per day × engine × page). Returns the rows stored.
CREATE FUNCTION parallax.put_funnel_days(
  ws uuid, first_day date, last_day date,
  days date[], engines text[], pages text[], crawled bigint[], referred bigint[], events bigint[]
) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  mark text := session_user || '/' || coalesce(nullif(current_setting('parallax.origin', true), ''), '-');
  n integer := coalesce(cardinality(days), 0);
  held bigint;
BEGIN
  IF ws IS NULL OR NOT (ws = ANY (parallax.writable_workspaces())) THEN
    RAISE EXCEPTION 'no workspace % to write funnel days to', ws USING ERRCODE = '42501';
  END IF;
  IF first_day IS NULL OR last_day IS NULL OR last_day < first_day
     OR last_day - first_day >= parallax.server_limit('funnel_days_span') THEN
    RAISE EXCEPTION 'a funnel put covers 1 to % days, first day first', parallax.server_limit('funnel_days_span')
      USING ERRCODE = '22023';
  END IF;
  IF n > parallax.server_limit('funnel_rows_per_call') THEN
    RAISE EXCEPTION 'at most % funnel day rows a call, not %', parallax.server_limit('funnel_rows_per_call'), n
      USING ERRCODE = '54000';
  END IF;
  IF coalesce(cardinality(engines), 0) <> n OR coalesce(cardinality(pages), 0) <> n
     OR coalesce(cardinality(crawled), 0) <> n OR coalesce(cardinality(referred), 0) <> n
     OR coalesce(cardinality(events), 0) <> n THEN
    RAISE EXCEPTION 'funnel day columns of different lengths' USING ERRCODE = '22023';
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(days) AS d WHERE d IS NULL OR d < first_day OR d > last_day) THEN
    RAISE EXCEPTION 'a funnel day lies outside %..%', first_day, last_day USING ERRCODE = '22023';
  END IF;
  -- One writer of a workspace at a time: two puts of the same span would interleave their deletes.
  PERFORM pg_advisory_xact_lock(hashtextextended('parallax.funnel_days/' || ws::text || '/' || mark, 0));
  DELETE FROM parallax.funnel_days
    WHERE workspace_id = ws AND writer = mark AND day BETWEEN first_day AND last_day;
  SELECT count(*) INTO held FROM parallax.funnel_days WHERE workspace_id = ws;
  IF held + n > parallax.server_limit('funnel_rows_per_workspace') THEN
    RAISE EXCEPTION 'the workspace would hold % funnel day rows, over its cap of % (the owner may raise funnel_rows_per_workspace in parallax.server_limits)',
      held + n, parallax.server_limit('funnel_rows_per_workspace') USING ERRCODE = '54000';
  END IF;
  INSERT INTO parallax.funnel_days (workspace_id, writer, day, engine, page, crawled_hits, referred_sessions, key_events)
    SELECT ws, mark, d, e, p, c, r, k FROM unnest(days, engines, pages, crawled, referred, events) AS t(d, e, p, c, r, k);
  RETURN n;
END $$;
REVOKE EXECUTE ON FUNCTION parallax.put_funnel_days(uuid, date, date, date[], text[], text[], bigint[], bigint[], bigint[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION parallax.put_funnel_days(uuid, date, date, date[], text[], text[], bigint[], bigint[], bigint[]) TO parallax_member;
`;
