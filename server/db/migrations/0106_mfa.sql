-- Staff second factor, re-authentication and login challenges (issue 37; server/modules/auth/README.md).

-- One TOTP secret per user (RFC 6238), encrypted at rest with MFA_KEY (server/lib/secret-box.ts).
-- confirmed_at null: the enrolment was started (QR shown) but no code confirmed it yet.
-- last_step: the last accepted time step, so a code is accepted once (a replay is refused).
CREATE TABLE user_mfa (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret_enc text NOT NULL,
  created_at timestamptz NOT NULL,
  confirmed_at timestamptz,
  last_step bigint
);

-- Ten single-use recovery codes per enrolment, kept only as SHA-256 (they are 50 random bits).
CREATE TABLE user_mfa_recovery_codes (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash bytea NOT NULL,
  used_at timestamptz
);
CREATE INDEX user_mfa_recovery_codes_user_idx ON user_mfa_recovery_codes (user_id) WHERE used_at IS NULL;

-- Between the password and the second factor: a short-lived challenge (NOT a token: it opens no
-- route but the code step, or the enrolment when the policy demands it). Only its SHA-256 is kept.
CREATE TABLE login_challenges (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  challenge_hash bytea NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('code', 'enrol')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  used_at timestamptz,
  ip text,
  user_agent text
);
CREATE INDEX login_challenges_expires_idx ON login_challenges (expires_at);

-- Single sign-on (OpenID Connect, authorization code with PKCE): one row per login started, found
-- by the SHA-256 of its `state`; the PKCE verifier and the nonce are kept until the answer comes
-- back (10 minutes, single use).
CREATE TABLE oidc_logins (
  id bigserial PRIMARY KEY,
  state_hash bytea NOT NULL UNIQUE,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  ip text
);
CREATE INDEX oidc_logins_expires_idx ON oidc_logins (expires_at);

-- When the session last proved its user (password, and code when enrolled): sensitive changes
-- need it within the last 5 minutes (OWASP ASVS 5.0 7.5.1).
ALTER TABLE auth_tokens ADD COLUMN reauth_at timestamptz;

-- The administrators' policy, one row: whether the second factor is compulsory and for which
-- permissions (preset: the administrators and whoever sees personal data or pay,
-- src/domain/mfa.ts MFA_DEFAULT_PERMISSIONS), and whether single sign-on is compulsory (then only
-- the break-glass superadmin signs in by password).
CREATE TABLE auth_settings (
  id integer PRIMARY KEY CHECK (id = 1),
  mfa_required boolean NOT NULL DEFAULT false,
  mfa_required_permissions text[] NOT NULL,
  sso_required boolean NOT NULL DEFAULT false,
  sso_break_glass_username text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO auth_settings (id, mfa_required_permissions) VALUES (1, ARRAY[
  'superadmin', 'admin', 'erp_admin',
  'erp_operatori', 'erp_operatori_anagrafica', 'erp_operatori_documenti-corsi', 'erp_operatori_contratti-pratiche',
  'erp_candidati', 'erp_candidati_candidati',
  'erp_contratti_compensi', 'erp_compensi', 'erp_compensi_compensi',
  'erp_consuntivo', 'erp_consuntivo_approva', 'erp_fatture', 'erp_fatture_emetti', 'erp_allarmi']);
