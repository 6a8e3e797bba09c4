-- Global search on the operator list looks in codice, cognome, nome, città (and codice fiscale):
-- every field it ORs needs a trigram index, or the whole OR falls back to reading every row.
CREATE INDEX operatori_codice_trgm_idx ON operatori USING gin (codice gin_trgm_ops);
CREATE INDEX operatori_citta_trgm_idx ON operatori USING gin (citta gin_trgm_ops);
