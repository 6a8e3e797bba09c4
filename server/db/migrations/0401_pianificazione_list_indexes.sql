-- The contract list, the shift history and the intermittent workers' calls (contratti.list.ts,
-- storico-turni.list.ts, intermittenti.list.ts) as a DBA serves them: each sort is
-- ORDER BY <value>, key, read from one (value, key) index; a sort on a joined table's value
-- (a client's name, a contract's title) walks that table's index and reaches the rows through the
-- foreign-key indexes, so the first page stops early instead of sorting the whole period.
CREATE INDEX contratti_lista_titolo_idx ON contratti (lower(titolo), id);
CREATE INDEX contratti_lista_titolo_raw_idx ON contratti (titolo, id);
CREATE INDEX contratti_lista_numero_idx ON contratti (numero_contratto, id);
CREATE INDEX contratti_lista_tipo_contratto_idx ON contratti (tipo_contratto, id);
CREATE INDEX contratti_lista_tipo_servizio_idx ON contratti (tipo_servizio, id);
CREATE INDEX contratti_lista_sede_idx ON contratti (sede, id);
CREATE INDEX contratti_lista_responsabile_idx ON contratti (responsabile, id);
CREATE INDEX contratti_lista_attivo_idx ON contratti (attivo, id);
CREATE INDEX contratti_lista_cliente_idx ON contratti (cliente_id, id);

CREATE INDEX turni_lista_inizio_idx ON turni (inizio_f1, id);
CREATE INDEX turni_lista_posizione_idx ON turni (posizione_id, id);
CREATE INDEX turni_lista_giorno_idx ON turni (giorno_id, inizio_f1, id);
CREATE INDEX posizioni_lista_descrizione_idx ON posizioni (descrizione, id);
CREATE INDEX turni_operatori_lista_turno_idx ON turni_operatori (turno_id, id);
CREATE INDEX operatori_contratti_intermittenti_idx ON operatori_contratti (operatore_id, data_inizio)
  WHERE tipo = 'intermittente';
