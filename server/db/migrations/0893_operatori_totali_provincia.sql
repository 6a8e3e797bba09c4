-- The number of operators the list shows (NOT anonimizzato) per province and active flag, kept by
-- statement triggers like 0304's single total: the operator list filtered on attivo and/or prov —
-- the list's common query (operatori.list.ts `commonQueries`, `keptTotals`) — counts by summing a
-- few of these rows instead of reading every matching index entry (9,091 for attivo + RM on the
-- benchmark's 200,000 operators: ~0.3 ms of a ~1 ms statement). Each writing statement moves the
-- groups its rows left and entered, in its own transaction, in the groups' order (no deadlock
-- between two statements touching the same groups): exact.
CREATE TABLE operatori_totali_prov (
  prov text NOT NULL,
  attivo boolean NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (prov, attivo)
);
INSERT INTO operatori_totali_prov (prov, attivo, n)
  SELECT prov, attivo, count(*) FROM operatori WHERE NOT anonimizzato GROUP BY prov, attivo;

-- Every change is one INSERT … ON CONFLICT of signed figures per group, in the groups' order. A
-- group losing rows exists already, so a negative figure only ever updates (no CHECK on n: a
-- CHECK is evaluated on the proposed row before the conflict is seen).
-- Insert and delete: the rows entered (+1) or left (-1, the trigger's argument), as `righe`.
CREATE FUNCTION operatori_totali_prov_sposta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO operatori_totali_prov AS t (prov, attivo, n)
    SELECT prov, attivo, TG_ARGV[0]::int * count(*) FROM righe WHERE NOT anonimizzato
    GROUP BY prov, attivo ORDER BY prov, attivo
    ON CONFLICT (prov, attivo) DO UPDATE SET n = t.n + EXCLUDED.n;
  RETURN NULL;
END
$$;
CREATE FUNCTION operatori_totali_prov_modifica() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the groups whose figure changes: most updates touch neither prov, attivo nor anonimizzato.
  INSERT INTO operatori_totali_prov AS t (prov, attivo, n)
    SELECT prov, attivo, sum(d) FROM (
      SELECT prov, attivo, 1 AS d FROM nuovi WHERE NOT anonimizzato
      UNION ALL
      SELECT prov, attivo, -1 FROM vecchi WHERE NOT anonimizzato
    ) x GROUP BY prov, attivo HAVING sum(d) <> 0 ORDER BY prov, attivo
    ON CONFLICT (prov, attivo) DO UPDATE SET n = t.n + EXCLUDED.n;
  RETURN NULL;
END
$$;
CREATE FUNCTION operatori_totali_prov_svuotamento() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM operatori_totali_prov;
  RETURN NULL;
END
$$;

CREATE TRIGGER operatori_totali_prov_ins AFTER INSERT ON operatori
  REFERENCING NEW TABLE AS righe FOR EACH STATEMENT EXECUTE FUNCTION operatori_totali_prov_sposta('1');
CREATE TRIGGER operatori_totali_prov_upd AFTER UPDATE ON operatori
  REFERENCING NEW TABLE AS nuovi OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION operatori_totali_prov_modifica();
CREATE TRIGGER operatori_totali_prov_del AFTER DELETE ON operatori
  REFERENCING OLD TABLE AS righe FOR EACH STATEMENT EXECUTE FUNCTION operatori_totali_prov_sposta('-1');
CREATE TRIGGER operatori_totali_prov_trunc AFTER TRUNCATE ON operatori
  FOR EACH STATEMENT EXECUTE FUNCTION operatori_totali_prov_svuotamento();
