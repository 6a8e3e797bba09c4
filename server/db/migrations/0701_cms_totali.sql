-- Running totals of the counts per device and gate, kept by a statement trigger on cms_conteggi
-- whatever inserts counts (the counters' API, the demo seed): the total of an event is a sum over
-- its devices' rows (tens), not over its counts (hundreds of thousands), so the answer to every
-- post and every control-room picture stays cheap under 1,000 posts a second. Only the rows a
-- statement really inserted are in its transition table: a duplicate (ON CONFLICT DO NOTHING)
-- adds nothing. Deleting an event, a gate or a device removes its totals with its counts.
CREATE TABLE cms_totali (
  dispositivo_id integer NOT NULL REFERENCES cms_dispositivi (id) ON DELETE CASCADE,
  varco_id integer NOT NULL REFERENCES cms_varchi (id) ON DELETE CASCADE,
  evento_id integer NOT NULL REFERENCES cms_eventi (id) ON DELETE CASCADE,
  ingressi bigint NOT NULL DEFAULT 0,
  uscite bigint NOT NULL DEFAULT 0,
  -- The last count received from the device at this gate (the control room's "last report").
  ultimo_invio timestamptz,
  PRIMARY KEY (dispositivo_id, varco_id)
);
CREATE INDEX cms_totali_evento_idx ON cms_totali (evento_id, varco_id);

CREATE FUNCTION cms_conteggi_totali() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO cms_totali (dispositivo_id, varco_id, evento_id, ingressi, uscite, ultimo_invio)
  SELECT dispositivo_id, varco_id, min(evento_id), sum(ingressi), sum(uscite), max(ricevuto_il)
    FROM nuovi GROUP BY dispositivo_id, varco_id
  ON CONFLICT (dispositivo_id, varco_id)
  DO UPDATE SET ingressi = cms_totali.ingressi + EXCLUDED.ingressi, uscite = cms_totali.uscite + EXCLUDED.uscite,
                ultimo_invio = greatest(cms_totali.ultimo_invio, EXCLUDED.ultimo_invio);
  RETURN NULL;
END $$;

CREATE TRIGGER cms_conteggi_totali AFTER INSERT ON cms_conteggi
  REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION cms_conteggi_totali();

INSERT INTO cms_totali (dispositivo_id, varco_id, evento_id, ingressi, uscite, ultimo_invio)
SELECT dispositivo_id, varco_id, min(evento_id), sum(ingressi), sum(uscite), max(ricevuto_il) FROM cms_conteggi GROUP BY 1, 2;
