-- The hours' fact table (0660) is kept by functions the write triggers call: report_ore_turni_aggiorna,
-- report_ore_turni_dimensioni and report_margini_aggiorna (0657). They were LANGUAGE sql, and PostgreSQL
-- plans the statements of a SQL function on every call: an assignment's write spent ~5 ms of its ~7 ms
-- planning the seconds' rewrite (a nine-table join with the check-ins' windows), the most of an assign
-- call (session 7, issue 18: assign paced p99 29–99 ms).
--
-- Now PL/pgSQL with the same statements, so each connection plans them once; and with
-- plan_cache_mode = force_generic_plan for the call: in 'auto' mode PostgreSQL kept building a custom plan
-- every time, the generic one (planned for an unknown `ids`) being estimated dearer than a custom plan
-- for one id. The generic plan — index lookups by assignment — is also no slower for a bulk write:
-- 20,000 assignments in one statement 1.1–1.4 s against 1.4–1.9 s (EXPLAIN ANALYZE on the benchmark's
-- database). The setting holds for the call only, what the call's writes fire included.

CREATE OR REPLACE FUNCTION report_ore_turni_aggiorna(ids integer[]) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
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
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  UPDATE report_ore_turni r SET giorno = g.giorno, operatore_id = a.operatore_id, servizio_id = g.servizio_id,
    contratto_id = s.contratto_id, posizione_id = t.posizione_id
  FROM turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id
  JOIN servizi s ON s.id = g.servizio_id
  WHERE a.id = ANY (ids) AND r.turno_operatore_id = a.id
    AND (r.giorno, r.operatore_id, r.servizio_id, r.contratto_id, r.posizione_id)
        IS DISTINCT FROM (g.giorno, a.operatore_id, g.servizio_id, s.contratto_id, t.posizione_id);
END
$$;

CREATE OR REPLACE FUNCTION report_margini_aggiorna(contratti integer[], mesi date[]) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  INSERT INTO report_margini_da_rifare (contratto_id, mese)
  SELECT DISTINCT c, date_trunc('month', m)::date FROM unnest(contratti, mesi) x (c, m) WHERE c IS NOT NULL AND m IS NOT NULL;
END
$$;
