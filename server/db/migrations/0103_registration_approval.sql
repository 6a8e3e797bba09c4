-- Self-registration creates a pending account (issue 10, item 8a): not active until an
-- administrator enables it from Impostazioni → Utenti. A pending account is also attivo = false,
-- so every existing check (login, tokens, password reset) already keeps it out.
ALTER TABLE users ADD COLUMN in_attesa boolean NOT NULL DEFAULT false;
CREATE INDEX users_in_attesa_idx ON users (id) WHERE in_attesa;
