-- Tamper evidence for the audit trail: every entry carries `seq` (1, 2, 3… with no gap) and
-- `hash` = sha256(hash of entry seq-1 || canonical content of the entry), so an entry changed or
-- removed by someone who bypassed the append-only trigger (a superuser, the owner) breaks the chain
-- at that entry; `npm run erp -- audit verify` walks it (server/lib/audit-chain.ts).
--
-- The head of the chain (last seq and hash) lives in the one row of log_chain. The BEFORE INSERT
-- trigger locks that row, so audit writers queue until the previous one commits (the lock is the
-- transaction's, like an advisory lock) and chain in commit order whatever the id from the
-- sequence, in one process or many; a rolled-back entry rolls its head update back, so seq has no
-- gaps and a gap means a deleted entry. The head also reveals the removal of the last entries.
-- The trigger covers every write path, a data-modifying CTE included (auditInsertSql).
--
-- A new column of log_entries belongs in log_entry_hash (and needs a new chain version) to be
-- covered by the hash.

ALTER TABLE log_entries ADD COLUMN seq bigint, ADD COLUMN hash bytea;

CREATE TABLE log_chain (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  seq bigint NOT NULL,
  hash bytea
);

-- The canonical content: a JSON array of the columns in a fixed order, instants in UTC with
-- microseconds (never the session's TimeZone or DateStyle), jsonb in its normalised text form.
CREATE FUNCTION log_entry_hash(prev bytea, e log_entries) RETURNS bytea
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT sha256(coalesce(prev, ''::bytea) || convert_to(jsonb_build_array(
    e.seq, e.id, e.azione, to_char(e.data_ora AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    e.utente_id, e.note, e.content_type, e.object_id, e.related, e.dati, e.ip)::text, 'UTF8'))
$$;

-- The entries already written are chained in id order: the chain is computed into a temporary
-- table, then written by rewriting log_entries once (ALTER COLUMN … TYPE … USING, which also
-- rebuilds its indexes). On two million entries the rewrite took a third of the time of an UPDATE
-- of every row, and it leaves no dead copy of every row behind.
CREATE TEMPORARY TABLE log_chain_init (id bigint PRIMARY KEY, seq bigint NOT NULL, hash bytea NOT NULL) ON COMMIT DROP;
DO $$
DECLARE
  e log_entries;
  h bytea;
  n bigint := 0;
  ids bigint[] := '{}';
  hashes bytea[] := '{}';
BEGIN
  FOR e IN SELECT * FROM log_entries ORDER BY id LOOP
    n := n + 1;
    e.seq := n;
    h := log_entry_hash(h, e);
    ids := array_append(ids, e.id);
    hashes := array_append(hashes, h);
  END LOOP;
  INSERT INTO log_chain_init (id, hash, seq) SELECT * FROM unnest(ids, hashes) WITH ORDINALITY;
  INSERT INTO log_chain (seq, hash) VALUES (n, h);
END
$$;
CREATE FUNCTION pg_temp.log_chain_init_seq(bigint) RETURNS bigint LANGUAGE sql STABLE
  AS 'SELECT seq FROM log_chain_init WHERE id = $1';
CREATE FUNCTION pg_temp.log_chain_init_hash(bigint) RETURNS bytea LANGUAGE sql STABLE
  AS 'SELECT hash FROM log_chain_init WHERE id = $1';
ALTER TABLE log_entries
  ALTER COLUMN seq TYPE bigint USING pg_temp.log_chain_init_seq(id), ALTER COLUMN seq SET NOT NULL,
  ALTER COLUMN hash TYPE bytea USING pg_temp.log_chain_init_hash(id), ALTER COLUMN hash SET NOT NULL;
DROP FUNCTION pg_temp.log_chain_init_seq(bigint), pg_temp.log_chain_init_hash(bigint);
CREATE UNIQUE INDEX log_entries_seq_key ON log_entries (seq);

-- SECURITY DEFINER: the head belongs to the owner; the application role reads it, never writes it.
CREATE FUNCTION log_entries_chain() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  head log_chain;
BEGIN
  SELECT * INTO head FROM log_chain FOR UPDATE;
  NEW.seq := head.seq + 1;
  NEW.hash := log_entry_hash(head.hash, NEW);
  UPDATE log_chain SET seq = NEW.seq, hash = NEW.hash;
  RETURN NEW;
END
$$;
CREATE TRIGGER log_entries_chain BEFORE INSERT ON log_entries
  FOR EACH ROW EXECUTE FUNCTION log_entries_chain();

-- Only the owner may change the audit trail, its chain head or the list of applied migrations,
-- whatever default privileges granted when the tables were created: the application role keeps
-- SELECT (and INSERT on log_entries). Run here and by `npm run erp -- db setup-roles`.
CREATE FUNCTION log_entries_revoke_writes() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  g record;
BEGIN
  FOR g IN
    SELECT DISTINCT c.oid::regclass AS tbl, c.relname, a.grantee
    FROM pg_class c CROSS JOIN LATERAL aclexplode(c.relacl) a
    WHERE c.oid IN (to_regclass('public.log_entries'), to_regclass('public.log_chain'), to_regclass('public.erp_migrations'))
      AND a.grantee <> c.relowner
  LOOP
    EXECUTE format('REVOKE %s ON %s FROM %s',
      CASE g.relname WHEN 'log_entries' THEN 'UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER'
                     ELSE 'INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER' END,
      g.tbl,
      CASE g.grantee WHEN 0 THEN 'PUBLIC' ELSE g.grantee::regrole::text END);
  END LOOP;
END
$$;
SELECT log_entries_revoke_writes();
