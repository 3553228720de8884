// Team schema version 5: a month's partition made by one creator is seen by the next. The
// function of version 1 checked again, once it held the creators' lock, whether the month it was
// about to make existed, with to_regclass: that reads the catalog as this connection last cached
// it, and taking an advisory lock does not refresh that cache. A push that waited for another
// creator of the same month found it "missing", and CREATE TABLE failed with "relation
// results_YYYY_MM already exists": the push failed and was retried (two desktops or runners
// starting a month at once; tests/integration/sync/month-partitions.test.ts). The check under
// the lock now reads pg_class, with the statement's own snapshot, which sees the other creator's
// commit. The rest is version 1's function as it was.
export const monthRecheckSql = /* sql */ `
CREATE OR REPLACE FUNCTION parallax.ensure_result_months(from_ms bigint, to_ms bigint) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp SET timezone = 'UTC' AS $$
DECLARE
  month timestamptz := date_trunc('month', to_timestamp(from_ms / 1000.0));
  last timestamptz := to_timestamp(to_ms / 1000.0);
  lo bigint; hi bigint; part text; created integer := 0;
BEGIN
  IF to_ms < from_ms OR from_ms < 946684800000 OR to_ms >= 7258118400000 OR to_ms - from_ms > 366::bigint * 10 * 86400000 THEN
    RAISE EXCEPTION 'fetch times out of range: % to %', from_ms, to_ms USING ERRCODE = '22023';
  END IF;
  IF cardinality(parallax.writable_workspaces()) = 0 THEN
    RAISE EXCEPTION 'only a member who may write a workspace adds result months' USING ERRCODE = '42501';
  END IF;
  WHILE month <= last LOOP
    part := 'results_' || to_char(month, 'YYYY_MM');
    IF to_regclass('parallax.' || part) IS NULL THEN
      lo := (extract(epoch FROM month) * 1000)::bigint;
      hi := (extract(epoch FROM month + interval '1 month') * 1000)::bigint;
      -- One creator at a time; the default partition's rows of this month move with it.
      PERFORM pg_advisory_xact_lock(hashtext('parallax.ensure_result_months'));
      IF NOT EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                     WHERE n.nspname = 'parallax' AND c.relname = part) THEN
        EXECUTE format('CREATE TABLE parallax.%I (LIKE parallax.results INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', part);
        EXECUTE format('WITH moved AS (DELETE FROM parallax.results_default WHERE fetched_at >= %s AND fetched_at < %s RETURNING *)
          INSERT INTO parallax.%I SELECT * FROM moved', lo, hi, part);
        EXECUTE format('ALTER TABLE parallax.results ATTACH PARTITION parallax.%I FOR VALUES FROM (%s) TO (%s)', part, lo, hi);
        created := created + 1;
      END IF;
    END IF;
    month := month + interval '1 month';
  END LOOP;
  RETURN created;
END $$;
`;
