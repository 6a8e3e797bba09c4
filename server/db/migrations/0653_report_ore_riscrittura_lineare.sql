-- The rewrite of report_ore_turni (0601, 0603, 0650) in time linear in the assignments a statement
-- writes (issue 13, found building the year of the Report benchmark: one statement of 73,000
-- assignments ran for minutes). 0650's versions joined CTEs to CTEs (patrono to periodi, fasce to
-- itself, bordi to completi and to itself): PostgreSQL estimates `= ANY (ids)` of a parameter at ten
-- rows, so it chose nested loops over them — n² comparisons, 5·10⁹ for that statement. Here the same
-- answers (test/server/report/ore-timbrature.test.ts: SQL = periodiLavorati on 150 sequences) with
-- window functions and one grouping per assignment, and the patron saint joined through the tables'
-- keys instead of a CTE.

-- Pairing as in 0650: the k-th first-of-a-run check-in with the k-th last-of-a-run check-out. In a
-- complete sequence (first a check-in, last a check-out) the runs alternate, so those edges
-- alternate too and the k-th check-in's partner is the edge right after it.
CREATE OR REPLACE FUNCTION report_periodi_lavorati(ids integer[])
RETURNS TABLE (turno_operatore_id integer, periodo tstzrange)
LANGUAGE sql STABLE AS $$
  WITH ev AS (
    SELECT a.id, x.tipo, date_trunc('second', x.data_ora) AS d,
           row_number() OVER w AS n,
           lag(x.tipo) OVER w AS prima,
           lead(x.tipo) OVER w AS dopo,
           first_value(x.tipo) OVER tutto AS primo_tipo,
           last_value(x.tipo) OVER tutto AS ultimo_tipo
    FROM turni_operatori a
    JOIN app_timbrature x ON x.turno_id = a.turno_id AND x.operatore_id = a.operatore_id
    WHERE a.id = ANY (ids)
    WINDOW w AS (PARTITION BY a.id ORDER BY x.data_ora, x.id),
           tutto AS (PARTITION BY a.id ORDER BY x.data_ora, x.id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
  ),
  bordi AS (
    SELECT e.id, e.tipo, e.d, lead(e.d) OVER (PARTITION BY e.id ORDER BY e.n) AS fine
    FROM ev e
    WHERE e.primo_tipo = 'ingresso' AND e.ultimo_tipo = 'uscita'
      AND ((e.tipo = 'ingresso' AND e.prima IS DISTINCT FROM 'ingresso')
        OR (e.tipo = 'uscita' AND e.dopo IS DISTINCT FROM 'uscita'))
  ),
  coppie AS (
    SELECT b.id, b.d AS dal, b.fine AS al, bool_and(b.fine > b.d) OVER (PARTITION BY b.id) AS valide
    FROM bordi b WHERE b.tipo = 'ingresso'
  )
  SELECT id, tstzrange(dal, al) FROM coppie WHERE valide
$$;

CREATE OR REPLACE FUNCTION report_ore_turni_aggiorna(ids integer[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM report_ore_turni r WHERE r.turno_operatore_id = ANY (ids)
    AND NOT EXISTS (SELECT 1 FROM turni_operatori_periodi p WHERE p.turno_operatore_id = r.turno_operatore_id);
  WITH periodi AS (
    SELECT p.turno_operatore_id AS id, false AS lavorato, p.periodo
    FROM turni_operatori_periodi p WHERE p.turno_operatore_id = ANY (ids)
    UNION ALL
    SELECT l.turno_operatore_id, true, l.periodo FROM report_periodi_lavorati(ids) l
  ),
  -- Per assignment: the planned bands (p*) and the worked ones (l*, null when none).
  fasce AS (
    SELECT q.id,
           sum(h.feriale_diurno) FILTER (WHERE NOT q.lavorato) AS fd, sum(h.feriale_notturno) FILTER (WHERE NOT q.lavorato) AS fn,
           sum(h.domenica_diurno) FILTER (WHERE NOT q.lavorato) AS dd, sum(h.domenica_notturno) FILTER (WHERE NOT q.lavorato) AS dn,
           sum(h.festivo_diurno) FILTER (WHERE NOT q.lavorato) AS xd, sum(h.festivo_notturno) FILTER (WHERE NOT q.lavorato) AS xn,
           sum(h.festivo_domenica_diurno) FILTER (WHERE NOT q.lavorato) AS yd,
           sum(h.festivo_domenica_notturno) FILTER (WHERE NOT q.lavorato) AS yn,
           bool_or(q.lavorato) AS lavorato,
           sum(h.feriale_diurno) FILTER (WHERE q.lavorato) AS lfd, sum(h.feriale_notturno) FILTER (WHERE q.lavorato) AS lfn,
           sum(h.domenica_diurno) FILTER (WHERE q.lavorato) AS ldd, sum(h.domenica_notturno) FILTER (WHERE q.lavorato) AS ldn,
           sum(h.festivo_diurno) FILTER (WHERE q.lavorato) AS lxd, sum(h.festivo_notturno) FILTER (WHERE q.lavorato) AS lxn,
           sum(h.festivo_domenica_diurno) FILTER (WHERE q.lavorato) AS lyd,
           sum(h.festivo_domenica_notturno) FILTER (WHERE q.lavorato) AS lyn
    FROM periodi q
    JOIN turni_operatori a ON a.id = q.id
    JOIN turni t ON t.id = a.turno_id
    JOIN giorni g ON g.id = t.giorno_id
    JOIN servizi s ON s.id = g.servizio_id
    JOIN contratti c ON c.id = s.contratto_id
    JOIN clienti cl ON cl.id = c.cliente_id
    LEFT JOIN patroni_citta pc ON pc.citta = erp_citta_key(cl.citta)
    CROSS JOIN LATERAL erp_ore_periodo(q.periodo, pc.mese, pc.giorno) h
    GROUP BY q.id
  )
  INSERT INTO report_ore_turni (turno_operatore_id, fonte, pianificate, feriale_diurno, feriale_notturno,
    domenica_diurno, domenica_notturno, festivo_diurno, festivo_notturno, festivo_domenica_diurno,
    festivo_domenica_notturno)
  SELECT f.id, CASE WHEN f.lavorato THEN 'effettive' ELSE 'pianificate' END,
         f.fd + f.fn + f.dd + f.dn + f.xd + f.xn + f.yd + f.yn,
         CASE WHEN f.lavorato THEN f.lfd ELSE f.fd END, CASE WHEN f.lavorato THEN f.lfn ELSE f.fn END,
         CASE WHEN f.lavorato THEN f.ldd ELSE f.dd END, CASE WHEN f.lavorato THEN f.ldn ELSE f.dn END,
         CASE WHEN f.lavorato THEN f.lxd ELSE f.xd END, CASE WHEN f.lavorato THEN f.lxn ELSE f.xn END,
         CASE WHEN f.lavorato THEN f.lyd ELSE f.yd END, CASE WHEN f.lavorato THEN f.lyn ELSE f.yn END
  FROM fasce f
  -- Only assignments with planned ranges have a row (an assignment without any has none, as before).
  WHERE f.fd IS NOT NULL
  ON CONFLICT (turno_operatore_id) DO UPDATE SET fonte = EXCLUDED.fonte, pianificate = EXCLUDED.pianificate,
    feriale_diurno = EXCLUDED.feriale_diurno, feriale_notturno = EXCLUDED.feriale_notturno,
    domenica_diurno = EXCLUDED.domenica_diurno, domenica_notturno = EXCLUDED.domenica_notturno,
    festivo_diurno = EXCLUDED.festivo_diurno, festivo_notturno = EXCLUDED.festivo_notturno,
    festivo_domenica_diurno = EXCLUDED.festivo_domenica_diurno,
    festivo_domenica_notturno = EXCLUDED.festivo_domenica_notturno;
$$;
