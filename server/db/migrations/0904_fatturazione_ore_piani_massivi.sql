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
-- Now report_ore_turni_aggiorna and report_ore_turni_dimensioni choose: 0891's functions, unchanged,
-- become report_ore_turni_riscrivi and report_ore_turni_dimensioni_riscrivi without a plan mode of
-- their own, called by a function of the old name that runs them with the generic plan for up to
-- 100 ids (an assign, an unassign, a shift's edit: nothing planned per call, as 0891 wanted) and with
-- force_custom_plan above (a bulk write: its statements planned for that array and the tables as
-- they are, ~5 ms of planning against a write of hundreds of milliseconds or more). set_config(…,
-- true) inside a function with its own SET clause for the setting holds until that function returns.
-- JIT off for both: costed for thousands of rows, the statements were compiled by JIT for ~2.7 s
-- (130 functions) — 1,000 assignments in 3.0 s instead of 0.6 — and they spend their time in
-- function calls JIT does not speed up; a small call never reached JIT's threshold anyway.
-- The row trigger report_ore_turni_approvate (0903), fired once per row such a call writes, keeps
-- the generic plan of its one-row probe of fatturazione_ore instead of planning it for every row.
-- Numbered in fatturazione's range after 0903: it changes 0903's trigger function, and a report
-- (06xx) number would run before 0891 on a new database.

ALTER FUNCTION report_ore_turni_aggiorna(integer[]) RENAME TO report_ore_turni_riscrivi;
ALTER FUNCTION report_ore_turni_riscrivi(integer[]) RESET plan_cache_mode;
ALTER FUNCTION report_ore_turni_dimensioni(integer[]) RENAME TO report_ore_turni_dimensioni_riscrivi;
ALTER FUNCTION report_ore_turni_dimensioni_riscrivi(integer[]) RESET plan_cache_mode;

CREATE FUNCTION report_ore_turni_aggiorna(ids integer[]) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan SET jit = off AS $$
BEGIN
  IF cardinality(ids) > 100 THEN
    PERFORM set_config('plan_cache_mode', 'force_custom_plan', true);
  END IF;
  PERFORM report_ore_turni_riscrivi(ids);
END
$$;

CREATE FUNCTION report_ore_turni_dimensioni(ids integer[]) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan SET jit = off AS $$
BEGIN
  IF cardinality(ids) > 100 THEN
    PERFORM set_config('plan_cache_mode', 'force_custom_plan', true);
  END IF;
  PERFORM report_ore_turni_dimensioni_riscrivi(ids);
END
$$;

ALTER FUNCTION report_ore_turni_approvate() SET plan_cache_mode = force_generic_plan;
