-- Issue 35 item 1: the Consuntivo — the hours of a contract's month approved before they are invoiced.
--
-- A correction of an assignment's times (fatturazione_rettifiche) is never changed nor deleted: the
-- latest one counts, the earlier ones and the original figures stay (with who, when and why).
-- Approving a contract's month (fatturazione_approvazioni) writes the approved hours by band
-- (fatturazione_ore): what invoices (and, later, payroll) read. A correction of an approved month
-- is made only by derogation (erp_contratti_deroghe) and rewrites that assignment's approved rows.

CREATE TABLE fatturazione_rettifiche (
  id serial PRIMARY KEY,
  turno_operatore_id integer NOT NULL,
  -- The corrected worked periods, and what the office saw before (check-ins, or the plan).
  periodi tstzrange[] NOT NULL CHECK (cardinality(periodi) BETWEEN 1 AND 2),
  originali tstzrange[] NOT NULL,
  fonte_originale text NOT NULL CHECK (fonte_originale IN ('effettive', 'pianificate', 'rettificate')),
  motivo text NOT NULL CHECK (btrim(motivo) <> ''),
  -- Made on an approved month, by derogation.
  deroga boolean NOT NULL DEFAULT false,
  utente_id integer,
  creata_il timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fatturazione_rettifiche_assegnazione_idx ON fatturazione_rettifiche (turno_operatore_id, id DESC);

CREATE FUNCTION fatturazione_rettifiche_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'fatturazione_rettifiche è in sola aggiunta';
END $$;
CREATE TRIGGER fatturazione_rettifiche_no_update BEFORE UPDATE OR DELETE ON fatturazione_rettifiche
  FOR EACH ROW EXECUTE FUNCTION fatturazione_rettifiche_append_only();

CREATE TABLE fatturazione_approvazioni (
  contratto_id integer NOT NULL REFERENCES contratti (id) ON DELETE RESTRICT,
  -- The first day of the month (the month of the shifts' planned day).
  mese date NOT NULL CHECK (extract(day FROM mese) = 1),
  approvata_da integer,
  approvata_il timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (contratto_id, mese)
);

-- The approved hours: per assignment and calendar month of the hours (a shift across midnight on a
-- month's last day has a row in each month, so each month's invoice takes its own hours).
CREATE TABLE fatturazione_ore (
  turno_operatore_id integer NOT NULL,
  mese date NOT NULL,
  -- The approved month the assignment belongs to (its planned day's).
  mese_consuntivo date NOT NULL,
  contratto_id integer NOT NULL,
  servizio_id integer NOT NULL,
  posizione_id integer NOT NULL,
  operatore_id integer NOT NULL,
  fonte text NOT NULL CHECK (fonte IN ('effettive', 'pianificate', 'rettificate')),
  feriale_diurno integer NOT NULL,
  feriale_notturno integer NOT NULL,
  domenica_diurno integer NOT NULL,
  domenica_notturno integer NOT NULL,
  festivo_diurno integer NOT NULL,
  festivo_notturno integer NOT NULL,
  festivo_domenica_diurno integer NOT NULL,
  festivo_domenica_notturno integer NOT NULL,
  PRIMARY KEY (turno_operatore_id, mese),
  FOREIGN KEY (contratto_id, mese_consuntivo) REFERENCES fatturazione_approvazioni (contratto_id, mese)
);
CREATE INDEX fatturazione_ore_contratto_mese_idx ON fatturazione_ore (contratto_id, mese);

-- The periods that count for each assignment and where they come from: the latest correction, else
-- the check-ins' worked periods (report_periodi_lavorati, the rule of src/domain/hours/checkins.ts),
-- else the plan — the order of report_ore_turni (migration 0650) with the correction on top.
CREATE FUNCTION fatturazione_periodi(ids integer[])
RETURNS TABLE (turno_operatore_id integer, fonte text, periodo tstzrange)
LANGUAGE sql STABLE AS $$
  WITH rett AS (
    SELECT DISTINCT ON (r.turno_operatore_id) r.turno_operatore_id AS id, r.periodi
    FROM fatturazione_rettifiche r WHERE r.turno_operatore_id = ANY (ids)
    ORDER BY r.turno_operatore_id, r.id DESC
  ),
  lav AS (
    SELECT l.turno_operatore_id AS id, l.periodo FROM report_periodi_lavorati(ids) l
    WHERE NOT EXISTS (SELECT 1 FROM rett WHERE rett.id = l.turno_operatore_id)
  )
  SELECT r.id, 'rettificate', unnest(r.periodi) FROM rett r
  UNION ALL
  SELECT l.id, 'effettive', l.periodo FROM lav l
  UNION ALL
  SELECT p.turno_operatore_id, 'pianificate', p.periodo FROM turni_operatori_periodi p
  WHERE p.turno_operatore_id = ANY (ids)
    AND NOT EXISTS (SELECT 1 FROM rett WHERE rett.id = p.turno_operatore_id)
    AND NOT EXISTS (SELECT 1 FROM lav WHERE lav.id = p.turno_operatore_id)
$$;

-- The hours by band of the given assignments, per calendar month (Europe/Rome) of the hours, with
-- erp_ore_periodo of migration 0600 (the split every report uses) and the client's patron (0603).
CREATE FUNCTION fatturazione_ore_calcola(ids integer[])
RETURNS TABLE (turno_operatore_id integer, mese date, mese_consuntivo date, contratto_id integer, servizio_id integer,
               posizione_id integer, operatore_id integer, fonte text, feriale_diurno integer, feriale_notturno integer,
               domenica_diurno integer, domenica_notturno integer, festivo_diurno integer, festivo_notturno integer,
               festivo_domenica_diurno integer, festivo_domenica_notturno integer)
LANGUAGE sql STABLE AS $$
  SELECT q.turno_operatore_id, m.mese::date, date_trunc('month', g.giorno)::date, s.contratto_id, g.servizio_id,
         t.posizione_id, a.operatore_id, min(q.fonte),
         sum(h.feriale_diurno)::integer, sum(h.feriale_notturno)::integer, sum(h.domenica_diurno)::integer,
         sum(h.domenica_notturno)::integer, sum(h.festivo_diurno)::integer, sum(h.festivo_notturno)::integer,
         sum(h.festivo_domenica_diurno)::integer, sum(h.festivo_domenica_notturno)::integer
  FROM fatturazione_periodi(ids) q
  JOIN turni_operatori a ON a.id = q.turno_operatore_id
  JOIN turni t ON t.id = a.turno_id
  JOIN giorni g ON g.id = t.giorno_id
  JOIN servizi s ON s.id = g.servizio_id
  JOIN contratti c ON c.id = s.contratto_id
  JOIN clienti cl ON cl.id = c.cliente_id
  LEFT JOIN patroni_citta pc ON pc.citta = erp_citta_key(cl.citta)
  CROSS JOIN LATERAL generate_series(date_trunc('month', lower(q.periodo) AT TIME ZONE 'Europe/Rome'),
                                     date_trunc('month', (upper(q.periodo) - interval '1 microsecond') AT TIME ZONE 'Europe/Rome'),
                                     interval '1 month') AS m(mese)
  CROSS JOIN LATERAL erp_ore_periodo(q.periodo * tstzrange(m.mese AT TIME ZONE 'Europe/Rome',
                                                           (m.mese + interval '1 month') AT TIME ZONE 'Europe/Rome'),
                                     pc.mese, pc.giorno) h
  GROUP BY q.turno_operatore_id, m.mese, g.giorno, s.contratto_id, g.servizio_id, t.posizione_id, a.operatore_id
$$;
