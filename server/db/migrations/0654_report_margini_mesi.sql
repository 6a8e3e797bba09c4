-- Marginalità's money per contract and month, kept by the database (issue 13, the benchmark): the
-- report over a year summed revenue and pay over a million assignments per request (7.5 s at scale,
-- server/bench/RESULTS-report.md); the dashboard's month over ~85,000 (0.7 s). report_margini_mesi
-- holds, per (contract, month) with assignments, what analisi-ricavi.list.ts used to sum in its
-- lateral: hours, revenue and pay (erp_importo_ore on report_ore_turni's bands with the contract's
-- price and pay for the shift's qualification), assignments, those without a price or a pay.
-- Statement-level triggers recompute the (contract, month) pairs a statement touches, whatever
-- writes: report_ore_turni (hours: ranges, check-ins, the client's city), turni_operatori (an
-- assignment added or removed), turni (its qualification or day), contratti_prezzi and
-- contratti_compensi (the rates). Days with assignments cannot be deleted (turni_operatori RESTRICT).

CREATE TABLE report_margini_mesi (
  contratto_id integer NOT NULL REFERENCES contratti (id) ON DELETE CASCADE,
  mese date NOT NULL,
  ore bigint NOT NULL,
  ricavi numeric,
  compensi numeric,
  turni integer NOT NULL,
  senza_prezzo integer NOT NULL,
  senza_compenso integer NOT NULL,
  PRIMARY KEY (contratto_id, mese)
);
CREATE INDEX report_margini_mesi_mese_idx ON report_margini_mesi (mese);

-- Rewrites the given (contract, month) pairs from the assignments (no assignment left: no row).
CREATE FUNCTION report_margini_aggiorna(contratti integer[], mesi date[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM report_margini_mesi k USING unnest(contratti, mesi) p (c, m)
   WHERE k.contratto_id = p.c AND k.mese = date_trunc('month', p.m)::date;
  WITH coppie AS (SELECT DISTINCT c AS contratto_id, date_trunc('month', m)::date AS mese FROM unnest(contratti, mesi) x (c, m))
  INSERT INTO report_margini_mesi (contratto_id, mese, ore, ricavi, compensi, turni, senza_prezzo, senza_compenso)
  SELECT p.contratto_id, p.mese, x.ore, x.ricavi, x.compensi, x.turni, x.senza_prezzo, x.senza_compenso
  FROM coppie p
  CROSS JOIN LATERAL (
    SELECT sum(erp_importo_ore(f.bande, cp.prezzo_orario, cp.maggiorazione_notturna, cp.maggiorazione_festiva,
                               cp.maggiorazione_domenicale)) AS ricavi,
           sum(erp_importo_ore(f.bande, cc.compenso_orario, cc.maggiorazione_notturna, cc.maggiorazione_festiva,
                               cc.maggiorazione_domenicale)) AS compensi,
           coalesce(sum(f.bande[1] + f.bande[2] + f.bande[3] + f.bande[4] + f.bande[5] + f.bande[6] + f.bande[7] + f.bande[8]), 0)::bigint AS ore,
           count(*)::integer AS turni,
           (count(*) FILTER (WHERE cp.id IS NULL))::integer AS senza_prezzo,
           (count(*) FILTER (WHERE cc.id IS NULL))::integer AS senza_compenso
    FROM servizi s JOIN giorni g ON g.servizio_id = s.id JOIN turni t ON t.giorno_id = g.id
    JOIN turni_operatori a ON a.turno_id = t.id
    LEFT JOIN report_ore_turni r ON r.turno_operatore_id = a.id
    CROSS JOIN LATERAL (SELECT ARRAY[coalesce(r.feriale_diurno, 0), coalesce(r.feriale_notturno, 0),
      coalesce(r.domenica_diurno, 0), coalesce(r.domenica_notturno, 0), coalesce(r.festivo_diurno, 0),
      coalesce(r.festivo_notturno, 0), coalesce(r.festivo_domenica_diurno, 0),
      coalesce(r.festivo_domenica_notturno, 0)]::integer[] AS bande) f
    LEFT JOIN contratti_prezzi cp ON cp.contratto_id = s.contratto_id AND cp.posizione_id = t.posizione_id
    LEFT JOIN contratti_compensi cc ON cc.contratto_id = s.contratto_id AND cc.posizione_id = t.posizione_id
    WHERE s.contratto_id = p.contratto_id AND g.giorno >= p.mese AND g.giorno < (p.mese + interval '1 month')::date
  ) x
  WHERE x.turni > 0;
$$;

-- The pairs of some assignments (by id) and of some shifts (by id).
CREATE FUNCTION report_margini_assegnazioni(ids integer[]) RETURNS void
LANGUAGE sql AS $$
  SELECT report_margini_aggiorna(array_agg(s.contratto_id), array_agg(g.giorno))
  FROM (SELECT DISTINCT t.giorno_id FROM turni_operatori a JOIN turni t ON t.id = a.turno_id WHERE a.id = ANY (ids)) d
  JOIN giorni g ON g.id = d.giorno_id JOIN servizi s ON s.id = g.servizio_id;
$$;
CREATE FUNCTION report_margini_turni(ids integer[]) RETURNS void
LANGUAGE sql AS $$
  SELECT report_margini_aggiorna(array_agg(s.contratto_id), array_agg(g.giorno))
  FROM (SELECT DISTINCT t.giorno_id FROM turni t WHERE t.id = ANY (ids)) d
  JOIN giorni g ON g.id = d.giorno_id JOIN servizi s ON s.id = g.servizio_id;
$$;

CREATE FUNCTION report_margini_da_ore() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_margini_assegnazioni(ARRAY(SELECT n.turno_operatore_id FROM nuovi n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_margini_assegnazioni(ARRAY(SELECT v.turno_operatore_id FROM vecchi v));
  ELSE
    PERFORM report_margini_assegnazioni(ARRAY(SELECT n.turno_operatore_id FROM nuovi n));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER report_margini_ore_ins AFTER INSERT ON report_ore_turni
  REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION report_margini_da_ore();
CREATE TRIGGER report_margini_ore_upd AFTER UPDATE ON report_ore_turni
  REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION report_margini_da_ore();
CREATE TRIGGER report_margini_ore_del AFTER DELETE ON report_ore_turni
  REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION report_margini_da_ore();

-- An assignment added, removed or moved: the months of its shifts (old and new).
CREATE FUNCTION report_margini_da_assegnazioni() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_margini_turni(ARRAY(SELECT DISTINCT n.turno_id FROM nuovi n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_margini_turni(ARRAY(SELECT DISTINCT v.turno_id FROM vecchi v));
  ELSE
    PERFORM report_margini_turni(ARRAY(SELECT n.turno_id FROM nuovi n UNION SELECT v.turno_id FROM vecchi v));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER report_margini_assegnazioni_ins AFTER INSERT ON turni_operatori
  REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION report_margini_da_assegnazioni();
CREATE TRIGGER report_margini_assegnazioni_del AFTER DELETE ON turni_operatori
  REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION report_margini_da_assegnazioni();
CREATE TRIGGER report_margini_assegnazioni_upd AFTER UPDATE ON turni_operatori
  REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION report_margini_da_assegnazioni();

-- A shift's qualification or day changed: the months of its old and new day.
CREATE FUNCTION report_margini_da_turni() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_margini_aggiorna(array_agg(s.contratto_id), array_agg(g.giorno))
  FROM (SELECT n.giorno_id FROM nuovi n JOIN vecchi v ON v.id = n.id
         WHERE n.posizione_id <> v.posizione_id OR n.giorno_id <> v.giorno_id
        UNION SELECT v.giorno_id FROM nuovi n JOIN vecchi v ON v.id = n.id
         WHERE n.posizione_id <> v.posizione_id OR n.giorno_id <> v.giorno_id) d
  JOIN giorni g ON g.id = d.giorno_id JOIN servizi s ON s.id = g.servizio_id;
  RETURN NULL;
END
$$;
CREATE TRIGGER report_margini_turni_upd AFTER UPDATE ON turni
  REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION report_margini_da_turni();

-- A contract's price or pay changed: every month of the contract that has assignments.
CREATE FUNCTION report_margini_da_tariffe() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_margini_aggiorna(array_agg(k.contratto_id), array_agg(k.mese))
    FROM report_margini_mesi k WHERE k.contratto_id IN (SELECT n.contratto_id FROM nuovi n);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_margini_aggiorna(array_agg(k.contratto_id), array_agg(k.mese))
    FROM report_margini_mesi k WHERE k.contratto_id IN (SELECT v.contratto_id FROM vecchi v);
  ELSE
    PERFORM report_margini_aggiorna(array_agg(k.contratto_id), array_agg(k.mese))
    FROM report_margini_mesi k
    WHERE k.contratto_id IN (SELECT n.contratto_id FROM nuovi n UNION SELECT v.contratto_id FROM vecchi v);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER report_margini_prezzi_ins AFTER INSERT ON contratti_prezzi
  REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION report_margini_da_tariffe();
CREATE TRIGGER report_margini_prezzi_upd AFTER UPDATE ON contratti_prezzi
  REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION report_margini_da_tariffe();
CREATE TRIGGER report_margini_prezzi_del AFTER DELETE ON contratti_prezzi
  REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION report_margini_da_tariffe();
CREATE TRIGGER report_margini_compensi_ins AFTER INSERT ON contratti_compensi
  REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION report_margini_da_tariffe();
CREATE TRIGGER report_margini_compensi_upd AFTER UPDATE ON contratti_compensi
  REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION report_margini_da_tariffe();
CREATE TRIGGER report_margini_compensi_del AFTER DELETE ON contratti_compensi
  REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION report_margini_da_tariffe();

SELECT report_margini_aggiorna(array_agg(s.contratto_id), array_agg(g.giorno))
FROM (SELECT DISTINCT t.giorno_id FROM turni_operatori a JOIN turni t ON t.id = a.turno_id) d
JOIN giorni g ON g.id = d.giorno_id JOIN servizi s ON s.id = g.servizio_id;
