-- Bulk writes of assignments under 0891's generic plans. report_ore_turni_aggiorna and
-- report_ore_turni_dimensioni run with plan_cache_mode = force_generic_plan (0891: a planner's
-- one-assignment write plans nothing): each connection plans their statements once, for an `ids` of
-- unknown size (~10 ids), against the tables as they are at that first call, and keeps that plan
-- until an ANALYZE or a DDL of a table it reads. On a new database the first call sees empty tables
-- (the scale seed: the clients' city update calls report_ore_turni_aggiorna('{}') before any shift
-- exists) and the kept plan scans turni_operatori_periodi once per assignment in
-- report_periodi_lavorati and joins turni, giorni, servizi by sequential scans: quadratic in the
-- rows written. The benchmark's generator (73,000 assignments in one statement) ran for more than
-- 13 minutes; 10,000 assignments in one statement 10.7 s against 2 s (server/bench/NOTES.md).
--
-- Now a call with more than 100 ids switches to force_custom_plan for itself (set_config local to
-- the function: its SET clause restores the setting at exit): its statements are planned for that
-- array and the tables as they are, ~5 ms of planning against a write of hundreds of milliseconds
-- or more. JIT off for both functions: costed for thousands of rows, their statements were
-- compiled by JIT for ~2.7 s (130 functions) before running — 1,000 assignments took 3.0 s instead
-- of 0.6 — and these statements spend their time in function calls JIT does not speed up; a small
-- call never reached JIT's threshold anyway. A call with up to 100 ids (an assign, an unassign, a
-- shift's edit) keeps the cached generic plan. The row trigger report_ore_turni_approvate (0903), fired once per row written by
-- such a call, keeps the generic plan of its one-row probe of fatturazione_ore rather than planning
-- it again for every row. Numbered in fatturazione's range after 0903: it changes 0903's trigger
-- function, and a report (06xx) number would run before 0891 on a new database and be overwritten.

CREATE OR REPLACE FUNCTION report_ore_turni_aggiorna(ids integer[]) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan SET jit = off AS $$
BEGIN
  -- Many assignments (a bulk write): plans for this call's array and the tables as they are now.
  IF cardinality(ids) > 100 THEN
    PERFORM set_config('plan_cache_mode', 'force_custom_plan', true);
  END IF;
  UPDATE report_ore_turni r SET fonte = 'pianificate', pianificate = 0, feriale_diurno = 0, feriale_notturno = 0,
    domenica_diurno = 0, domenica_notturno = 0, festivo_diurno = 0, festivo_notturno = 0,
    festivo_domenica_diurno = 0, festivo_domenica_notturno = 0
  WHERE r.turno_operatore_id = ANY (ids) AND (r.pianificate <> 0 OR r.fonte <> 'pianificate')
    AND NOT EXISTS (SELECT 1 FROM turni_operatori_periodi p WHERE p.turno_operatore_id = r.turno_operatore_id);
  WITH periodi AS (
    SELECT p.turno_operatore_id AS id, false AS lavorato, p.periodo
    FROM turni_operatori_periodi p WHERE p.turno_operatore_id = ANY (ids)
    UNION ALL
    SELECT l.turno_operatore_id, true, l.periodo FROM report_periodi_lavorati(ids) l
  ),
  -- Per assignment: the planned bands (p*) and the worked ones (l*, null when none).
  fasce AS (
    SELECT q.id, g.giorno, a.operatore_id, g.servizio_id, s.contratto_id, t.posizione_id,
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
    GROUP BY q.id, g.giorno, a.operatore_id, g.servizio_id, s.contratto_id, t.posizione_id
  )
  INSERT INTO report_ore_turni (turno_operatore_id, giorno, operatore_id, servizio_id, contratto_id, posizione_id,
    fonte, pianificate, feriale_diurno, feriale_notturno, domenica_diurno, domenica_notturno, festivo_diurno,
    festivo_notturno, festivo_domenica_diurno, festivo_domenica_notturno)
  SELECT f.id, f.giorno, f.operatore_id, f.servizio_id, f.contratto_id, f.posizione_id,
         CASE WHEN f.lavorato THEN 'effettive' ELSE 'pianificate' END,
         f.fd + f.fn + f.dd + f.dn + f.xd + f.xn + f.yd + f.yn,
         CASE WHEN f.lavorato THEN f.lfd ELSE f.fd END, CASE WHEN f.lavorato THEN f.lfn ELSE f.fn END,
         CASE WHEN f.lavorato THEN f.ldd ELSE f.dd END, CASE WHEN f.lavorato THEN f.ldn ELSE f.dn END,
         CASE WHEN f.lavorato THEN f.lxd ELSE f.xd END, CASE WHEN f.lavorato THEN f.lxn ELSE f.xn END,
         CASE WHEN f.lavorato THEN f.lyd ELSE f.yd END, CASE WHEN f.lavorato THEN f.lyn ELSE f.yn END
  FROM fasce f
  -- Only assignments with planned ranges count hours (one without any keeps zero, as before).
  WHERE f.fd IS NOT NULL
  ON CONFLICT (turno_operatore_id) DO UPDATE SET fonte = EXCLUDED.fonte, pianificate = EXCLUDED.pianificate,
    feriale_diurno = EXCLUDED.feriale_diurno, feriale_notturno = EXCLUDED.feriale_notturno,
    domenica_diurno = EXCLUDED.domenica_diurno, domenica_notturno = EXCLUDED.domenica_notturno,
    festivo_diurno = EXCLUDED.festivo_diurno, festivo_notturno = EXCLUDED.festivo_notturno,
    festivo_domenica_diurno = EXCLUDED.festivo_domenica_diurno,
    festivo_domenica_notturno = EXCLUDED.festivo_domenica_notturno;
END
$$;

CREATE OR REPLACE FUNCTION report_ore_turni_dimensioni(ids integer[]) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan SET jit = off AS $$
BEGIN
  -- Many assignments (a bulk write): plans for this call's array and the tables as they are now.
  IF cardinality(ids) > 100 THEN
    PERFORM set_config('plan_cache_mode', 'force_custom_plan', true);
  END IF;
  UPDATE report_ore_turni r SET giorno = g.giorno, operatore_id = a.operatore_id, servizio_id = g.servizio_id,
    contratto_id = s.contratto_id, posizione_id = t.posizione_id
  FROM turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id
  JOIN servizi s ON s.id = g.servizio_id
  WHERE a.id = ANY (ids) AND r.turno_operatore_id = a.id
    AND (r.giorno, r.operatore_id, r.servizio_id, r.contratto_id, r.posizione_id)
        IS DISTINCT FROM (g.giorno, a.operatore_id, g.servizio_id, s.contratto_id, t.posizione_id);
END
$$;

ALTER FUNCTION report_ore_turni_approvate() SET plan_cache_mode = force_generic_plan;
