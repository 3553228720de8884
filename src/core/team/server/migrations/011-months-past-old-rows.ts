// Team schema version 11: a row stored before a check was added no longer stops its month being
// made. A new month's partition is a copy of the results table's columns and checks, into which
// the default partition's rows of that month are moved before it is attached. Checks added NOT
// VALID (schema versions 8 and 9: an answer's document, a value's size) were copied as checks
// like any other, so moving a row stored before them (an unreadable document, a 190 MB answer)
// failed, and with it every push of that month's answers, for good. Those checks are now left off
// for the move and added back NOT VALID after it, as the results table has them; the month's
// later rows are checked as everywhere.
export const monthsPastOldRowsSql = /* sql */ `
-- The month's partition [lo, hi) made, the default partition's rows of it moved in, attached. The
-- owner's (called by ensure_result_months, which checks the caller and holds the creators' lock).
CREATE FUNCTION parallax.make_result_month(part text, lo bigint, hi bigint) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE lax record;
BEGIN
  EXECUTE format('CREATE TABLE parallax.%I (LIKE parallax.results INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', part);
  FOR lax IN SELECT conname FROM pg_constraint
    WHERE conrelid = 'parallax.results'::regclass AND contype = 'c' AND NOT convalidated
  LOOP
    EXECUTE format('ALTER TABLE parallax.%I DROP CONSTRAINT %I', part, lax.conname);
  END LOOP;
  EXECUTE format('WITH moved AS (DELETE FROM parallax.results_default WHERE fetched_at >= %s AND fetched_at < %s RETURNING *)
    INSERT INTO parallax.%I SELECT * FROM moved', lo, hi, part);
  -- pg_get_constraintdef ends these with NOT VALID: the rows just moved are not checked.
  FOR lax IN SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
    WHERE conrelid = 'parallax.results'::regclass AND contype = 'c' AND NOT convalidated
  LOOP
    EXECUTE format('ALTER TABLE parallax.%I ADD CONSTRAINT %I %s', part, lax.conname, lax.def);
  END LOOP;
  EXECUTE format('ALTER TABLE parallax.results ATTACH PARTITION parallax.%I FOR VALUES FROM (%s) TO (%s)', part, lo, hi);
END $$;
REVOKE ALL ON FUNCTION parallax.make_result_month(text, bigint, bigint) FROM PUBLIC;

-- Version 6's function, making each month with make_result_month.
CREATE OR REPLACE FUNCTION parallax.ensure_result_months(fetched bigint[]) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp SET timezone = 'UTC' AS $$
DECLARE
  this_month timestamptz := date_trunc('month', now());
  first_month timestamptz := this_month - make_interval(months => parallax.server_limit('result_months_back')::integer);
  last_month timestamptz := this_month + make_interval(months => parallax.server_limit('result_months_ahead')::integer);
  cap bigint := parallax.server_limit('result_months_cap');
  month timestamptz; part text; held bigint; created integer := 0;
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
    PERFORM parallax.make_result_month(part, (extract(epoch FROM month) * 1000)::bigint,
      (extract(epoch FROM month + interval '1 month') * 1000)::bigint);
    created := created + 1;
  END LOOP;
  RETURN created;
END $$;
`;
