-- The operator list sorts and filters by the earliest expiry of an operator's documents and
-- courses ('Prossima scadenza documenti', documenti_in_scadenza=N). As a per-row sub-query over two
-- tables no index could serve it: sorting 200,000 operators by it evaluated 400,000 sub-queries
-- per page. It is kept in a column by the triggers below (one statement per changed document or
-- course, on the operator it belongs to) and indexed like the list's other sorts.
ALTER TABLE operatori ADD COLUMN prossima_scadenza date;

CREATE FUNCTION operatori_prossima_scadenza(operatore integer) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT min(x.d) FROM (
    SELECT d.data_scadenza AS d FROM operatori_documenti d WHERE d.operatore_id = operatore
    UNION ALL SELECT c.data_scadenza FROM operatori_corsi c WHERE c.operatore_id = operatore) x
$$;

UPDATE operatori o SET prossima_scadenza = operatori_prossima_scadenza(o.id)
WHERE EXISTS (SELECT 1 FROM operatori_documenti d WHERE d.operatore_id = o.id)
   OR EXISTS (SELECT 1 FROM operatori_corsi c WHERE c.operatore_id = o.id);

CREATE FUNCTION operatori_prossima_scadenza_aggiorna() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  ids := CASE TG_OP
    WHEN 'INSERT' THEN ARRAY[NEW.operatore_id]
    WHEN 'DELETE' THEN ARRAY[OLD.operatore_id]
    ELSE ARRAY[OLD.operatore_id, NEW.operatore_id] END;
  UPDATE operatori o SET prossima_scadenza = s.d
  FROM (SELECT i AS id, operatori_prossima_scadenza(i) AS d FROM unnest(ids) i) s
  WHERE o.id = s.id AND o.prossima_scadenza IS DISTINCT FROM s.d;
  RETURN NULL;
END
$$;

CREATE TRIGGER operatori_documenti_prossima_scadenza
  AFTER INSERT OR DELETE OR UPDATE OF operatore_id, data_scadenza ON operatori_documenti
  FOR EACH ROW EXECUTE FUNCTION operatori_prossima_scadenza_aggiorna();
CREATE TRIGGER operatori_corsi_prossima_scadenza
  AFTER INSERT OR DELETE OR UPDATE OF operatore_id, data_scadenza ON operatori_corsi
  FOR EACH ROW EXECUTE FUNCTION operatori_prossima_scadenza_aggiorna();

CREATE INDEX operatori_lista_prossima_scadenza_idx ON operatori (prossima_scadenza, id) WHERE NOT anonimizzato;
