-- Issue 33, privacy of the guards' positions: the information notice the field app shows at the
-- first sign-in (src/domain/informativa-posizione.ts; art. 13 GDPR, art. 4 L. 300/1970, Garante
-- provv. n. 232 of 18 April 2018) and each guard's acknowledgement of each version of it, with
-- when and from where. The app cannot be used before it.
CREATE TABLE app_informativa_conferme (
  operatore_id integer NOT NULL REFERENCES operatori (id) ON DELETE CASCADE,
  versione integer NOT NULL CHECK (versione > 0),
  confermata_il timestamptz NOT NULL,
  ip text,
  PRIMARY KEY (operatore_id, versione)
);

-- Positions are erased after POSITION_RETENTION_DAYS (the 'purga-posizioni' job, migration 0775):
-- the check-in stays (worked hours), its latitude, longitude and accuracy become null and this
-- says when, so the office tells an erased position from one the phone never gave.
ALTER TABLE app_timbrature ADD COLUMN posizione_cancellata_il timestamptz;
CREATE INDEX app_timbrature_posizione_idx ON app_timbrature (data_ora) WHERE lat IS NOT NULL;
