-- Issue 34 item 3: a round missed or left incomplete is an anomaly of its own kind, one per round
-- (a shift has several rounds, so the round replaces the shift's UNIQUE for these kinds).
ALTER TABLE anomalie ADD COLUMN ronda_id integer REFERENCES ronde (id) ON DELETE CASCADE;
ALTER TABLE anomalie DROP CONSTRAINT anomalie_tipo_check;
ALTER TABLE anomalie ADD CONSTRAINT anomalie_tipo_check CHECK (tipo IN ('mancato_ingresso', 'ritardo',
  'uscita_anticipata', 'mancata_uscita', 'distanza', 'turno_non_assegnato', 'fuori_turno', 'oltre_previsto',
  'sincronizzata_ritardo', 'ronda_incompleta', 'ronda_non_eseguita'));
ALTER TABLE anomalie ADD CONSTRAINT anomalie_ronda_check
  CHECK ((ronda_id IS NOT NULL) = (tipo IN ('ronda_incompleta', 'ronda_non_eseguita')));
ALTER TABLE anomalie DROP CONSTRAINT anomalie_turno_id_operatore_id_tipo_key;
CREATE UNIQUE INDEX anomalie_turno_operatore_tipo_idx ON anomalie (turno_id, operatore_id, tipo) WHERE ronda_id IS NULL;
CREATE UNIQUE INDEX anomalie_ronda_tipo_idx ON anomalie (ronda_id, tipo) WHERE ronda_id IS NOT NULL;
-- The dropped UNIQUE's index served the list's join to the shift (its sorts by client and day):
-- the same columns, whole, again.
CREATE INDEX anomalie_turno_idx ON anomalie (turno_id, operatore_id, tipo);

-- Rounds are created for the next hours and judged every few minutes, once across workers.
INSERT INTO jobs (name, interval_s, next_run) VALUES ('ronde', 300, '2000-01-01T00:00:00Z');
