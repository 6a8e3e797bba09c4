-- List engine and log: an IMMUTABLE wrapper of unaccent (unaccent() itself is only STABLE) so
-- accent-insensitive searches can be indexed:
--   CREATE INDEX … USING gin (f_unaccent(cognome) gin_trgm_ops);
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

-- The log list of one user (Console → Logs filtered by operator) and of one action.
CREATE INDEX log_entries_utente_idx ON log_entries (utente_id, data_ora DESC, id DESC);
CREATE INDEX log_entries_azione_idx ON log_entries (azione, data_ora DESC, id DESC);
