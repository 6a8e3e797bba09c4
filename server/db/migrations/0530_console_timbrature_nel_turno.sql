-- Issue 30 item 1: a guard could make the payroll pay any number of hours. Any past device time was
-- accepted and worked periods replaced the planned hours unclipped (a check-in dated 24 days earlier
-- turned a 6 h shift into 627.8 h), and a late check-in backdated to the start hid its lateness.
--
-- 1. Each check-in/out keeps the device's time (data_ora) and gets the time it is judged on
--    (data_ora_valida): for a check-in, the later of the device's time and the receive time less
--    the time the app says it waited in its outbox (secondi_in_coda) — a late sync proves its delay
--    by its queue, a backdated tap does not get earlier than it reached us; for a check-out, the
--    device's time (an earlier check-out only takes hours away). Rows recorded before this keep
--    their device time (their queue is taken to be their whole delay).
-- 2. A check-in/out counts only within its shift: from 60 minutes before the planned start to 60
--    minutes after the planned end (erp_timbratura_nel_turno, the same constant as
--    src/domain/hours/checkins.ts TOLLERANZA_TURNO_MINUTI). Outside it is kept, shown as the anomaly
--    "timbratura fuori turno", and counts nothing; worked periods therefore lie within the planned
--    span ± 60 minutes, and more is an anomaly ("ore lavorate oltre il previsto") for the office.
-- 3. New anomalies: fuori_turno, oltre_previsto, sincronizzata_ritardo (0760: the anomalies' table comes later).
ALTER TABLE app_timbrature ADD COLUMN secondi_in_coda integer NOT NULL DEFAULT 0 CHECK (secondi_in_coda >= 0);
ALTER TABLE app_timbrature ADD COLUMN data_ora_valida timestamptz;
UPDATE app_timbrature
   SET secondi_in_coda = greatest(0, floor(extract(epoch FROM ricevuta_il - data_ora)))::int,
       data_ora_valida = data_ora;
ALTER TABLE app_timbrature ALTER COLUMN data_ora_valida SET NOT NULL;
-- The app's route always sets it (src/domain/hours/checkins.ts dataOraValida); a row written
-- directly (demo data, an import) without it is judged at its device time.
CREATE FUNCTION app_timbrature_valida() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.data_ora_valida := coalesce(NEW.data_ora_valida, NEW.data_ora);
  RETURN NEW;
END
$$;
CREATE TRIGGER app_timbrature_valida BEFORE INSERT ON app_timbrature
  FOR EACH ROW EXECUTE FUNCTION app_timbrature_valida();
ALTER TABLE app_timbrature ADD CONSTRAINT app_timbrature_valida_check CHECK (data_ora_valida >= data_ora);
DROP INDEX app_timbrature_turno_idx;
CREATE INDEX app_timbrature_turno_idx ON app_timbrature (turno_id, operatore_id, data_ora_valida);

-- Whether a check-in/out at `t` belongs to the shift planned from `inizio` to `fine` (fixed minutes:
-- no time-zone arithmetic, so it is safe to inline and to mark immutable).
CREATE FUNCTION erp_timbratura_nel_turno(t timestamptz, inizio timestamptz, fine timestamptz) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT t >= inizio - interval '60 minutes' AND t <= fine + interval '60 minutes'
$$;
