-- Console: the guards' app (/api/app/). An operator with `applicazione` signs in with credentials
-- set by HR; app tokens are a kind of their own (app_tokens, never auth_tokens), so an app token
-- cannot open the back office and a staff token cannot open the app API.
CREATE TABLE app_credenziali (
  operatore_id integer PRIMARY KEY REFERENCES operatori (id) ON DELETE CASCADE,
  username text NOT NULL CHECK (btrim(username) <> ''),
  password_hash text NOT NULL,
  aggiornate_il timestamptz NOT NULL DEFAULT now(),
  aggiornate_da integer REFERENCES users (id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX app_credenziali_username_idx ON app_credenziali (lower(username));

CREATE TABLE app_tokens (
  id serial PRIMARY KEY,
  operatore_id integer NOT NULL REFERENCES operatori (id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text
);
CREATE INDEX app_tokens_operatore_idx ON app_tokens (operatore_id) WHERE revoked_at IS NULL;

-- Check-in and check-out sent by the app. `client_id` is generated on the device: a retry of the
-- same check-in finds its row (UNIQUE) and counts nothing twice. `data_ora` is the device's time;
-- `sincronizzata_tardi` marks a check-in received long after it was made (offline).
CREATE TABLE app_timbrature (
  id bigserial PRIMARY KEY,
  operatore_id integer NOT NULL REFERENCES operatori (id) ON DELETE RESTRICT,
  client_id uuid NOT NULL,
  turno_id integer NOT NULL REFERENCES turni (id) ON DELETE RESTRICT,
  tipo text NOT NULL CHECK (tipo IN ('ingresso', 'uscita')),
  data_ora timestamptz NOT NULL,
  ricevuta_il timestamptz NOT NULL,
  lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lng double precision NOT NULL CHECK (lng BETWEEN -180 AND 180),
  accuratezza double precision NOT NULL CHECK (accuratezza >= 0),
  sincronizzata_tardi boolean NOT NULL,
  assegnato boolean NOT NULL,
  UNIQUE (operatore_id, client_id)
);
CREATE INDEX app_timbrature_turno_idx ON app_timbrature (turno_id, operatore_id, data_ora);

-- The conversation of a ticket: the guard's messages (from the app) and the office's replies.
CREATE TABLE ticket_messaggi (
  id serial PRIMARY KEY,
  ticket_id integer NOT NULL REFERENCES ticket_supporto (id) ON DELETE CASCADE,
  data_ora timestamptz NOT NULL,
  operatore_id integer REFERENCES operatori (id) ON DELETE SET NULL,
  utente_id integer REFERENCES users (id) ON DELETE SET NULL,
  testo text NOT NULL CHECK (btrim(testo) <> '')
);
CREATE INDEX ticket_messaggi_ticket_idx ON ticket_messaggi (ticket_id, data_ora, id);

ALTER TABLE ticket_supporto ADD COLUMN assegnato_a integer REFERENCES users (id) ON DELETE SET NULL;
