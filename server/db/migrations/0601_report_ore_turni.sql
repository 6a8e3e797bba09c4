-- The hours of every assignment in the 8 bands of src/domain/hours (issue 13), kept by the
-- database: a report over a year sums these rows instead of splitting a million shifts per request
-- (erp_ore_periodo costs ~35 µs a period, src/domain/hours/README.md). The trigger below rewrites an
-- assignment's row whenever its time ranges (turni_operatori_periodi) change, whatever writes them.
-- fonte: 'pianificate' (the planned ranges). Worked hours come from the Console's check-in/out
-- (issue 12), which has no table yet: when it has, its write path rewrites the row with fonte
-- 'effettive' and the bands of the worked periods (workedOrPlannedHours of src/domain/hours).
-- The patron saint of the client's city counts from migration 0603 (which replaces the function below).
CREATE TABLE report_ore_turni (
  turno_operatore_id integer PRIMARY KEY REFERENCES turni_operatori (id) ON DELETE CASCADE,
  fonte text NOT NULL DEFAULT 'pianificate' CHECK (fonte IN ('pianificate', 'effettive')),
  pianificate integer NOT NULL,
  feriale_diurno integer NOT NULL,
  feriale_notturno integer NOT NULL,
  domenica_diurno integer NOT NULL,
  domenica_notturno integer NOT NULL,
  festivo_diurno integer NOT NULL,
  festivo_notturno integer NOT NULL,
  festivo_domenica_diurno integer NOT NULL,
  festivo_domenica_notturno integer NOT NULL
);

-- Rewrites the rows of the given assignments from their planned ranges (none left: no row).
CREATE FUNCTION report_ore_turni_aggiorna(ids integer[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM report_ore_turni r WHERE r.turno_operatore_id = ANY (ids)
    AND NOT EXISTS (SELECT 1 FROM turni_operatori_periodi p WHERE p.turno_operatore_id = r.turno_operatore_id);
  INSERT INTO report_ore_turni (turno_operatore_id, pianificate, feriale_diurno, feriale_notturno, domenica_diurno,
    domenica_notturno, festivo_diurno, festivo_notturno, festivo_domenica_diurno, festivo_domenica_notturno)
  SELECT p.turno_operatore_id,
         sum(h.feriale_diurno + h.feriale_notturno + h.domenica_diurno + h.domenica_notturno + h.festivo_diurno
             + h.festivo_notturno + h.festivo_domenica_diurno + h.festivo_domenica_notturno),
         sum(h.feriale_diurno), sum(h.feriale_notturno), sum(h.domenica_diurno), sum(h.domenica_notturno),
         sum(h.festivo_diurno), sum(h.festivo_notturno), sum(h.festivo_domenica_diurno), sum(h.festivo_domenica_notturno)
  FROM turni_operatori_periodi p CROSS JOIN LATERAL erp_ore_periodo(p.periodo) h
  WHERE p.turno_operatore_id = ANY (ids)
  GROUP BY p.turno_operatore_id
  ON CONFLICT (turno_operatore_id) DO UPDATE SET pianificate = EXCLUDED.pianificate,
    feriale_diurno = EXCLUDED.feriale_diurno, feriale_notturno = EXCLUDED.feriale_notturno,
    domenica_diurno = EXCLUDED.domenica_diurno, domenica_notturno = EXCLUDED.domenica_notturno,
    festivo_diurno = EXCLUDED.festivo_diurno, festivo_notturno = EXCLUDED.festivo_notturno,
    festivo_domenica_diurno = EXCLUDED.festivo_domenica_diurno,
    festivo_domenica_notturno = EXCLUDED.festivo_domenica_notturno
  WHERE report_ore_turni.fonte = 'pianificate';
$$;

-- Statement level with transition tables: one rewrite per statement, however many ranges it wrote.
CREATE FUNCTION report_ore_turni_ins() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_ore_turni_aggiorna(ARRAY(SELECT DISTINCT n.turno_operatore_id FROM nuovi n));
  RETURN NULL;
END
$$;
CREATE FUNCTION report_ore_turni_del() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_ore_turni_aggiorna(ARRAY(SELECT DISTINCT v.turno_operatore_id FROM vecchi v));
  RETURN NULL;
END
$$;
CREATE FUNCTION report_ore_turni_upd() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_ore_turni_aggiorna(ARRAY(SELECT n.turno_operatore_id FROM nuovi n
                                          UNION SELECT v.turno_operatore_id FROM vecchi v));
  RETURN NULL;
END
$$;

CREATE TRIGGER report_ore_turni_ins AFTER INSERT ON turni_operatori_periodi
  REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION report_ore_turni_ins();
CREATE TRIGGER report_ore_turni_del AFTER DELETE ON turni_operatori_periodi
  REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION report_ore_turni_del();
CREATE TRIGGER report_ore_turni_upd AFTER UPDATE ON turni_operatori_periodi
  REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION report_ore_turni_upd();

SELECT report_ore_turni_aggiorna(ARRAY(SELECT DISTINCT turno_operatore_id FROM turni_operatori_periodi));
