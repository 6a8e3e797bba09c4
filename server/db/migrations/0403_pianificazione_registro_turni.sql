-- Issue 15 item 3: the shift register (DM 269/2010, kept two years). Every assignment and each of
-- its changes — assigned, confirmed, confirmation removed, times changed, removed — is a row,
-- written in the same transaction (or statement) as the change, with who and when and the shift's
-- times as they were. Rows are never changed or deleted (trigger), so any past period can be shown
-- as it stood: per shift and operator the last row at that instant, unless it is a removal.
CREATE TABLE registro_turni (
  id bigserial PRIMARY KEY,
  registrato_il timestamptz NOT NULL DEFAULT now(),
  utente_id integer,
  evento text NOT NULL CHECK (evento IN ('assegnazione', 'conferma', 'annullamento_conferma', 'modifica_orari', 'rimozione')),
  turno_id integer NOT NULL,
  operatore_id integer NOT NULL,
  servizio_id integer NOT NULL,
  giorno date NOT NULL,
  inizio_f1 time NOT NULL,
  fine_f1 time NOT NULL,
  inizio_f2 time,
  fine_f2 time,
  confermato boolean NOT NULL,
  motivo text NOT NULL DEFAULT ''
);
CREATE INDEX registro_turni_giorno_idx ON registro_turni (giorno, turno_id, operatore_id, id);
CREATE INDEX registro_turni_coppia_idx ON registro_turni (turno_id, operatore_id, id);

CREATE FUNCTION registro_turni_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'registro_turni è in sola aggiunta';
END $$;
CREATE TRIGGER registro_turni_no_update BEFORE UPDATE OR DELETE ON registro_turni
  FOR EACH ROW EXECUTE FUNCTION registro_turni_append_only();
CREATE TRIGGER registro_turni_no_truncate BEFORE TRUNCATE ON registro_turni
  FOR EACH STATEMENT EXECUTE FUNCTION registro_turni_append_only();

-- What was already planned when the register started: one 'assegnazione' row per assignment.
INSERT INTO registro_turni (registrato_il, utente_id, evento, turno_id, operatore_id, servizio_id, giorno,
                            inizio_f1, fine_f1, inizio_f2, fine_f2, confermato)
  SELECT a.assegnato_il, a.assegnato_da, 'assegnazione', a.turno_id, a.operatore_id, g.servizio_id, g.giorno,
         t.inizio_f1, t.fine_f1, t.inizio_f2, t.fine_f2, a.confermato
  FROM turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id;
