-- Signed-in users are cached by each server process for a few seconds (server/lib/token-cache.ts).
-- Any change that could end a session or alter what a user may do tells every process at once,
-- through NOTIFY on the channel 'erp_auth' with the user's id, delivered at commit.
CREATE FUNCTION auth_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('erp_auth', OLD.id::text);
  ELSE
    PERFORM pg_notify('erp_auth', OLD.user_id::text);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER users_auth_changed
  AFTER UPDATE OF username, email, nome, cognome, password_hash, permissions, attivo OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION auth_changed_notify();

CREATE TRIGGER auth_tokens_auth_changed
  AFTER UPDATE OF revoked_at, expires_at OR DELETE ON auth_tokens
  FOR EACH ROW EXECUTE FUNCTION auth_changed_notify();
