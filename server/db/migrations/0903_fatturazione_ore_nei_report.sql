-- Issue 35 item 1: "reports, invoices and payroll read the approved figures when they exist".
-- Invoices and the payroll presence file read the approved hours (fatturazione_ore, 0900) directly:
-- they exist only for an approved month and need its calendar-month and per-day cuts. The reports —
-- risorse-assegnate, compensi, ricavi-attivita, the monthly pay file, Marginalità (report_margini_mesi,
-- 0654/0657), the labour cost (0661), the dashboard — all read the hours of an assignment from one
-- place, the fact table report_ore_turni (0660), and read the approved hours through it:
--
--   the hours of an assignment = the approved ones when its month is approved (fatturazione_ore,
--   summed over the calendar months the invoice splits them into), else the worked ones
--   (check-ins), else the planned ones.
--
-- erp_ore_approvate(ids) is that first part; a BEFORE row trigger on report_ore_turni puts it on
-- every write of a row's bands (whatever rewrites them: the ranges' and check-ins' triggers, a
-- dimension's move), and writes of fatturazione_ore (an approval, a correction by derogation)
-- rewrite their assignments' rows. The money (ricavo, compenso) and Marginalità's months follow
-- through their queues, as for any change of the bands (0660's statement triggers).
-- The reports' `fonte` keeps its two values (SPEC: a report's answer is a contract): approved
-- hours from the check-ins or from a correction of the worked times are 'effettive', approved
-- planned hours 'pianificate'. `pianificate` (the planned seconds) stays the plan's.

CREATE FUNCTION erp_ore_approvate(ids integer[])
RETURNS TABLE (turno_operatore_id integer, fonte text, feriale_diurno integer, feriale_notturno integer,
               domenica_diurno integer, domenica_notturno integer, festivo_diurno integer, festivo_notturno integer,
               festivo_domenica_diurno integer, festivo_domenica_notturno integer)
LANGUAGE sql STABLE AS $$
  SELECT f.turno_operatore_id,
         CASE WHEN bool_and(f.fonte = 'pianificate') THEN 'pianificate' ELSE 'effettive' END,
         sum(f.feriale_diurno)::integer, sum(f.feriale_notturno)::integer, sum(f.domenica_diurno)::integer,
         sum(f.domenica_notturno)::integer, sum(f.festivo_diurno)::integer, sum(f.festivo_notturno)::integer,
         sum(f.festivo_domenica_diurno)::integer, sum(f.festivo_domenica_notturno)::integer
  FROM fatturazione_ore f WHERE f.turno_operatore_id = ANY (ids)
  GROUP BY f.turno_operatore_id
$$;

-- A row's bands written: the approved ones replace them when the assignment has some. Fires only on
-- writes of the bands (not on the money's re-pricing nor a dimension's move); an assignment without
-- approved hours pays one index probe.
CREATE FUNCTION report_ore_turni_approvate() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  a record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM fatturazione_ore f WHERE f.turno_operatore_id = NEW.turno_operatore_id) THEN
    RETURN NEW;
  END IF;
  SELECT * INTO a FROM erp_ore_approvate(ARRAY[NEW.turno_operatore_id]);
  NEW.fonte := a.fonte;
  NEW.feriale_diurno := a.feriale_diurno;
  NEW.feriale_notturno := a.feriale_notturno;
  NEW.domenica_diurno := a.domenica_diurno;
  NEW.domenica_notturno := a.domenica_notturno;
  NEW.festivo_diurno := a.festivo_diurno;
  NEW.festivo_notturno := a.festivo_notturno;
  NEW.festivo_domenica_diurno := a.festivo_domenica_diurno;
  NEW.festivo_domenica_notturno := a.festivo_domenica_notturno;
  RETURN NEW;
END
$$;
CREATE TRIGGER report_ore_turni_approvate BEFORE INSERT OR UPDATE OF fonte, feriale_diurno, feriale_notturno,
  domenica_diurno, domenica_notturno, festivo_diurno, festivo_notturno, festivo_domenica_diurno,
  festivo_domenica_notturno ON report_ore_turni
  FOR EACH ROW EXECUTE FUNCTION report_ore_turni_approvate();

-- Approved hours written or removed: their assignments' rows again — from their sources
-- (report_ore_turni_aggiorna, 0891; the trigger above puts the approved hours on top), then touched,
-- so an assignment the rewrite leaves alone (no planned ranges) takes them too.
CREATE FUNCTION report_ore_da_approvate() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT v.turno_operatore_id) INTO ids FROM vecchi v;
  ELSE
    SELECT array_agg(DISTINCT n.turno_operatore_id) INTO ids FROM nuovi n;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM report_ore_turni_aggiorna(ids);
  UPDATE report_ore_turni r SET fonte = r.fonte WHERE r.turno_operatore_id = ANY (ids);
  RETURN NULL;
END
$$;
CREATE TRIGGER report_ore_approvate_ins AFTER INSERT ON fatturazione_ore
  REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION report_ore_da_approvate();
CREATE TRIGGER report_ore_approvate_upd AFTER UPDATE ON fatturazione_ore
  REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION report_ore_da_approvate();
CREATE TRIGGER report_ore_approvate_del AFTER DELETE ON fatturazione_ore
  REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION report_ore_da_approvate();
