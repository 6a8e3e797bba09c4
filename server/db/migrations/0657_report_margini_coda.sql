-- report_margini_mesi (0654) is no longer rewritten inside the writing transaction: two planners
-- changing the same contract's month at once each recomputed it from a snapshot without the other's
-- change, and the second write won — the summary lost an update (margini-concorrenza.test.ts);
-- and every assignment recomputed its whole contract-month twice (assignments, then hours).
--
-- Now a write only queues the (contract, month) pairs it touches: one append-only row per pair in
-- report_margini_da_rifare, committed with the write or not at all. report_margini_rinfresca()
-- recomputes the queued pairs, one refresher at a time (an advisory lock held to its commit), from a
-- snapshot taken after the lock: a pair whose change it cannot see yet keeps its queue row (not
-- committed yet, so not deleted) for the next refresh. Readers call it first (the list's `prepare`,
-- analisi-ricavi.list.ts), so the report is exact at every read; the 'report-margini' job (every
-- 60 s) keeps the queue short, so a reader rarely pays for more than the last minute's writes.

CREATE TABLE report_margini_da_rifare (
  id bigserial PRIMARY KEY,
  contratto_id integer NOT NULL,
  mese date NOT NULL
);

-- The recomputation of 0654, under a new name.
ALTER FUNCTION report_margini_aggiorna(integer[], date[]) RENAME TO report_margini_ricalcola;

-- What the triggers call (same name and arguments as in 0654): queue the pairs.
CREATE FUNCTION report_margini_aggiorna(contratti integer[], mesi date[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO report_margini_da_rifare (contratto_id, mese)
  SELECT DISTINCT c, date_trunc('month', m)::date FROM unnest(contratti, mesi) x (c, m) WHERE c IS NOT NULL AND m IS NOT NULL;
$$;

CREATE FUNCTION report_margini_rinfresca() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  contratti integer[];
  mesi date[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM report_margini_da_rifare) THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('report_margini_mesi'));
  -- A new statement, a new snapshot (READ COMMITTED): every write committed before the lock.
  WITH fatti AS (DELETE FROM report_margini_da_rifare RETURNING contratto_id, mese),
       coppie AS (SELECT DISTINCT contratto_id, mese FROM fatti)
  SELECT array_agg(contratto_id), array_agg(mese) INTO contratti, mesi FROM coppie;
  IF contratti IS NULL THEN
    RETURN 0;
  END IF;
  PERFORM report_margini_ricalcola(contratti, mesi);
  RETURN cardinality(contratti);
END
$$;

-- The job's row is in 0890_jobs_report_margini.sql: the jobs table comes with 0750.
