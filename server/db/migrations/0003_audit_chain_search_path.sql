-- The chain's trigger (0002) runs as the owner with search_path = pg_catalog, public. A search_path
-- that does not name pg_temp searches it FIRST for tables and types, so any session allowed to
-- create temporary tables could put its own `log_chain` in front of the real head: every audited
-- write of that session failed (an empty head) or chained to a forged one (issue 30 item 8).
-- pg_temp goes last, explicitly, and the body names public's objects: nothing a session creates
-- can stand in for them. `db setup-roles` also takes TEMPORARY away from the application role.
CREATE OR REPLACE FUNCTION log_entries_chain() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  head public.log_chain;
BEGIN
  SELECT * INTO head FROM public.log_chain FOR UPDATE;
  NEW.seq := head.seq + 1;
  NEW.hash := public.log_entry_hash(head.hash, NEW);
  UPDATE public.log_chain SET seq = NEW.seq, hash = NEW.hash;
  RETURN NEW;
END
$$;
