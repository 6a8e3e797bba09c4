-- Issue 30 item 1 (with 0530): the anomalies of check-ins that do not count or count more than planned.
ALTER TABLE anomalie DROP CONSTRAINT anomalie_tipo_check;
ALTER TABLE anomalie ADD CONSTRAINT anomalie_tipo_check CHECK (tipo IN ('mancato_ingresso', 'ritardo',
  'uscita_anticipata', 'mancata_uscita', 'distanza', 'turno_non_assegnato', 'fuori_turno', 'oltre_previsto',
  'sincronizzata_ritardo'));
