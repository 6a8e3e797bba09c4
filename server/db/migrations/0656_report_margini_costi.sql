-- Marginalità's service costs kept with its money (0654): report_margini_mesi also holds the month's
-- servizi_costi per contract, and a row for a contract-month that has costs but no assignment. The
-- report's page then reads one row per contract-month with no sub-query per row (the lateral sum of
-- the costs made the list engine fetch the page's keys first and compute the months three times).
ALTER TABLE report_margini_mesi ADD COLUMN costi numeric;

CREATE OR REPLACE FUNCTION report_margini_aggiorna(contratti integer[], mesi date[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM report_margini_mesi k USING unnest(contratti, mesi) p (c, m)
   WHERE k.contratto_id = p.c AND k.mese = date_trunc('month', p.m)::date;
  WITH coppie AS (SELECT DISTINCT c AS contratto_id, date_trunc('month', m)::date AS mese FROM unnest(contratti, mesi) x (c, m))
  INSERT INTO report_margini_mesi (contratto_id, mese, ore, ricavi, compensi, turni, senza_prezzo, senza_compenso, costi)
  SELECT p.contratto_id, p.mese, x.ore, x.ricavi, x.compensi, x.turni, x.senza_prezzo, x.senza_compenso, y.costi
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
  CROSS JOIN LATERAL (
    SELECT sum(sc.importo) AS costi FROM servizi s JOIN servizi_costi sc ON sc.servizio_id = s.id
    WHERE s.contratto_id = p.contratto_id AND sc.data >= p.mese AND sc.data < (p.mese + interval '1 month')::date
  ) y
  WHERE x.turni > 0 OR y.costi IS NOT NULL;
$$;

-- A service cost written: the months of its old and new date.
CREATE FUNCTION report_margini_da_costi() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_margini_aggiorna(array_agg(s.contratto_id), array_agg(n.data))
    FROM nuovi n JOIN servizi s ON s.id = n.servizio_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_margini_aggiorna(array_agg(s.contratto_id), array_agg(v.data))
    FROM vecchi v JOIN servizi s ON s.id = v.servizio_id;
  ELSE
    PERFORM report_margini_aggiorna(array_agg(s.contratto_id), array_agg(x.data))
    FROM (SELECT servizio_id, data FROM nuovi UNION SELECT servizio_id, data FROM vecchi) x
    JOIN servizi s ON s.id = x.servizio_id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER report_margini_costi_ins AFTER INSERT ON servizi_costi
  REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION report_margini_da_costi();
CREATE TRIGGER report_margini_costi_upd AFTER UPDATE ON servizi_costi
  REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION report_margini_da_costi();
CREATE TRIGGER report_margini_costi_del AFTER DELETE ON servizi_costi
  REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION report_margini_da_costi();

SELECT report_margini_aggiorna(array_agg(x.contratto_id), array_agg(x.mese))
FROM (SELECT contratto_id, mese FROM report_margini_mesi
      UNION SELECT s.contratto_id, sc.data FROM servizi_costi sc JOIN servizi s ON s.id = sc.servizio_id) x;
