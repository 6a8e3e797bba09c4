-- Site inspections (/sopralluogo, issue 13): a client's site or a prospective client's, the
-- inspector's checklist, the outcome and the recommended service. Listed by the sopralluoghi report.
CREATE TABLE sopralluoghi (
  id serial PRIMARY KEY,
  cliente_id integer REFERENCES clienti (id),
  potenziale_cliente text NOT NULL DEFAULT '',
  indirizzo text NOT NULL CHECK (btrim(indirizzo) <> ''),
  cap text NOT NULL DEFAULT '',
  citta text NOT NULL CHECK (btrim(citta) <> ''),
  prov text NOT NULL DEFAULT '',
  lat double precision,
  lng double precision,
  data date NOT NULL,
  ispettore text NOT NULL CHECK (btrim(ispettore) <> ''),
  -- {accessi, illuminazione, telecamere, allarmi, rischi}: the inspector's notes per point.
  checklist jsonb NOT NULL DEFAULT '{}',
  note text NOT NULL DEFAULT '',
  esito text NOT NULL CHECK (esito IN ('favorevole', 'con_riserva', 'sfavorevole')),
  servizio_consigliato text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by integer,
  CHECK (cliente_id IS NOT NULL OR btrim(potenziale_cliente) <> '')
);
CREATE INDEX sopralluoghi_data_idx ON sopralluoghi (data, id);
CREATE INDEX sopralluoghi_cliente_idx ON sopralluoghi (cliente_id);
