-- Issue 30 item 1 (with 0530): worked periods are made only of the check-ins/outs within their shift
-- (erp_timbratura_nel_turno) at the time they are judged on (data_ora_valida). The rule is
-- periodiLavorati of src/domain/hours/checkins.ts, kept equal by test/server/report/ore-timbrature.test.ts.
CREATE OR REPLACE FUNCTION report_periodi_lavorati(ids integer[])
RETURNS TABLE (turno_operatore_id integer, periodo tstzrange)
LANGUAGE sql STABLE AS $$
  WITH span AS (
    SELECT a.id, a.turno_id, a.operatore_id, min(lower(p.periodo)) AS inizio, max(upper(p.periodo)) AS fine
    FROM turni_operatori a JOIN turni_operatori_periodi p ON p.turno_operatore_id = a.id
    WHERE a.id = ANY (ids)
    GROUP BY a.id, a.turno_id, a.operatore_id
  ),
  ev AS (
    SELECT s.id, x.tipo, date_trunc('second', x.data_ora_valida) AS d,
           row_number() OVER w AS n,
           lag(x.tipo) OVER w AS prima,
           lead(x.tipo) OVER w AS dopo,
           first_value(x.tipo) OVER tutto AS primo_tipo,
           last_value(x.tipo) OVER tutto AS ultimo_tipo
    FROM span s
    JOIN app_timbrature x ON x.turno_id = s.turno_id AND x.operatore_id = s.operatore_id
    WHERE erp_timbratura_nel_turno(x.data_ora_valida, s.inizio, s.fine)
    WINDOW w AS (PARTITION BY s.id ORDER BY x.data_ora_valida, x.id),
           tutto AS (PARTITION BY s.id ORDER BY x.data_ora_valida, x.id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
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

-- Every assignment with check-ins again under the new rule (the probe's 627.8 h become the plan's).
SELECT report_ore_turni_aggiorna(coalesce(array_agg(DISTINCT a.id), '{}'))
  FROM turni_operatori a JOIN app_timbrature x ON x.turno_id = a.turno_id AND x.operatore_id = a.operatore_id;
