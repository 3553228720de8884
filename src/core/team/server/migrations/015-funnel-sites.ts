// Team schema version 15: the funnel's shared totals carry their site.
//
// Two teammates who import the same site's logs or analytics share the same visits; without the
// site a reader could only add their totals up and count that site twice. With it, a reader
// takes one sharer's figures per site (see src/core/outcomes/funnel/team-source.ts).
//
// - funnel_days gains `site` (the host the desktop imported: lower case, '' when its logs named
//   none) and the key becomes workspace × writer × day × site × engine × page. Rows stored before
//   this version keep '' until their writer sends again (every desktop of this version resends
//   once, its first sync after the upgrade).
// - put_funnel_days takes a `sites` column beside the others (ten arguments); its checks, limits
//   and writer mark are those of version 14, and it still replaces the writer's rows of the span,
//   every site together (a desktop sends all its sites at once).
// - The nine-argument put_funnel_days of version 14 now refuses, with 22023 (what an older
//   desktop reports as "the team server refused the aggregates" and syncs on) and a message
//   saying to update: rows without a site would be added to a teammate's rows of the same site.
const PUT_V2 = `parallax.put_funnel_days(uuid, date, date, date[], text[], text[], text[], bigint[], bigint[], bigint[])`;

export const funnelSitesSql = /* sql */ `
ALTER TABLE parallax.funnel_days ADD COLUMN site text NOT NULL DEFAULT '';
ALTER TABLE parallax.funnel_days ADD CONSTRAINT funnel_days_site
  CHECK (length(site) <= 253 AND site !~ '[[:cntrl:][:space:]/]' AND site = lower(site));
ALTER TABLE parallax.funnel_days DROP CONSTRAINT funnel_days_pkey;
ALTER TABLE parallax.funnel_days ADD PRIMARY KEY (workspace_id, writer, day, site, engine, page);

-- Replaces this desktop's rows of first_day..last_day in the workspace with the rows given
-- (parallel arrays, one element per day × site × engine × page). Returns the rows stored.
CREATE FUNCTION parallax.put_funnel_days(
  ws uuid, first_day date, last_day date,
  days date[], sites text[], engines text[], pages text[], crawled bigint[], referred bigint[], events bigint[]
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
  IF coalesce(cardinality(sites), 0) <> n OR coalesce(cardinality(engines), 0) <> n
     OR coalesce(cardinality(pages), 0) <> n OR coalesce(cardinality(crawled), 0) <> n
     OR coalesce(cardinality(referred), 0) <> n OR coalesce(cardinality(events), 0) <> n THEN
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
  INSERT INTO parallax.funnel_days (workspace_id, writer, day, site, engine, page, crawled_hits, referred_sessions, key_events)
    SELECT ws, mark, d, s, e, p, c, r, k
    FROM unnest(days, sites, engines, pages, crawled, referred, events) AS t(d, s, e, p, c, r, k);
  RETURN n;
END $$;
REVOKE EXECUTE ON FUNCTION ${PUT_V2} FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ${PUT_V2} TO parallax_member;

CREATE OR REPLACE FUNCTION parallax.put_funnel_days(
  ws uuid, first_day date, last_day date,
  days date[], engines text[], pages text[], crawled bigint[], referred bigint[], events bigint[]
) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RAISE EXCEPTION 'this Parallax shares funnel totals without their site, which teammates sharing the same site would count twice: update Parallax to share them again'
    USING ERRCODE = '22023';
END $$;
`;
