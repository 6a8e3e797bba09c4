-- Refused requests aggregated (issue 10, item 8b): one audit entry 'Accesso negato' per user,
-- route and minute, written on the first refusal; this counter holds how many refusals that
-- minute had (the audit trail is append-only, so the count cannot live in the entry itself).
CREATE TABLE access_denied_counts (
  user_id integer NOT NULL,
  metodo text NOT NULL,
  rotta text NOT NULL,
  minuto timestamptz NOT NULL,
  tentativi integer NOT NULL,
  PRIMARY KEY (user_id, metodo, rotta, minuto)
);
