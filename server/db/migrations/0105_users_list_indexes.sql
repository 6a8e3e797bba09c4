-- Impostazioni → Utenti (users.list.ts): each sort is ORDER BY <value>, id in the Italian-friendly
-- ICU order the list uses, read from one (value, id) index; the count index carries the filters'
-- columns; permesso (users holding a permission) is `permissions @> ARRAY[code]`, served by GIN.
CREATE INDEX users_lista_username_idx ON users ((username COLLATE "und-x-icu"), id);
CREATE INDEX users_lista_nome_idx ON users ((nome COLLATE "und-x-icu"), id);
CREATE INDEX users_lista_cognome_idx ON users ((cognome COLLATE "und-x-icu"), id);
CREATE INDEX users_lista_email_idx ON users ((email COLLATE "und-x-icu"), id);
CREATE INDEX users_lista_attivo_idx ON users (attivo, id);
CREATE INDEX users_lista_in_attesa_idx ON users (in_attesa, id);
CREATE INDEX users_lista_last_login_idx ON users (coalesce(last_login, '-infinity'::timestamptz), id);
CREATE INDEX users_lista_created_at_idx ON users (created_at, id);
CREATE INDEX users_lista_count_idx ON users (id) INCLUDE (attivo, in_attesa);
CREATE INDEX users_permissions_idx ON users USING gin (permissions);
