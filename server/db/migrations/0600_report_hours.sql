-- The hour split and money of src/domain/hours (issue 13.1) in SQL, for reports that aggregate in
-- the database. Same rules as split.ts / money.ts / holidays.ts (read their file comments and
-- README.md); test/server/report/hours-sql.test.ts checks both give the same figures on PGlite and
-- PostgreSQL (it runs this file again on a migrated database: every function is CREATE OR REPLACE).
-- A later change of a rule is a new migration that replaces the function, and this test's file with it.
--
--   erp_pasqua(anno)                            Easter Sunday (Meeus/Jones/Butcher)
--   erp_festivo(giorno, patrono_mese, patrono_giorno)   national holiday or the patron's day
--   erp_ore_periodo(periodo, patrono_mese, patrono_giorno)
--       one row: the seconds of one tstzrange (a row of turni_operatori_periodi, or a worked
--       check-in/out pair) in the 8 bands feriale/domenica/festivo/festivo_domenica × diurno/notturno
--   erp_importo_ore(secondi[8], orario, magg_notturna, magg_festiva, magg_domenicale, politica)
--       euro of a shift's seconds (sum the periods of one shift first), rounded once to the cent
--
-- Example, planned revenue per assignment (patron of Milano, 7 December):
--   SELECT p.turno_operatore_id,
--          erp_importo_ore(ARRAY[sum(h.feriale_diurno), sum(h.feriale_notturno), sum(h.domenica_diurno),
--                                sum(h.domenica_notturno), sum(h.festivo_diurno), sum(h.festivo_notturno),
--                                sum(h.festivo_domenica_diurno), sum(h.festivo_domenica_notturno)]::integer[],
--                          cp.prezzo_orario, cp.maggiorazione_notturna, cp.maggiorazione_festiva,
--                          cp.maggiorazione_domenicale) AS ricavo
--   FROM turni_operatori_periodi p
--   CROSS JOIN LATERAL erp_ore_periodo(p.periodo, 12, 7) h
--   JOIN turni t ON t.id = p.turno_id JOIN giorni g ON g.id = t.giorno_id JOIN servizi s ON s.id = g.servizio_id
--   LEFT JOIN contratti_prezzi cp ON cp.contratto_id = s.contratto_id AND cp.posizione_id = t.posizione_id
--   GROUP BY p.turno_operatore_id, cp.id;
-- (a NULL ricavo is a missing price: say so, never coalesce it to 0.)

CREATE OR REPLACE FUNCTION erp_pasqua(anno integer) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT make_date(anno, (x.h + x.l - 7 * x.m + 114) / 31, (x.h + x.l - 7 * x.m + 114) % 31 + 1)
  FROM (
    SELECT y.h, y.l, (y.a + 11 * y.h + 22 * y.l) / 451 AS m
    FROM (
      SELECT z.a, z.h, (32 + 2 * (z.b % 4) + 2 * (z.c / 4) - z.h - z.c % 4) % 7 AS l
      FROM (
        SELECT w.a, w.b, w.c,
               (19 * w.a + w.b - w.b / 4 - (w.b - (w.b + 8) / 25 + 1) / 3 + 15) % 30 AS h
        FROM (SELECT anno % 19 AS a, anno / 100 AS b, anno % 100 AS c) w
      ) z
    ) y
  ) x
$$;

-- month × 100 + day; 4 October is national from 2026 (legge 151/2025); Easter Sunday and Monday
-- fall between 22 March and 26 April. One expression, so the planner inlines it into a report's
-- query (a function call per day of a million shifts would cost seconds).
CREATE OR REPLACE FUNCTION erp_festivo(giorno date, patrono_mese integer DEFAULT NULL, patrono_giorno integer DEFAULT NULL)
RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN (date_part('month', giorno) * 100 + date_part('day', giorno))::integer
         = ANY ('{101,106,425,501,602,815,1101,1208,1225,1226}'::integer[]) THEN true
    WHEN (date_part('month', giorno) * 100 + date_part('day', giorno))::integer = 1004 THEN date_part('year', giorno) >= 2026
    WHEN (date_part('month', giorno) * 100 + date_part('day', giorno))::integer = patrono_mese * 100 + patrono_giorno THEN true
    WHEN (date_part('month', giorno) * 100 + date_part('day', giorno))::integer BETWEEN 322 AND 426
      THEN giorno - erp_pasqua(date_part('year', giorno)::integer) IN (0, 1)
    ELSE false
  END
$$;

-- The seconds of one period by band. Instants are read to the whole second; each Rome calendar
-- day the period touches is cut at its 00:00, 06:00, 22:00 and the next 00:00 (wall-clock times
-- AT TIME ZONE 'Europe/Rome', so a 23- or 25-hour day has a 5- or 7-hour night before 06:00).
-- OFFSET 0 keeps the per-day row (its kind computed once) from being folded into the 8 sums.
CREATE OR REPLACE FUNCTION erp_ore_periodo(periodo tstzrange, patrono_mese integer DEFAULT NULL,
                                           patrono_giorno integer DEFAULT NULL)
RETURNS TABLE (feriale_diurno integer, feriale_notturno integer, domenica_diurno integer, domenica_notturno integer,
               festivo_diurno integer, festivo_notturno integer, festivo_domenica_diurno integer,
               festivo_domenica_notturno integer)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT
    coalesce(sum(k.diurno) FILTER (WHERE NOT k.festivo AND NOT k.domenica), 0)::integer,
    coalesce(sum(k.notturno) FILTER (WHERE NOT k.festivo AND NOT k.domenica), 0)::integer,
    coalesce(sum(k.diurno) FILTER (WHERE NOT k.festivo AND k.domenica), 0)::integer,
    coalesce(sum(k.notturno) FILTER (WHERE NOT k.festivo AND k.domenica), 0)::integer,
    coalesce(sum(k.diurno) FILTER (WHERE k.festivo AND NOT k.domenica), 0)::integer,
    coalesce(sum(k.notturno) FILTER (WHERE k.festivo AND NOT k.domenica), 0)::integer,
    coalesce(sum(k.diurno) FILTER (WHERE k.festivo AND k.domenica), 0)::integer,
    coalesce(sum(k.notturno) FILTER (WHERE k.festivo AND k.domenica), 0)::integer
  FROM (
    SELECT
      date_part('isodow', g.t) = 7 AS domenica,
      erp_festivo(g.t::date, patrono_mese, patrono_giorno) AS festivo,
      greatest(0, date_part('epoch', least(p.e, b.n22) - greatest(p.s, b.n6))) AS diurno,
      greatest(0, date_part('epoch', least(p.e, b.n6) - greatest(p.s, b.m0)))
        + greatest(0, date_part('epoch', least(p.e, b.m1) - greatest(p.s, b.n22))) AS notturno
    FROM (SELECT date_trunc('second', lower(periodo)) AS s, date_trunc('second', upper(periodo)) AS e) p
    CROSS JOIN LATERAL generate_series((p.s AT TIME ZONE 'Europe/Rome')::date::timestamp,
                                       (p.e AT TIME ZONE 'Europe/Rome')::date::timestamp, interval '1 day') AS g(t)
    CROSS JOIN LATERAL (
      SELECT g.t AT TIME ZONE 'Europe/Rome' AS m0,
             (g.t + interval '6 hours') AT TIME ZONE 'Europe/Rome' AS n6,
             (g.t + interval '22 hours') AT TIME ZONE 'Europe/Rome' AS n22,
             (g.t + interval '1 day') AT TIME ZONE 'Europe/Rome' AS m1
    ) b
    OFFSET 0
  ) k
$$;

-- Euro of a shift's seconds in the 8 bands (the column order of erp_ore_periodo) at an hourly rate
-- with surcharges in %. politica 'massima': the highest applicable surcharge; 'cumulativa': their
-- sum. Exact numeric, rounded once to the cent, half up. NULL rate → NULL (a missing price); a NULL
-- surcharge counts as 0. One expression, so the planner inlines it.
CREATE OR REPLACE FUNCTION erp_importo_ore(secondi integer[], orario numeric, magg_notturna numeric DEFAULT 0,
                                           magg_festiva numeric DEFAULT 0, magg_domenicale numeric DEFAULT 0,
                                           politica text DEFAULT 'massima')
RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT round(orario * (
      secondi[1] * 100::numeric
    + secondi[2] * (100 + coalesce(magg_notturna, 0))
    + secondi[3] * (100 + coalesce(magg_domenicale, 0))
    + secondi[4] * (100 + CASE WHEN politica = 'cumulativa'
                               THEN coalesce(magg_notturna, 0) + coalesce(magg_domenicale, 0)
                               ELSE greatest(magg_notturna, magg_domenicale, 0) END)
    + secondi[5] * (100 + coalesce(magg_festiva, 0))
    + secondi[6] * (100 + CASE WHEN politica = 'cumulativa'
                               THEN coalesce(magg_notturna, 0) + coalesce(magg_festiva, 0)
                               ELSE greatest(magg_notturna, magg_festiva, 0) END)
    + secondi[7] * (100 + CASE WHEN politica = 'cumulativa'
                               THEN coalesce(magg_festiva, 0) + coalesce(magg_domenicale, 0)
                               ELSE greatest(magg_festiva, magg_domenicale, 0) END)
    + secondi[8] * (100 + CASE WHEN politica = 'cumulativa'
                               THEN coalesce(magg_notturna, 0) + coalesce(magg_festiva, 0) + coalesce(magg_domenicale, 0)
                               ELSE greatest(magg_notturna, magg_festiva, magg_domenicale, 0) END)
  ) / 360000, 2)
$$;
