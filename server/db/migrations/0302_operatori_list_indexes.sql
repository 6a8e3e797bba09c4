-- The operator list (server/modules/anagrafiche/operatori/operatori.list.ts) as a DBA serves it.
-- The list shows the rows WHERE NOT anonimizzato, so its indexes are partial on that predicate:
-- an index-only scan then needs no visit of the 59-column heap to learn whether a row is shown.
--
-- Every sort is ORDER BY <value>, id (the engine ends each order in the key), read forwards or
-- backwards from one (value, id) index: the page's ids come from the index alone, skipped rows
-- (page 200) cost one index entry each. An expression sort carries its column in INCLUDE, or
-- PostgreSQL cannot answer lower(cognome) from the index (index-only scans need the column).
CREATE INDEX operatori_lista_cognome_idx ON operatori (lower(cognome), id) INCLUDE (cognome) WHERE NOT anonimizzato;
CREATE INDEX operatori_lista_nome_idx ON operatori (lower(nome), id) INCLUDE (nome) WHERE NOT anonimizzato;
CREATE INDEX operatori_lista_codice_idx ON operatori (codice, id) WHERE NOT anonimizzato;
CREATE INDEX operatori_lista_data_nascita_idx ON operatori (data_nascita, id) WHERE NOT anonimizzato;
CREATE INDEX operatori_lista_citta_idx ON operatori (citta, id) WHERE NOT anonimizzato;
CREATE INDEX operatori_lista_prov_idx ON operatori (prov, id) WHERE NOT anonimizzato;
CREATE INDEX operatori_lista_rating_idx ON operatori (rating, id) WHERE NOT anonimizzato;
CREATE INDEX operatori_lista_attivo_idx ON operatori (attivo, id) WHERE NOT anonimizzato;
CREATE INDEX operatori_lista_cessato_idx ON operatori (cessato, id) WHERE NOT anonimizzato;
CREATE INDEX operatori_lista_black_list_idx ON operatori (black_list, id) WHERE NOT anonimizzato;
CREATE INDEX operatori_lista_created_at_idx ON operatori (created_at, id) WHERE NOT anonimizzato;

-- The count: the narrowest index of the shown rows, with the columns of the simple filters
-- (attivo, cessato, black_list, sesso, applicazione, rating, prov, data di nascita) so that the
-- count of any combination of them is an index-only scan, never the heap. Also the sort by id.
CREATE INDEX operatori_lista_id_idx ON operatori (id)
  INCLUDE (attivo, cessato, black_list, sesso, applicazione, rating, prov, data_nascita) WHERE NOT anonimizzato;

-- The common request of a planner: one province (often only the active operators) by cognome —
-- its page walks 25 entries, its count the province's entries, both index-only.
CREATE INDEX operatori_lista_prov_cognome_idx ON operatori (prov, lower(cognome), id)
  INCLUDE (cognome, attivo) WHERE NOT anonimizzato;

-- Operators who have the app (applicazione): the page by cognome and the count.
CREATE INDEX operatori_lista_applicazione_idx ON operatori (applicazione, lower(cognome), id)
  INCLUDE (cognome) WHERE NOT anonimizzato;
