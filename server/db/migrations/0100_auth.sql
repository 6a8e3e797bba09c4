-- Auth: password-reset requests and the shared rate-limit counters (users and auth_tokens are in 0001_core).

-- One row per reset e-mail. Only hashes are kept: the link's token as SHA-256, the mailed 6-digit
-- code as SHA-256(token ":" code), so a copy of the table reveals neither. Single use (used_at),
-- valid until expires_at (1 hour), burned after 5 wrong codes (attempts).
CREATE TABLE password_resets (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE,
  code_hash bytea NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  ip text
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id) WHERE used_at IS NULL;

-- Fixed-window counters kept in the database so every replica sees the same counts.
-- bucket: the rule (login-ip, login-account, …); key: the IP or the lower-cased username.
CREATE TABLE rate_limits (
  bucket text NOT NULL,
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL DEFAULT 0,
  PRIMARY KEY (bucket, key)
);
CREATE INDEX rate_limits_window_idx ON rate_limits (window_start);
