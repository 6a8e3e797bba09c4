-- The indexes of the report lists' sorts and filters (test/server/list/list-indexes.test.ts):
-- pratiche by opening and closing day, type and state; sopralluoghi by city, inspector and outcome.
CREATE INDEX operatori_pratiche_apertura_idx ON operatori_pratiche (data_apertura, id);
CREATE INDEX operatori_pratiche_chiusura_idx ON operatori_pratiche (data_chiusura, id);
CREATE INDEX operatori_pratiche_tipo_idx ON operatori_pratiche (tipo, id);
CREATE INDEX operatori_pratiche_stato_idx ON operatori_pratiche (stato, id);
CREATE INDEX sopralluoghi_citta_idx ON sopralluoghi (citta, id);
CREATE INDEX sopralluoghi_ispettore_idx ON sopralluoghi (ispettore, id);
CREATE INDEX sopralluoghi_esito_idx ON sopralluoghi (esito, id);
CREATE INDEX sopralluoghi_potenziale_idx ON sopralluoghi (id) WHERE cliente_id IS NULL;
