-- Marginalità's cost of labour (issue 32 item 11): pay alone flatters the margin, since the employer
-- also pays contributions (INPS, INAIL), TFR (art. 2120 c.c.) and the other charges of the CCNL
-- Vigilanza privata. An administrator may give each qualification a factor (1.000–3.000: cost of
-- labour = gross pay × factor); a qualification without one counts its pay alone (factor 1).
-- report_margini_mesi keeps the month's cost of labour beside its pay, computed with the pay.
CREATE TABLE report_costo_lavoro (
  posizione_id integer PRIMARY KEY REFERENCES posizioni (id) ON DELETE CASCADE,
  fattore numeric(4, 3) NOT NULL CHECK (fattore >= 1 AND fattore <= 3)
);

ALTER TABLE report_margini_mesi ADD COLUMN costo_lavoro numeric;
UPDATE report_margini_mesi SET costo_lavoro = compensi;

-- 0656's recomputation (renamed in 0657) with the cost of labour: each assignment's pay times its
-- qualification's factor, rounded to the cent per assignment as the pay is.
CREATE OR REPLACE FUNCTION report_margini_ricalcola(contratti integer[], mesi date[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM report_margini_mesi k USING unnest(contratti, mesi) p (c, m)
   WHERE k.contratto_id = p.c AND k.mese = date_trunc('month', p.m)::date;
  WITH coppie AS (SELECT DISTINCT c AS contratto_id, date_trunc('month', m)::date AS mese FROM unnest(contratti, mesi) x (c, m))
  INSERT INTO report_margini_mesi (contratto_id, mese, ore, ricavi, compensi, costo_lavoro, turni, senza_prezzo, senza_compenso, costi)
  SELECT p.contratto_id, p.mese, x.ore, x.ricavi, x.compensi, x.costo_lavoro, x.turni, x.senza_prezzo, x.senza_compenso, y.costi
  FROM coppie p
  CROSS JOIN LATERAL (
    SELECT sum(z.ricavo) AS ricavi, sum(z.compenso) AS compensi,
           sum(round(z.compenso * coalesce(z.fattore, 1), 2)) AS costo_lavoro,
           coalesce(sum(z.ore), 0)::bigint AS ore,
           count(*)::integer AS turni,
           (count(*) FILTER (WHERE NOT z.con_prezzo))::integer AS senza_prezzo,
           (count(*) FILTER (WHERE NOT z.con_compenso))::integer AS senza_compenso
    FROM (
      SELECT erp_importo_ore(f.bande, cp.prezzo_orario, cp.maggiorazione_notturna, cp.maggiorazione_festiva,
                             cp.maggiorazione_domenicale) AS ricavo,
             erp_importo_ore(f.bande, cc.compenso_orario, cc.maggiorazione_notturna, cc.maggiorazione_festiva,
                             cc.maggiorazione_domenicale) AS compenso,
             kl.fattore,
             f.bande[1] + f.bande[2] + f.bande[3] + f.bande[4] + f.bande[5] + f.bande[6] + f.bande[7] + f.bande[8] AS ore,
             cp.id IS NOT NULL AS con_prezzo, cc.id IS NOT NULL AS con_compenso
      FROM servizi s JOIN giorni g ON g.servizio_id = s.id JOIN turni t ON t.giorno_id = g.id
      JOIN turni_operatori a ON a.turno_id = t.id
      LEFT JOIN report_ore_turni r ON r.turno_operatore_id = a.id
      CROSS JOIN LATERAL (SELECT ARRAY[coalesce(r.feriale_diurno, 0), coalesce(r.feriale_notturno, 0),
        coalesce(r.domenica_diurno, 0), coalesce(r.domenica_notturno, 0), coalesce(r.festivo_diurno, 0),
        coalesce(r.festivo_notturno, 0), coalesce(r.festivo_domenica_diurno, 0),
        coalesce(r.festivo_domenica_notturno, 0)]::integer[] AS bande) f
      LEFT JOIN contratti_prezzi cp ON cp.contratto_id = s.contratto_id AND cp.posizione_id = t.posizione_id
      LEFT JOIN contratti_compensi cc ON cc.contratto_id = s.contratto_id AND cc.posizione_id = t.posizione_id
      LEFT JOIN report_costo_lavoro kl ON kl.posizione_id = t.posizione_id
      WHERE s.contratto_id = p.contratto_id AND g.giorno >= p.mese AND g.giorno < (p.mese + interval '1 month')::date
    ) z
  ) x
  CROSS JOIN LATERAL (
    SELECT sum(sc.importo) AS costi FROM servizi s JOIN servizi_costi sc ON sc.servizio_id = s.id
    WHERE s.contratto_id = p.contratto_id AND sc.data >= p.mese AND sc.data < (p.mese + interval '1 month')::date
  ) y
  WHERE x.turni > 0 OR y.costi IS NOT NULL;
$$;

-- A factor set, changed or removed: every contract-month with shifts of that qualification is queued
-- (0657) and recomputed by the next reader or the 'report-margini' job. A rare administrative write.
CREATE FUNCTION report_margini_posizioni(posizioni integer[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO report_margini_da_rifare (contratto_id, mese)
  SELECT DISTINCT s.contratto_id, date_trunc('month', g.giorno)::date
    FROM turni t JOIN giorni g ON g.id = t.giorno_id JOIN servizi s ON s.id = g.servizio_id
   WHERE t.posizione_id = ANY (posizioni);
$$;
CREATE FUNCTION report_margini_da_costo_lavoro() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_margini_posizioni(ARRAY(SELECT n.posizione_id FROM nuovi n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_margini_posizioni(ARRAY(SELECT v.posizione_id FROM vecchi v));
  ELSE
    PERFORM report_margini_posizioni(ARRAY(SELECT n.posizione_id FROM nuovi n UNION SELECT v.posizione_id FROM vecchi v));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER report_margini_costo_lavoro_ins AFTER INSERT ON report_costo_lavoro
  REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION report_margini_da_costo_lavoro();
CREATE TRIGGER report_margini_costo_lavoro_upd AFTER UPDATE ON report_costo_lavoro
  REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION report_margini_da_costo_lavoro();
CREATE TRIGGER report_margini_costo_lavoro_del AFTER DELETE ON report_costo_lavoro
  REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION report_margini_da_costo_lavoro();
