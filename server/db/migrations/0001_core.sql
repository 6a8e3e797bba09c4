-- Core: extensions, staff users and their tokens, the lookup tables of the account settings,
-- and the append-only audit log.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gist;
CREATE EXTENSION IF NOT EXISTS unaccent;

CREATE TABLE users (
  id serial PRIMARY KEY,
  username text NOT NULL,
  email text NOT NULL DEFAULT '',
  nome text NOT NULL DEFAULT '',
  cognome text NOT NULL DEFAULT '',
  password_hash text NOT NULL,
  permissions text[] NOT NULL DEFAULT '{}',
  attivo boolean NOT NULL DEFAULT true,
  last_login timestamptz,
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE INDEX users_email_idx ON users (lower(email));

-- Bearer tokens: only the SHA-256 of the token is kept.
CREATE TABLE auth_tokens (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id) WHERE revoked_at IS NULL;

-- Qualifications (posizioni), evaluations (valutazioni), CMS user types: settings of the account.
CREATE TABLE posizioni (
  id serial PRIMARY KEY,
  descrizione text NOT NULL UNIQUE,
  armata boolean NOT NULL DEFAULT false,
  ordine integer NOT NULL DEFAULT 0
);
INSERT INTO posizioni (descrizione, armata, ordine) VALUES
  ('Guardia particolare giurata armata', true, 1),
  ('Guardia particolare giurata', false, 2),
  ('Addetto ai servizi fiduciari', false, 3),
  ('Portiere / Addetto alla reception', false, 4),
  ('Steward', false, 5),
  ('Addetto antitaccheggio', false, 6),
  ('Operatore di centrale operativa', false, 7),
  ('Capo turno', false, 8),
  ('Ispettore', false, 9);

CREATE TABLE valutazioni (
  id integer PRIMARY KEY,
  descrizione text NOT NULL UNIQUE
);
INSERT INTO valutazioni (id, descrizione) VALUES
  (1, 'Insufficiente'), (2, 'Sufficiente'), (3, 'Buono'), (4, 'Distinto'), (5, 'Ottimo');

CREATE TABLE tipi_utente_cms (
  id text PRIMARY KEY,
  titolo text NOT NULL UNIQUE,
  ordine integer NOT NULL DEFAULT 0
);
INSERT INTO tipi_utente_cms (id, titolo, ordine) VALUES
  ('A', 'Amministratore', 1), ('S', 'Supervisore', 2), ('O', 'Operatore conta-persone', 3), ('V', 'Visualizzatore', 4);

-- The audit trail. Append-only: the trigger refuses UPDATE, DELETE and TRUNCATE.
CREATE TABLE log_entries (
  id bigserial PRIMARY KEY,
  azione text NOT NULL,
  data_ora timestamptz NOT NULL DEFAULT now(),
  utente_id integer,
  note text,
  content_type text NOT NULL,
  object_id text,
  related jsonb NOT NULL DEFAULT '[]',
  dati jsonb NOT NULL DEFAULT '{}',
  ip text
);
CREATE INDEX log_entries_object_idx ON log_entries (content_type, object_id, data_ora DESC, id DESC);
CREATE INDEX log_entries_data_ora_idx ON log_entries (data_ora DESC, id DESC);
CREATE INDEX log_entries_related_idx ON log_entries USING gin (related jsonb_path_ops);

CREATE FUNCTION log_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Il registro delle modifiche non può essere modificato né cancellato'
    USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER log_entries_no_update BEFORE UPDATE OR DELETE ON log_entries
  FOR EACH ROW EXECUTE FUNCTION log_entries_append_only();
CREATE TRIGGER log_entries_no_truncate BEFORE TRUNCATE ON log_entries
  FOR EACH STATEMENT EXECUTE FUNCTION log_entries_append_only();
