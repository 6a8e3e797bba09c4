-- Worked hours from the guards' app check-ins (issue 13.1): report_ore_turni (0601, patron 0603)
-- holds the worked bands with fonte 'effettive' when the assignment's check-ins in app_timbrature
-- (0501) are complete, the planned bands with fonte 'pianificate' otherwise; `pianificate` stays
-- the planned seconds either way (risorse-assegnate: planned vs worked). The rewrite runs whenever
-- the planned ranges, the client's city or the assignment's check-ins change.
--
-- Pairing, as periodiLavorati of src/domain/hours/checkins.ts (test/server/report/hours-sql.test.ts
-- keeps the two equal): the check-ins of one assignment (same shift, same operator) in time order
-- (data_ora, id), read to the second; a run of consecutive check-ins counts its FIRST, a run of
-- consecutive check-outs its LAST (a retried tap is not a new period); the k-th check-in with the
-- k-th check-out make period k. Complete when the first is a check-in, the last a check-out and
-- every period ends after it starts; otherwise the planned ranges count.

CREATE FUNCTION report_periodi_lavorati(ids integer[])
RETURNS TABLE (turno_operatore_id integer, periodo tstzrange)
LANGUAGE sql STABLE AS $$
  WITH ev AS (
    SELECT a.id, x.tipo, date_trunc('second', x.data_ora) AS d,
           row_number() OVER w AS n,
           count(*) OVER (PARTITION BY a.id) AS tot,
           lag(x.tipo) OVER w AS prima,
           lead(x.tipo) OVER w AS dopo
    FROM turni_operatori a
    JOIN app_timbrature x ON x.turno_id = a.turno_id AND x.operatore_id = a.operatore_id
    WHERE a.id = ANY (ids)
    WINDOW w AS (PARTITION BY a.id ORDER BY x.data_ora, x.id)
  ),
  completi AS (
    SELECT id FROM ev GROUP BY id
    HAVING bool_or(n = 1 AND tipo = 'ingresso') AND bool_or(n = tot AND tipo = 'uscita')
  ),
  bordi AS (
    SELECT e.id, e.tipo, e.d, row_number() OVER (PARTITION BY e.id, e.tipo ORDER BY e.n) AS k
    FROM ev e JOIN completi c ON c.id = e.id
    WHERE (e.tipo = 'ingresso' AND e.prima IS DISTINCT FROM 'ingresso')
       OR (e.tipo = 'uscita' AND e.dopo IS DISTINCT FROM 'uscita')
  ),
  coppie AS (
    SELECT i.id, i.d AS dal, u.d AS al, bool_and(u.d > i.d) OVER (PARTITION BY i.id) AS valide
    FROM bordi i JOIN bordi u ON u.id = i.id AND u.k = i.k AND u.tipo = 'uscita'
    WHERE i.tipo = 'ingresso'
  )
  SELECT id, tstzrange(dal, al) FROM coppie WHERE valide
$$;

CREATE OR REPLACE FUNCTION report_ore_turni_aggiorna(ids integer[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM report_ore_turni r WHERE r.turno_operatore_id = ANY (ids)
    AND NOT EXISTS (SELECT 1 FROM turni_operatori_periodi p WHERE p.turno_operatore_id = r.turno_operatore_id);
  WITH patrono AS (
    SELECT a.id, pc.mese, pc.giorno
    FROM turni_operatori a
    JOIN turni t ON t.id = a.turno_id
    JOIN giorni g ON g.id = t.giorno_id
    JOIN servizi s ON s.id = g.servizio_id
    JOIN contratti c ON c.id = s.contratto_id
    JOIN clienti cl ON cl.id = c.cliente_id
    LEFT JOIN patroni_citta pc ON pc.citta = erp_citta_key(cl.citta)
    WHERE a.id = ANY (ids)
  ),
  periodi AS (
    SELECT p.turno_operatore_id AS id, false AS lavorato, p.periodo
    FROM turni_operatori_periodi p WHERE p.turno_operatore_id = ANY (ids)
    UNION ALL
    SELECT l.turno_operatore_id, true, l.periodo FROM report_periodi_lavorati(ids) l
  ),
  fasce AS (
    SELECT q.id, q.lavorato,
           sum(h.feriale_diurno) AS fd, sum(h.feriale_notturno) AS fn, sum(h.domenica_diurno) AS dd,
           sum(h.domenica_notturno) AS dn, sum(h.festivo_diurno) AS xd, sum(h.festivo_notturno) AS xn,
           sum(h.festivo_domenica_diurno) AS yd, sum(h.festivo_domenica_notturno) AS yn
    FROM periodi q JOIN patrono pt ON pt.id = q.id
    CROSS JOIN LATERAL erp_ore_periodo(q.periodo, pt.mese, pt.giorno) h
    GROUP BY q.id, q.lavorato
  )
  INSERT INTO report_ore_turni (turno_operatore_id, fonte, pianificate, feriale_diurno, feriale_notturno,
    domenica_diurno, domenica_notturno, festivo_diurno, festivo_notturno, festivo_domenica_diurno,
    festivo_domenica_notturno)
  SELECT p.id, CASE WHEN l.id IS NULL THEN 'pianificate' ELSE 'effettive' END,
         p.fd + p.fn + p.dd + p.dn + p.xd + p.xn + p.yd + p.yn,
         coalesce(l.fd, p.fd), coalesce(l.fn, p.fn), coalesce(l.dd, p.dd), coalesce(l.dn, p.dn),
         coalesce(l.xd, p.xd), coalesce(l.xn, p.xn), coalesce(l.yd, p.yd), coalesce(l.yn, p.yn)
  FROM fasce p LEFT JOIN fasce l ON l.id = p.id AND l.lavorato
  WHERE NOT p.lavorato
  ON CONFLICT (turno_operatore_id) DO UPDATE SET fonte = EXCLUDED.fonte, pianificate = EXCLUDED.pianificate,
    feriale_diurno = EXCLUDED.feriale_diurno, feriale_notturno = EXCLUDED.feriale_notturno,
    domenica_diurno = EXCLUDED.domenica_diurno, domenica_notturno = EXCLUDED.domenica_notturno,
    festivo_diurno = EXCLUDED.festivo_diurno, festivo_notturno = EXCLUDED.festivo_notturno,
    festivo_domenica_diurno = EXCLUDED.festivo_domenica_diurno,
    festivo_domenica_notturno = EXCLUDED.festivo_domenica_notturno;
$$;

-- The assignments of the written check-ins (same shift, same operator), one rewrite per statement.
CREATE FUNCTION report_ore_timbrature_ins() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_ore_turni_aggiorna(ARRAY(SELECT DISTINCT a.id FROM nuovi n
    JOIN turni_operatori a ON a.turno_id = n.turno_id AND a.operatore_id = n.operatore_id));
  RETURN NULL;
END
$$;
CREATE FUNCTION report_ore_timbrature_del() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_ore_turni_aggiorna(ARRAY(SELECT DISTINCT a.id FROM vecchi v
    JOIN turni_operatori a ON a.turno_id = v.turno_id AND a.operatore_id = v.operatore_id));
  RETURN NULL;
END
$$;
CREATE FUNCTION report_ore_timbrature_upd() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_ore_turni_aggiorna(ARRAY(
    SELECT a.id FROM nuovi n JOIN turni_operatori a ON a.turno_id = n.turno_id AND a.operatore_id = n.operatore_id
    UNION
    SELECT a.id FROM vecchi v JOIN turni_operatori a ON a.turno_id = v.turno_id AND a.operatore_id = v.operatore_id));
  RETURN NULL;
END
$$;

CREATE TRIGGER report_ore_timbrature_ins AFTER INSERT ON app_timbrature
  REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION report_ore_timbrature_ins();
CREATE TRIGGER report_ore_timbrature_del AFTER DELETE ON app_timbrature
  REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION report_ore_timbrature_del();
CREATE TRIGGER report_ore_timbrature_upd AFTER UPDATE ON app_timbrature
  REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION report_ore_timbrature_upd();

SELECT report_ore_turni_aggiorna(ARRAY(SELECT DISTINCT turno_operatore_id FROM turni_operatori_periodi));
