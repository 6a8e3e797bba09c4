-- Login protection without a lock-out button (issue 10, item 4; server/modules/auth/README.md).
-- The per-address and per-(account, address) counters stay in rate_limits (0100_auth.sql).

-- The growing delay per account name (existing or not) for addresses the account never logged in
-- from: after 5 failures an unknown address may try once 1 s after the previous try, then 2 s,
-- 4 s, … up to 15 minutes. Forgotten a day after the last try. key: the lower-cased username.
CREATE TABLE login_backoff (
  key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  last_attempt_at timestamptz NOT NULL
);
CREATE INDEX login_backoff_last_attempt_idx ON login_backoff (last_attempt_at);

-- Addresses a user logged in from (or reset the password from by mail) in the last 90 days:
-- a correct password from one of them is never delayed by attempts made elsewhere.
CREATE TABLE login_known_addresses (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  ip text NOT NULL,
  first_seen_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, ip)
);
