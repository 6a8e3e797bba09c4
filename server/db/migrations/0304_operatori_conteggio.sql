-- The exact number of operators the list shows (NOT anonimizzato), kept by statement triggers so
-- that the unfiltered operator list — the first screen of Anagrafiche — counts without reading
-- 200,000 index entries on every page (operatori.list.ts `total`). Each writing statement moves
-- the figure by the rows it added and removed, in its own transaction: exact, and concurrent
-- writers queue on the one row only for the rest of their transaction.
CREATE TABLE liste_totali (
  lista text PRIMARY KEY,
  n bigint NOT NULL CHECK (n >= 0)
);
INSERT INTO liste_totali (lista, n) SELECT 'operatori', count(*) FROM operatori WHERE NOT anonimizzato;

CREATE FUNCTION operatori_totale_inserimento() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE liste_totali SET n = n + (SELECT count(*) FROM nuovi WHERE NOT anonimizzato) WHERE lista = 'operatori';
  RETURN NULL;
END
$$;
CREATE FUNCTION operatori_totale_modifica() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := (SELECT count(*) FROM nuovi WHERE NOT anonimizzato) - (SELECT count(*) FROM vecchi WHERE NOT anonimizzato);
BEGIN
  IF delta <> 0 THEN
    UPDATE liste_totali SET n = n + delta WHERE lista = 'operatori';
  END IF;
  RETURN NULL;
END
$$;
CREATE FUNCTION operatori_totale_cancellazione() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE liste_totali SET n = n - (SELECT count(*) FROM vecchi WHERE NOT anonimizzato) WHERE lista = 'operatori';
  RETURN NULL;
END
$$;
CREATE FUNCTION operatori_totale_svuotamento() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE liste_totali SET n = 0 WHERE lista = 'operatori';
  RETURN NULL;
END
$$;

CREATE TRIGGER operatori_totale_ins AFTER INSERT ON operatori
  REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION operatori_totale_inserimento();
CREATE TRIGGER operatori_totale_upd AFTER UPDATE ON operatori
  REFERENCING NEW TABLE AS nuovi OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION operatori_totale_modifica();
CREATE TRIGGER operatori_totale_del AFTER DELETE ON operatori
  REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION operatori_totale_cancellazione();
CREATE TRIGGER operatori_totale_trunc AFTER TRUNCATE ON operatori
  FOR EACH STATEMENT EXECUTE FUNCTION operatori_totale_svuotamento();
