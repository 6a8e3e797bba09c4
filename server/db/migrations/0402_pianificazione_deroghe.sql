-- Issue 15 item 2: the working-time limits (rest under the profile's minimum, more than its hours in
-- 7 days, a shift longer than it allows) and an expired course the qualification requires are
-- refusals. A holder of erp_contratti_deroghe may override them with a reason: the derogation is
-- kept here, written in the same statement as the assignment, and stays when the operator is later
-- removed (the report of derogations reads it). Rows are never changed or deleted.
CREATE TABLE turni_deroghe (
  id serial PRIMARY KEY,
  turno_id integer NOT NULL,
  operatore_id integer NOT NULL REFERENCES operatori (id) ON DELETE RESTRICT,
  codici text[] NOT NULL CHECK (cardinality(codici) > 0),
  dettaglio text NOT NULL,
  motivo text NOT NULL CHECK (btrim(motivo) <> ''),
  utente_id integer,
  creata_il timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX turni_deroghe_creata_idx ON turni_deroghe (creata_il DESC, id DESC);
CREATE INDEX turni_deroghe_turno_idx ON turni_deroghe (turno_id);

CREATE FUNCTION turni_deroghe_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'turni_deroghe è in sola aggiunta';
END $$;
CREATE TRIGGER turni_deroghe_no_update BEFORE UPDATE OR DELETE ON turni_deroghe
  FOR EACH ROW EXECUTE FUNCTION turni_deroghe_append_only();

-- The assignment made by a derogation points to it.
ALTER TABLE turni_operatori ADD COLUMN deroga_id integer REFERENCES turni_deroghe (id);

-- Courses a qualification requires: an operator whose course of that kind has expired by the day
-- of the shift (and who has no valid one) is refused.
CREATE TABLE posizioni_corsi_richiesti (
  posizione_id integer NOT NULL REFERENCES posizioni (id) ON DELETE CASCADE,
  tipo_corso text NOT NULL,
  PRIMARY KEY (posizione_id, tipo_corso)
);
INSERT INTO posizioni_corsi_richiesti (posizione_id, tipo_corso)
  SELECT id, 'tiro_poligono' FROM posizioni WHERE descrizione = 'Guardia particolare giurata armata'
  UNION ALL
  SELECT id, 'aggiornamento_gpg' FROM posizioni WHERE descrizione ILIKE 'Guardia particolare giurata%';
CREATE INDEX operatori_corsi_tipo_idx ON operatori_corsi (operatore_id, tipo, data_scadenza);
