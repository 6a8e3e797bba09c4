-- The client and applicant lists (clienti.list.ts, candidati.list.ts) as a DBA serves them: every
-- sort is ORDER BY <value>, id, read forwards or backwards from one (value, id) index, so a page's
-- ids come from the index and skipped rows cost an index entry each; a narrow count index carries
-- the columns of the simple filters in INCLUDE, so counting any combination of them is an
-- index-only scan, never the table.
CREATE INDEX clienti_lista_ragione_sociale_idx ON clienti (ragione_sociale, id);
CREATE INDEX clienti_lista_ragione_sociale_lower_idx ON clienti (lower(ragione_sociale), id);
CREATE INDEX clienti_lista_partita_iva_idx ON clienti (partita_iva, id);
CREATE INDEX clienti_lista_citta_idx ON clienti (citta, id);
CREATE INDEX clienti_lista_prov_idx ON clienti (prov, id);
CREATE INDEX clienti_lista_attivo_idx ON clienti (attivo, id);
CREATE INDEX clienti_lista_created_at_idx ON clienti (created_at, id);
CREATE INDEX clienti_lista_count_idx ON clienti (id) INCLUDE (attivo, prov);

CREATE INDEX candidati_lista_cognome_idx ON candidati (cognome, id);
CREATE INDEX candidati_lista_nome_idx ON candidati (nome, id);
CREATE INDEX candidati_lista_data_nascita_idx ON candidati (data_nascita, id);
CREATE INDEX candidati_lista_citta_idx ON candidati (citta, id);
CREATE INDEX candidati_lista_prov_idx ON candidati (prov, id);
CREATE INDEX candidati_lista_stato_idx ON candidati (stato, id);
CREATE INDEX candidati_lista_valutazione_idx ON candidati (valutazione, id);
-- The default order, newest first (ORDER BY created_at DESC, id DESC): the index read backwards.
CREATE INDEX candidati_lista_created_at_idx ON candidati (created_at, id);
CREATE INDEX candidati_lista_count_idx ON candidati (id)
  INCLUDE (sesso, prov, stato, valutazione, turni_notturni, trasferte, origine, created_at);
-- The screen's usual request: the applicants in one state, newest first.
CREATE INDEX candidati_lista_stato_created_idx ON candidati (stato, created_at, id);
