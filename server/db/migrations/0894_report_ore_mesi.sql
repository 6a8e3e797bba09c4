-- The assignment reports grouped per operator over a year (issue 35 item 4): risorse-assegnate,
-- compensi and ricavi-attivita with group_by=operatore summed the year's million rows of
-- report_ore_turni on every request (server/bench/RESULTS-report.md). report_ore_mesi keeps, per
-- operator and month, what those groups sum — assignments, planned seconds, seconds by band and the
-- kept money — so such a request reads ≤ 12 rows per operator for the whole months of its period and
-- the fact table only for the days at its edges (server/modules/report/assegnazioni.ts
-- `perOperatore`, the list engine's `groupSummary`).
--
-- Kept as Marginalità's report_margini_mesi (0654, 0657): the writes of report_ore_turni (its rows'
-- seconds, dimensions and money) queue the (operator, month) pairs they touch, old and new, in
-- report_ore_mesi_da_rifare, committed with the write or not at all; report_ore_mesi_rinfresca()
-- first re-prices the queued money (report_ore_prezza, 0660: the money re-pricing writes the rows
-- and so queues their pairs), then recomputes the queued pairs, one refresher at a time (an advisory
-- lock held to its commit), from a snapshot taken after the lock. The readers call it first (the
-- lists' `prepare`), the 'report-margini' job every 60 s. Numbered after 0891 (report_ore_turni's
-- functions in their last version); report_margini_da_ore (0660) is the one trigger function of
-- report_ore_turni's writes, so it queues these pairs too.

CREATE TABLE report_ore_mesi (
  operatore_id integer NOT NULL,
  mese date NOT NULL,
  turni integer NOT NULL,
  ore_pianificate bigint NOT NULL,
  ore bigint NOT NULL,
  diurne bigint NOT NULL,
  notturne bigint NOT NULL,
  domenicali bigint NOT NULL,
  festive bigint NOT NULL,
  -- sum(report_ore_turni.ricavo / compenso) of the month: NULL when no row has one (as sum() over the rows).
  ricavo numeric,
  compenso numeric,
  PRIMARY KEY (operatore_id, mese)
);
-- A period's months (the year's groups read every operator's months of the period).
CREATE INDEX report_ore_mesi_mese_idx ON report_ore_mesi (mese);

CREATE TABLE report_ore_mesi_da_rifare (
  id bigserial PRIMARY KEY,
  operatore_id integer NOT NULL,
  mese date NOT NULL
);

-- Rewrites the given (operator, month) pairs from report_ore_turni (no assignment left: no row).
CREATE FUNCTION report_ore_mesi_ricalcola(operatori integer[], mesi date[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_ore_mesi k USING (SELECT DISTINCT o, m FROM unnest(operatori, mesi) x (o, m)) p
   WHERE k.operatore_id = p.o AND k.mese = p.m;
  INSERT INTO report_ore_mesi (operatore_id, mese, turni, ore_pianificate, ore, diurne, notturne, domenicali, festive,
    ricavo, compenso)
  SELECT p.o, p.m, x.turni, x.ore_pianificate, x.ore, x.diurne, x.notturne, x.domenicali, x.festive, x.ricavo, x.compenso
  FROM (SELECT DISTINCT o, m FROM unnest(operatori, mesi) x (o, m)) p
  CROSS JOIN LATERAL (
    SELECT count(*)::integer AS turni, coalesce(sum(r.pianificate), 0)::bigint AS ore_pianificate,
           coalesce(sum(r.feriale_diurno + r.feriale_notturno + r.domenica_diurno + r.domenica_notturno + r.festivo_diurno
             + r.festivo_notturno + r.festivo_domenica_diurno + r.festivo_domenica_notturno), 0)::bigint AS ore,
           coalesce(sum(r.feriale_diurno), 0)::bigint AS diurne, coalesce(sum(r.feriale_notturno), 0)::bigint AS notturne,
           coalesce(sum(r.domenica_diurno + r.domenica_notturno), 0)::bigint AS domenicali,
           coalesce(sum(r.festivo_diurno + r.festivo_notturno + r.festivo_domenica_diurno + r.festivo_domenica_notturno), 0)::bigint AS festive,
           sum(r.ricavo) AS ricavo, sum(r.compenso) AS compenso
    FROM report_ore_turni r
    WHERE r.operatore_id = p.o AND r.giorno >= p.m AND r.giorno < (p.m + interval '1 month')::date
  ) x
  WHERE x.turni > 0;
END
$$;

CREATE FUNCTION report_ore_mesi_rinfresca() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  operatori integer[];
  mesi date[];
BEGIN
  -- The money first: re-pricing writes the rows, which queues their pairs below.
  PERFORM report_ore_prezza();
  IF NOT EXISTS (SELECT 1 FROM report_ore_mesi_da_rifare) THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('report_ore_mesi'));
  -- A new statement, a new snapshot (READ COMMITTED): every write committed before the lock.
  WITH fatti AS (DELETE FROM report_ore_mesi_da_rifare RETURNING operatore_id, mese),
       coppie AS (SELECT DISTINCT operatore_id, mese FROM fatti)
  SELECT array_agg(operatore_id), array_agg(mese) INTO operatori, mesi FROM coppie;
  IF operatori IS NULL THEN
    RETURN 0;
  END IF;
  PERFORM report_ore_mesi_ricalcola(operatori, mesi);
  RETURN cardinality(operatori);
END
$$;

-- 0660's trigger function with the (operator, month) pairs queued too: inserted and deleted rows,
-- an update's old and new pairs, and the money's own re-pricing (its rows' pairs: their money changed).
CREATE OR REPLACE FUNCTION report_margini_da_ore() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM nuovi) THEN
      RETURN NULL;
    END IF;
    PERFORM report_margini_aggiorna(array_agg(n.contratto_id), array_agg(n.giorno)) FROM nuovi n;
    INSERT INTO report_ore_da_prezzare (turno_operatore_id) SELECT n.turno_operatore_id FROM nuovi n;
    INSERT INTO report_ore_mesi_da_rifare (operatore_id, mese)
    SELECT DISTINCT n.operatore_id, date_trunc('month', n.giorno)::date FROM nuovi n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_margini_aggiorna(array_agg(v.contratto_id), array_agg(v.giorno)) FROM vecchi v;
    INSERT INTO report_ore_mesi_da_rifare (operatore_id, mese)
    SELECT DISTINCT v.operatore_id, date_trunc('month', v.giorno)::date FROM vecchi v;
  ELSIF NOT EXISTS (SELECT 1 FROM nuovi) THEN
    RETURN NULL;
  ELSIF current_setting('erp.report_ore_prezza', true) IS DISTINCT FROM 'on' THEN
    -- Not the money's own refresh (its flag): seconds or dimensions written.
    INSERT INTO report_ore_da_prezzare (turno_operatore_id) SELECT n.turno_operatore_id FROM nuovi n;
    PERFORM report_margini_aggiorna(array_agg(x.contratto_id), array_agg(x.giorno))
    FROM (SELECT n.contratto_id, n.giorno FROM nuovi n UNION SELECT v.contratto_id, v.giorno FROM vecchi v) x;
    INSERT INTO report_ore_mesi_da_rifare (operatore_id, mese)
    SELECT n.operatore_id, date_trunc('month', n.giorno)::date FROM nuovi n
    UNION SELECT v.operatore_id, date_trunc('month', v.giorno)::date FROM vecchi v;
  ELSE
    -- The money's refresh: the pairs of the re-priced rows (it moves no row to another pair).
    INSERT INTO report_ore_mesi_da_rifare (operatore_id, mese)
    SELECT DISTINCT n.operatore_id, date_trunc('month', n.giorno)::date FROM nuovi n;
  END IF;
  RETURN NULL;
END
$$;

-- The summary of the rows as they are (rows not priced yet are queued for pricing, which queues
-- their pairs again).
SELECT report_ore_mesi_ricalcola(coalesce(array_agg(p.o), '{}'), coalesce(array_agg(p.m), '{}'))
FROM (SELECT DISTINCT r.operatore_id AS o, date_trunc('month', r.giorno)::date AS m FROM report_ore_turni r) p;
