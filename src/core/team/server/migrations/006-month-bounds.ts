// Team schema version 6: a member can no longer make the results' months at will. Versions 1 and
// 5 made every month between two fetch times a caller named, ten years a call, as many calls as
// it liked: one member made 2,401 partitions in 20 seconds, and then every statement on results
// locked more partitions than the server's lock table holds ("out of shared memory"), for every
// workspace. Now a push names the months its answers were fetched in (not a range), a month is
// made only within a window around the present, and the team holds at most a cap of months:
// beyond it the call is refused with an error that says so. Answers of a month not made (too old,
// too far ahead, or over the cap) stay in results_default: still stored and synced, just not in a
// month of their own. The window and the cap are rows the owner may change in
// parallax.server_limits.
//
// One creator at a time, as before, but no longer under an advisory lock, which any role may take
// by its key and hold for as long as it likes (the pushes of every workspace waited behind it): the
// lock is now on a table only the owner may lock, so only this function takes it.
export const monthBoundsSql = /* sql */ `
CREATE TABLE parallax.server_limits (
  name  text   PRIMARY KEY,
  value bigint NOT NULL CHECK (value >= 0),
  about text   NOT NULL
);
INSERT INTO parallax.server_limits (name, value, about) VALUES
  ('result_months_back', 60, 'Months before the current one that a push may make a results partition for'),
  ('result_months_ahead', 1, 'Months after the current one that a push may make a results partition for (clocks ahead)'),
  ('result_months_cap', 120, 'Results month partitions the team holds at most (each statement over every month locks them all)');

-- Locked by ensure_result_months only: no role but the owner may lock it.
CREATE TABLE parallax.result_month_creator ();
-- The owner's alone: no grant, and row security with no policy, like every table of the schema.
ALTER TABLE parallax.server_limits ENABLE ROW LEVEL SECURITY;
ALTER TABLE parallax.result_month_creator ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION parallax.server_limit(p_name text) RETURNS bigint
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  SELECT value FROM parallax.server_limits WHERE name = p_name
$$;

DROP FUNCTION parallax.ensure_result_months(bigint, bigint);

-- The months (UTC) these fetch times fall in, made where missing, within the window and the cap.
CREATE FUNCTION parallax.ensure_result_months(fetched bigint[]) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp SET timezone = 'UTC' AS $$
DECLARE
  this_month timestamptz := date_trunc('month', now());
  first_month timestamptz := this_month - make_interval(months => parallax.server_limit('result_months_back')::integer);
  last_month timestamptz := this_month + make_interval(months => parallax.server_limit('result_months_ahead')::integer);
  cap bigint := parallax.server_limit('result_months_cap');
  month timestamptz; part text; lo bigint; hi bigint; held bigint; created integer := 0;
BEGIN
  IF cardinality(parallax.writable_workspaces()) = 0 THEN
    RAISE EXCEPTION 'only a member who may write a workspace adds result months' USING ERRCODE = '42501';
  END IF;
  IF cardinality(fetched) > 10000 THEN
    RAISE EXCEPTION 'at most 10000 fetch times a call, not %', cardinality(fetched) USING ERRCODE = '22023';
  END IF;
  FOR month IN
    SELECT DISTINCT date_trunc('month', to_timestamp(t / 1000.0)) AS m FROM unnest(fetched) AS t
    WHERE t IS NOT NULL AND t BETWEEN -62135596800000 AND 253402300799999 ORDER BY m
  LOOP
    CONTINUE WHEN month < first_month OR month > last_month;
    part := 'results_' || to_char(month, 'YYYY_MM');
    CONTINUE WHEN to_regclass('parallax.' || part) IS NOT NULL;
    LOCK TABLE parallax.result_month_creator IN SHARE ROW EXCLUSIVE MODE;
    -- pg_class with this statement's snapshot sees another creator's commit (schema version 5).
    CONTINUE WHEN EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                          WHERE n.nspname = 'parallax' AND c.relname = part);
    SELECT count(*) - 1 INTO held FROM pg_inherits WHERE inhparent = 'parallax.results'::regclass;
    IF held >= cap THEN
      RAISE EXCEPTION 'the team holds % result months, its cap: % is not made (its answers stay in results_default; the owner may raise result_months_cap in parallax.server_limits)', held, part
        USING ERRCODE = '54000';
    END IF;
    lo := (extract(epoch FROM month) * 1000)::bigint;
    hi := (extract(epoch FROM month + interval '1 month') * 1000)::bigint;
    EXECUTE format('CREATE TABLE parallax.%I (LIKE parallax.results INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', part);
    EXECUTE format('WITH moved AS (DELETE FROM parallax.results_default WHERE fetched_at >= %s AND fetched_at < %s RETURNING *)
      INSERT INTO parallax.%I SELECT * FROM moved', lo, hi, part);
    EXECUTE format('ALTER TABLE parallax.results ATTACH PARTITION parallax.%I FOR VALUES FROM (%s) TO (%s)', part, lo, hi);
    created := created + 1;
  END LOOP;
  RETURN created;
END $$;
REVOKE ALL ON FUNCTION parallax.ensure_result_months(bigint[]), parallax.server_limit(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION parallax.ensure_result_months(bigint[]) TO parallax_member;
`;
