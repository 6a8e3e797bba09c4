-- Anagrafiche / clienti (H5b): clients, their operating sites and their contacts.
-- Contracts (pianificazione, 04xx) reference clienti(id).
CREATE TABLE clienti (
  id serial PRIMARY KEY,
  ragione_sociale text NOT NULL CHECK (btrim(ragione_sociale) <> ''),
  partita_iva text NOT NULL DEFAULT '',
  codice_fiscale text NOT NULL DEFAULT '',
  codice_sdi text NOT NULL DEFAULT '',
  pec text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  telefono text NOT NULL DEFAULT '',
  indirizzo text NOT NULL DEFAULT '',
  cap text NOT NULL DEFAULT '',
  citta text NOT NULL DEFAULT '',
  prov text NOT NULL DEFAULT '',
  lat double precision,
  lng double precision,
  note text NOT NULL DEFAULT '',
  attivo boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX clienti_partita_iva_key ON clienti (partita_iva) WHERE partita_iva <> '';
CREATE INDEX clienti_ragione_sociale_trgm_idx ON clienti USING gin (lower(ragione_sociale) gin_trgm_ops);
CREATE INDEX clienti_prov_idx ON clienti (prov);

CREATE TABLE clienti_sedi (
  id serial PRIMARY KEY,
  cliente_id integer NOT NULL REFERENCES clienti (id) ON DELETE CASCADE,
  descrizione text NOT NULL CHECK (btrim(descrizione) <> ''),
  indirizzo text NOT NULL DEFAULT '',
  cap text NOT NULL DEFAULT '',
  citta text NOT NULL DEFAULT '',
  prov text NOT NULL DEFAULT '',
  lat double precision,
  lng double precision,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX clienti_sedi_cliente_idx ON clienti_sedi (cliente_id);

CREATE TABLE clienti_contatti (
  id serial PRIMARY KEY,
  cliente_id integer NOT NULL REFERENCES clienti (id) ON DELETE CASCADE,
  nome text NOT NULL CHECK (btrim(nome) <> ''),
  ruolo text NOT NULL DEFAULT '',
  telefono text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX clienti_contatti_cliente_idx ON clienti_contatti (cliente_id);
