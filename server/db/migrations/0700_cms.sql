-- Crowd Management System (issue 14): CMS users (the stewards and viewers of events, with their
-- access code for the counting app), events with their gates, thresholds and counting devices,
-- the counts the devices post (idempotent by device and sequence number), the counting app's
-- tokens (a kind of their own, like app_tokens: they open only /api/app/cms/).

CREATE TABLE cms_utenti (
  id serial PRIMARY KEY,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  cellulare text NOT NULL DEFAULT '',
  password_hash text,
  tipologia_id text NOT NULL REFERENCES tipi_utente_cms (id),
  attivo boolean NOT NULL DEFAULT true,
  -- An existing ERP operator: names, mobile and e-mail are read from the operator.
  operatore_id integer REFERENCES operatori (id) ON DELETE SET NULL,
  codice_accesso text NOT NULL UNIQUE CHECK (codice_accesso ~ '^[A-Z0-9]{8}$'),
  creato_il timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cms_utenti_tipologia_idx ON cms_utenti (tipologia_id, id);
CREATE INDEX cms_utenti_last_name_idx ON cms_utenti (lower(last_name), id);
CREATE INDEX cms_utenti_creato_idx ON cms_utenti (creato_il, id);
CREATE UNIQUE INDEX cms_utenti_operatore_idx ON cms_utenti (operatore_id) WHERE operatore_id IS NOT NULL;

CREATE TABLE cms_eventi (
  id serial PRIMARY KEY,
  titolo text NOT NULL CHECK (btrim(titolo) <> ''),
  descrizione text NOT NULL DEFAULT '',
  indirizzo text NOT NULL DEFAULT '',
  citta text NOT NULL DEFAULT '',
  prov text NOT NULL DEFAULT '',
  data_inizio timestamptz NOT NULL,
  data_fine timestamptz NOT NULL,
  contatore boolean NOT NULL DEFAULT false,
  abilitato boolean NOT NULL DEFAULT true,
  -- Thresholds in percent of the capacity: warning (attenzione) and maximum occupancy (massima).
  soglia_attenzione integer NOT NULL DEFAULT 80 CHECK (soglia_attenzione BETWEEN 1 AND 100),
  soglia_massima integer NOT NULL DEFAULT 95 CHECK (soglia_massima BETWEEN 1 AND 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (data_fine >= data_inizio),
  CHECK (soglia_attenzione <= soglia_massima)
);
CREATE INDEX cms_eventi_inizio_idx ON cms_eventi (data_inizio, id);
CREATE INDEX cms_eventi_fine_idx ON cms_eventi (data_fine, id);
CREATE INDEX cms_eventi_titolo_idx ON cms_eventi (lower(titolo), id);
CREATE INDEX cms_eventi_citta_idx ON cms_eventi (lower(citta), id);

-- CMS users linked to an event: viewers (visualizzatori) and stewards counting (addetti).
CREATE TABLE cms_eventi_utenti (
  evento_id integer NOT NULL REFERENCES cms_eventi (id) ON DELETE CASCADE,
  utente_id integer NOT NULL REFERENCES cms_utenti (id) ON DELETE CASCADE,
  PRIMARY KEY (evento_id, utente_id)
);
CREATE INDEX cms_eventi_utenti_utente_idx ON cms_eventi_utenti (utente_id);

CREATE TABLE cms_varchi (
  id serial PRIMARY KEY,
  evento_id integer NOT NULL REFERENCES cms_eventi (id) ON DELETE CASCADE,
  nome text NOT NULL CHECK (btrim(nome) <> ''),
  capienza integer NOT NULL CHECK (capienza > 0),
  direzione text NOT NULL DEFAULT 'both' CHECK (direzione IN ('in', 'out', 'both')),
  UNIQUE (evento_id, nome)
);

-- A counting device of an event, assigned to one of its gates. `codice` is the device's own id
-- (the app's device_id); a device unknown to the event is registered at its first count.
CREATE TABLE cms_dispositivi (
  id serial PRIMARY KEY,
  evento_id integer NOT NULL REFERENCES cms_eventi (id) ON DELETE CASCADE,
  varco_id integer REFERENCES cms_varchi (id) ON DELETE SET NULL,
  codice text NOT NULL CHECK (btrim(codice) <> ''),
  descrizione text NOT NULL DEFAULT '',
  UNIQUE (evento_id, codice)
);
CREATE INDEX cms_dispositivi_varco_idx ON cms_dispositivi (varco_id);

-- Counts: one row per (device, seq). A retry or a batch sent again later finds its row and counts
-- nothing twice; rows may arrive in any order. `at` is the device's time of the count.
CREATE TABLE cms_conteggi (
  dispositivo_id integer NOT NULL REFERENCES cms_dispositivi (id) ON DELETE CASCADE,
  seq bigint NOT NULL CHECK (seq >= 0),
  evento_id integer NOT NULL REFERENCES cms_eventi (id) ON DELETE CASCADE,
  varco_id integer NOT NULL REFERENCES cms_varchi (id) ON DELETE CASCADE,
  ingressi integer NOT NULL CHECK (ingressi >= 0),
  uscite integer NOT NULL CHECK (uscite >= 0),
  at timestamptz NOT NULL,
  ricevuto_il timestamptz NOT NULL,
  PRIMARY KEY (dispositivo_id, seq)
);
CREATE INDEX cms_conteggi_evento_idx ON cms_conteggi (evento_id, at);
CREATE INDEX cms_conteggi_varco_idx ON cms_conteggi (varco_id);

-- Tokens of the counting app: bound to one CMS user and one event, valid until the event's
-- counting window closes (2 hours after its end).
CREATE TABLE cms_app_tokens (
  id serial PRIMARY KEY,
  utente_id integer NOT NULL REFERENCES cms_utenti (id) ON DELETE CASCADE,
  evento_id integer NOT NULL REFERENCES cms_eventi (id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text
);
CREATE INDEX cms_app_tokens_utente_idx ON cms_app_tokens (utente_id) WHERE revoked_at IS NULL;
