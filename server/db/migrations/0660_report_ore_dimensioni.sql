-- The hours of every assignment as a fact with its dimensions (issue 13: the assignment reports
-- grouped over a year). report_ore_turni (0601, 0603, 0650, 0653) held the bands of the assignments
-- with planned ranges, keyed by assignment only: every report joined the year's million assignments
-- to their shifts and days (and services, contracts) on each request to find the day, the operator,
-- the contract and the qualification it groups or filters by — a million-row join per request,
-- 1.1–1.5 s before any sum (server/bench/RESULTS-report.md). Now the row carries them:
--
--   giorno, operatore_id, servizio_id, contratto_id, posizione_id — the shift's day, the assigned
--   operator, the day's service and its contract, the shift's qualification
--
-- and there is one row for EVERY assignment (zero seconds, fonte 'pianificate', while it has no
-- planned ranges — what the reports' LEFT JOIN and coalesce read before), so the assignment reports
-- read this one table by day (server/modules/report/assegnazioni.ts) and join only the few names a
-- page or a group shows. The client is not copied: it is the contract's (550 rows to join), and a
-- contract's client may change.
--
-- Kept by the database:
--   - an assignment inserted: its row, zero seconds, with the dimensions (one statement per insert);
--   - its ranges or check-ins or the client's city changed: report_ore_turni_aggiorna rewrites the
--     seconds (as in 0653: an upsert, with the dimensions when it comes first — one statement
--     writing an assignment and its ranges fires both triggers at its end; an assignment left
--     without ranges is reset to zero instead of deleted);
--   - a dimension changed at its source (the assignment's shift or operator, the shift's day or
--     qualification, the day's date or service, the service's contract): report_ore_turni_dimensioni
--     rewrites them, from row triggers that fire only when such a column really changes (a planner's
--     usual writes — confirmations, times, notes — pay nothing);
--   - an assignment deleted: its row goes with it (ON DELETE CASCADE).
-- Marginalità's queue (0654, 0657) is fed from these rows' transition tables: they carry the contract
-- and the day, so queueing needs no join, and the triggers on turni_operatori (0654) are no longer
-- needed (an assignment's insert, move and delete all write its row here).

CREATE TABLE report_ore_turni_nuova (
  turno_operatore_id integer PRIMARY KEY REFERENCES turni_operatori (id) ON DELETE CASCADE,
  giorno date NOT NULL,
  operatore_id integer NOT NULL,
  servizio_id integer NOT NULL,
  contratto_id integer NOT NULL,
  posizione_id integer NOT NULL,
  fonte text NOT NULL DEFAULT 'pianificate' CHECK (fonte IN ('pianificate', 'effettive')),
  pianificate integer NOT NULL DEFAULT 0,
  feriale_diurno integer NOT NULL DEFAULT 0,
  feriale_notturno integer NOT NULL DEFAULT 0,
  domenica_diurno integer NOT NULL DEFAULT 0,
  domenica_notturno integer NOT NULL DEFAULT 0,
  festivo_diurno integer NOT NULL DEFAULT 0,
  festivo_notturno integer NOT NULL DEFAULT 0,
  festivo_domenica_diurno integer NOT NULL DEFAULT 0,
  festivo_domenica_notturno integer NOT NULL DEFAULT 0,
  -- erp_importo_ore of the bands with the contract's price / pay for the qualification; NULL when
  -- the contract has none (a missing rate is said, never a 0). Kept through report_ore_da_prezzare.
  ricavo numeric,
  compenso numeric
);

-- In day order: a report reads a period's rows together.
INSERT INTO report_ore_turni_nuova (turno_operatore_id, giorno, operatore_id, servizio_id, contratto_id, posizione_id,
  fonte, pianificate, feriale_diurno, feriale_notturno, domenica_diurno, domenica_notturno, festivo_diurno,
  festivo_notturno, festivo_domenica_diurno, festivo_domenica_notturno, ricavo, compenso)
SELECT a.id, g.giorno, a.operatore_id, g.servizio_id, s.contratto_id, t.posizione_id,
       coalesce(r.fonte, 'pianificate'), coalesce(r.pianificate, 0), f.b[1], f.b[2], f.b[3], f.b[4], f.b[5], f.b[6], f.b[7], f.b[8],
       erp_importo_ore(f.b, cp.prezzo_orario, cp.maggiorazione_notturna, cp.maggiorazione_festiva, cp.maggiorazione_domenicale),
       erp_importo_ore(f.b, cc.compenso_orario, cc.maggiorazione_notturna, cc.maggiorazione_festiva, cc.maggiorazione_domenicale)
FROM turni_operatori a
JOIN turni t ON t.id = a.turno_id
JOIN giorni g ON g.id = t.giorno_id
JOIN servizi s ON s.id = g.servizio_id
LEFT JOIN report_ore_turni r ON r.turno_operatore_id = a.id
CROSS JOIN LATERAL (SELECT ARRAY[coalesce(r.feriale_diurno, 0), coalesce(r.feriale_notturno, 0),
  coalesce(r.domenica_diurno, 0), coalesce(r.domenica_notturno, 0), coalesce(r.festivo_diurno, 0),
  coalesce(r.festivo_notturno, 0), coalesce(r.festivo_domenica_diurno, 0), coalesce(r.festivo_domenica_notturno, 0)]::integer[] AS b) f
LEFT JOIN contratti_prezzi cp ON cp.contratto_id = s.contratto_id AND cp.posizione_id = t.posizione_id
LEFT JOIN contratti_compensi cc ON cc.contratto_id = s.contratto_id AND cc.posizione_id = t.posizione_id
ORDER BY g.giorno, a.id;

-- The old table goes with Marginalità's triggers on it (replaced below).
DROP TABLE report_ore_turni;
ALTER TABLE report_ore_turni_nuova RENAME TO report_ore_turni;
ALTER INDEX report_ore_turni_nuova_pkey RENAME TO report_ore_turni_pkey;
ALTER TABLE report_ore_turni RENAME CONSTRAINT report_ore_turni_nuova_turno_operatore_id_fkey TO report_ore_turni_turno_operatore_id_fkey;
ALTER TABLE report_ore_turni RENAME CONSTRAINT report_ore_turni_nuova_fonte_check TO report_ore_turni_fonte_check;

-- A period's rows (every report), an operator's (compensi's first page, the operator filter), a
-- contract's (ricavi-attivita's first page by client and contract, the contract filter).
CREATE INDEX report_ore_turni_giorno_idx ON report_ore_turni (giorno);
CREATE INDEX report_ore_turni_operatore_idx ON report_ore_turni (operatore_id, giorno);
CREATE INDEX report_ore_turni_contratto_idx ON report_ore_turni (contratto_id, giorno);

-- The seconds of some assignments from their ranges and check-ins (0653's computation, its row
-- written with the dimensions when the assignment's own trigger has not run yet: one statement
-- inserting the assignment and its ranges fires both at its end); an assignment without planned
-- ranges keeps zero seconds, as planned.
CREATE OR REPLACE FUNCTION report_ore_turni_aggiorna(ids integer[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE report_ore_turni r SET fonte = 'pianificate', pianificate = 0, feriale_diurno = 0, feriale_notturno = 0,
    domenica_diurno = 0, domenica_notturno = 0, festivo_diurno = 0, festivo_notturno = 0,
    festivo_domenica_diurno = 0, festivo_domenica_notturno = 0
  WHERE r.turno_operatore_id = ANY (ids) AND (r.pianificate <> 0 OR r.fonte <> 'pianificate')
    AND NOT EXISTS (SELECT 1 FROM turni_operatori_periodi p WHERE p.turno_operatore_id = r.turno_operatore_id);
  WITH periodi AS (
    SELECT p.turno_operatore_id AS id, false AS lavorato, p.periodo
    FROM turni_operatori_periodi p WHERE p.turno_operatore_id = ANY (ids)
    UNION ALL
    SELECT l.turno_operatore_id, true, l.periodo FROM report_periodi_lavorati(ids) l
  ),
  -- Per assignment: the planned bands (p*) and the worked ones (l*, null when none).
  fasce AS (
    SELECT q.id, g.giorno, a.operatore_id, g.servizio_id, s.contratto_id, t.posizione_id,
           sum(h.feriale_diurno) FILTER (WHERE NOT q.lavorato) AS fd, sum(h.feriale_notturno) FILTER (WHERE NOT q.lavorato) AS fn,
           sum(h.domenica_diurno) FILTER (WHERE NOT q.lavorato) AS dd, sum(h.domenica_notturno) FILTER (WHERE NOT q.lavorato) AS dn,
           sum(h.festivo_diurno) FILTER (WHERE NOT q.lavorato) AS xd, sum(h.festivo_notturno) FILTER (WHERE NOT q.lavorato) AS xn,
           sum(h.festivo_domenica_diurno) FILTER (WHERE NOT q.lavorato) AS yd,
           sum(h.festivo_domenica_notturno) FILTER (WHERE NOT q.lavorato) AS yn,
           bool_or(q.lavorato) AS lavorato,
           sum(h.feriale_diurno) FILTER (WHERE q.lavorato) AS lfd, sum(h.feriale_notturno) FILTER (WHERE q.lavorato) AS lfn,
           sum(h.domenica_diurno) FILTER (WHERE q.lavorato) AS ldd, sum(h.domenica_notturno) FILTER (WHERE q.lavorato) AS ldn,
           sum(h.festivo_diurno) FILTER (WHERE q.lavorato) AS lxd, sum(h.festivo_notturno) FILTER (WHERE q.lavorato) AS lxn,
           sum(h.festivo_domenica_diurno) FILTER (WHERE q.lavorato) AS lyd,
           sum(h.festivo_domenica_notturno) FILTER (WHERE q.lavorato) AS lyn
    FROM periodi q
    JOIN turni_operatori a ON a.id = q.id
    JOIN turni t ON t.id = a.turno_id
    JOIN giorni g ON g.id = t.giorno_id
    JOIN servizi s ON s.id = g.servizio_id
    JOIN contratti c ON c.id = s.contratto_id
    JOIN clienti cl ON cl.id = c.cliente_id
    LEFT JOIN patroni_citta pc ON pc.citta = erp_citta_key(cl.citta)
    CROSS JOIN LATERAL erp_ore_periodo(q.periodo, pc.mese, pc.giorno) h
    GROUP BY q.id, g.giorno, a.operatore_id, g.servizio_id, s.contratto_id, t.posizione_id
  )
  INSERT INTO report_ore_turni (turno_operatore_id, giorno, operatore_id, servizio_id, contratto_id, posizione_id,
    fonte, pianificate, feriale_diurno, feriale_notturno, domenica_diurno, domenica_notturno, festivo_diurno,
    festivo_notturno, festivo_domenica_diurno, festivo_domenica_notturno)
  SELECT f.id, f.giorno, f.operatore_id, f.servizio_id, f.contratto_id, f.posizione_id,
         CASE WHEN f.lavorato THEN 'effettive' ELSE 'pianificate' END,
         f.fd + f.fn + f.dd + f.dn + f.xd + f.xn + f.yd + f.yn,
         CASE WHEN f.lavorato THEN f.lfd ELSE f.fd END, CASE WHEN f.lavorato THEN f.lfn ELSE f.fn END,
         CASE WHEN f.lavorato THEN f.ldd ELSE f.dd END, CASE WHEN f.lavorato THEN f.ldn ELSE f.dn END,
         CASE WHEN f.lavorato THEN f.lxd ELSE f.xd END, CASE WHEN f.lavorato THEN f.lxn ELSE f.xn END,
         CASE WHEN f.lavorato THEN f.lyd ELSE f.yd END, CASE WHEN f.lavorato THEN f.lyn ELSE f.yn END
  FROM fasce f
  -- Only assignments with planned ranges count hours (one without any keeps zero, as before).
  WHERE f.fd IS NOT NULL
  ON CONFLICT (turno_operatore_id) DO UPDATE SET fonte = EXCLUDED.fonte, pianificate = EXCLUDED.pianificate,
    feriale_diurno = EXCLUDED.feriale_diurno, feriale_notturno = EXCLUDED.feriale_notturno,
    domenica_diurno = EXCLUDED.domenica_diurno, domenica_notturno = EXCLUDED.domenica_notturno,
    festivo_diurno = EXCLUDED.festivo_diurno, festivo_notturno = EXCLUDED.festivo_notturno,
    festivo_domenica_diurno = EXCLUDED.festivo_domenica_diurno,
    festivo_domenica_notturno = EXCLUDED.festivo_domenica_notturno;
$$;

-- A new assignment's row: zero seconds until its ranges are written, its dimensions.
CREATE FUNCTION report_ore_turni_nuove() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_ore_turni (turno_operatore_id, giorno, operatore_id, servizio_id, contratto_id, posizione_id)
  SELECT n.id, g.giorno, n.operatore_id, g.servizio_id, s.contratto_id, t.posizione_id
  FROM nuovi n JOIN turni t ON t.id = n.turno_id JOIN giorni g ON g.id = t.giorno_id JOIN servizi s ON s.id = g.servizio_id
  -- Already there when the ranges' rewrite ran first (one statement writing both, as the assign does).
  ON CONFLICT (turno_operatore_id) DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER report_ore_turni_assegnazioni AFTER INSERT ON turni_operatori
  REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION report_ore_turni_nuove();

-- The dimensions of some assignments from their sources (only rows whose dimensions differ are written).
CREATE FUNCTION report_ore_turni_dimensioni(ids integer[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE report_ore_turni r SET giorno = g.giorno, operatore_id = a.operatore_id, servizio_id = g.servizio_id,
    contratto_id = s.contratto_id, posizione_id = t.posizione_id
  FROM turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id
  JOIN servizi s ON s.id = g.servizio_id
  WHERE a.id = ANY (ids) AND r.turno_operatore_id = a.id
    AND (r.giorno, r.operatore_id, r.servizio_id, r.contratto_id, r.posizione_id)
        IS DISTINCT FROM (g.giorno, a.operatore_id, g.servizio_id, s.contratto_id, t.posizione_id);
$$;

-- A source row whose dimension columns changed (the triggers' WHEN): its assignments.
CREATE FUNCTION report_ore_turni_da_fonte() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_ore_turni_dimensioni(CASE TG_TABLE_NAME
    WHEN 'turni_operatori' THEN ARRAY[NEW.id]
    WHEN 'turni' THEN ARRAY(SELECT a.id FROM turni_operatori a WHERE a.turno_id = NEW.id)
    WHEN 'giorni' THEN ARRAY(SELECT a.id FROM turni t JOIN turni_operatori a ON a.turno_id = t.id WHERE t.giorno_id = NEW.id)
    ELSE ARRAY(SELECT a.id FROM giorni g JOIN turni t ON t.giorno_id = g.id JOIN turni_operatori a ON a.turno_id = t.id
               WHERE g.servizio_id = NEW.id) END);
  RETURN NULL;
END
$$;
CREATE TRIGGER report_ore_turni_assegnazione_dim AFTER UPDATE OF turno_id, operatore_id ON turni_operatori
  FOR EACH ROW WHEN (OLD.turno_id IS DISTINCT FROM NEW.turno_id OR OLD.operatore_id IS DISTINCT FROM NEW.operatore_id)
  EXECUTE FUNCTION report_ore_turni_da_fonte();
CREATE TRIGGER report_ore_turni_turno_dim AFTER UPDATE OF giorno_id, posizione_id ON turni
  FOR EACH ROW WHEN (OLD.giorno_id IS DISTINCT FROM NEW.giorno_id OR OLD.posizione_id IS DISTINCT FROM NEW.posizione_id)
  EXECUTE FUNCTION report_ore_turni_da_fonte();
CREATE TRIGGER report_ore_turni_giorno_dim AFTER UPDATE OF giorno, servizio_id ON giorni
  FOR EACH ROW WHEN (OLD.giorno IS DISTINCT FROM NEW.giorno OR OLD.servizio_id IS DISTINCT FROM NEW.servizio_id)
  EXECUTE FUNCTION report_ore_turni_da_fonte();
CREATE TRIGGER report_ore_turni_servizio_dim AFTER UPDATE OF contratto_id ON servizi
  FOR EACH ROW WHEN (OLD.contratto_id IS DISTINCT FROM NEW.contratto_id)
  EXECUTE FUNCTION report_ore_turni_da_fonte();

-- The money of a row (ricavo, compenso) is not computed in the writing transaction: a price changed
-- at the same time as an assignment would be missed by one or the other (each reads from a snapshot
-- without the other's change). As Marginalità's summary (0657): the writes queue what to re-price —
-- an assignment whose seconds, contract or qualification changed, a (contract, qualification) whose
-- price or pay changed — one append-only row each in report_ore_da_prezzare, committed with the
-- write or not at all; report_ore_prezza() re-prices the queued rows, one refresher at a time (an
-- advisory lock held to its commit), from a snapshot taken after the lock, each row from its own
-- current seconds (an UPDATE that waited for a writer re-reads the row it writes). A queue row not
-- committed yet stays for the next refresh. The money readers call it first (the lists' `prepare`:
-- compensi, ricavi-attivita, compensi-mensili), the 'report-margini' job every 60 s.
CREATE TABLE report_ore_da_prezzare (
  id bigserial PRIMARY KEY,
  turno_operatore_id integer,
  contratto_id integer,
  posizione_id integer
);

CREATE FUNCTION report_ore_prezza() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM report_ore_da_prezzare) THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('report_ore_prezzi'));
  -- Its own writes queue nothing (report_margini_da_ore reads the flag): money is no input of either queue.
  PERFORM set_config('erp.report_ore_prezza', 'on', true);
  -- A new statement, a new snapshot (READ COMMITTED): every write committed before the lock.
  WITH fatti AS (DELETE FROM report_ore_da_prezzare RETURNING turno_operatore_id, contratto_id, posizione_id),
  ids AS (
    SELECT f.turno_operatore_id AS id FROM fatti f WHERE f.turno_operatore_id IS NOT NULL
    UNION
    SELECT r.turno_operatore_id FROM (SELECT DISTINCT contratto_id, posizione_id FROM fatti WHERE contratto_id IS NOT NULL) p
    JOIN report_ore_turni r ON r.contratto_id = p.contratto_id AND r.posizione_id = p.posizione_id
  )
  UPDATE report_ore_turni r SET
    ricavo = (SELECT erp_importo_ore(ARRAY[r.feriale_diurno, r.feriale_notturno, r.domenica_diurno, r.domenica_notturno,
        r.festivo_diurno, r.festivo_notturno, r.festivo_domenica_diurno, r.festivo_domenica_notturno]::integer[],
        cp.prezzo_orario, cp.maggiorazione_notturna, cp.maggiorazione_festiva, cp.maggiorazione_domenicale)
      FROM contratti_prezzi cp WHERE cp.contratto_id = r.contratto_id AND cp.posizione_id = r.posizione_id),
    compenso = (SELECT erp_importo_ore(ARRAY[r.feriale_diurno, r.feriale_notturno, r.domenica_diurno, r.domenica_notturno,
        r.festivo_diurno, r.festivo_notturno, r.festivo_domenica_diurno, r.festivo_domenica_notturno]::integer[],
        cc.compenso_orario, cc.maggiorazione_notturna, cc.maggiorazione_festiva, cc.maggiorazione_domenicale)
      FROM contratti_compensi cc WHERE cc.contratto_id = r.contratto_id AND cc.posizione_id = r.posizione_id)
  WHERE r.turno_operatore_id IN (SELECT id FROM ids);
  GET DIAGNOSTICS n = ROW_COUNT;
  PERFORM set_config('erp.report_ore_prezza', '', true);
  RETURN n;
END
$$;

-- A price or pay written: its (contract, qualification), old and new (a row trigger: rates are few).
CREATE FUNCTION report_ore_da_tariffa() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO report_ore_da_prezzare (contratto_id, posizione_id) VALUES (NEW.contratto_id, NEW.posizione_id);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO report_ore_da_prezzare (contratto_id, posizione_id) VALUES (OLD.contratto_id, OLD.posizione_id);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER report_ore_prezzi AFTER INSERT OR UPDATE OR DELETE ON contratti_prezzi
  FOR EACH ROW EXECUTE FUNCTION report_ore_da_tariffa();
CREATE TRIGGER report_ore_compensi AFTER INSERT OR UPDATE OR DELETE ON contratti_compensi
  FOR EACH ROW EXECUTE FUNCTION report_ore_da_tariffa();

-- The rows' own writes feed both queues: Marginalità's (0657) from their contract and day (no join
-- needed), the money's from their ids; an update, the old and new contract-month. The money's own
-- refresh queues nothing: it says so by a transaction-local setting (comparing the transition
-- tables' old and new rows instead is a join PostgreSQL plans as a nested loop — minutes for the
-- 73,000 rows of one statement of the benchmark's build). The triggers on
-- turni_operatori of 0654 are no longer needed: an assignment's insert, move and delete all write
-- its row here.
DROP TRIGGER report_margini_assegnazioni_ins ON turni_operatori;
DROP TRIGGER report_margini_assegnazioni_del ON turni_operatori;
DROP TRIGGER report_margini_assegnazioni_upd ON turni_operatori;
DROP FUNCTION report_margini_da_assegnazioni();

CREATE OR REPLACE FUNCTION report_margini_da_ore() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch first skips a statement that wrote no row (the rewrite's reset of assignments left
  -- without ranges, usually).
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM nuovi) THEN
      RETURN NULL;
    END IF;
    PERFORM report_margini_aggiorna(array_agg(n.contratto_id), array_agg(n.giorno)) FROM nuovi n;
    INSERT INTO report_ore_da_prezzare (turno_operatore_id) SELECT n.turno_operatore_id FROM nuovi n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_margini_aggiorna(array_agg(v.contratto_id), array_agg(v.giorno)) FROM vecchi v;
  ELSIF current_setting('erp.report_ore_prezza', true) IS DISTINCT FROM 'on' AND EXISTS (SELECT 1 FROM nuovi) THEN
    -- Not the money's own refresh (its flag): seconds or dimensions written.
    INSERT INTO report_ore_da_prezzare (turno_operatore_id) SELECT n.turno_operatore_id FROM nuovi n;
    PERFORM report_margini_aggiorna(array_agg(x.contratto_id), array_agg(x.giorno))
    FROM (SELECT n.contratto_id, n.giorno FROM nuovi n UNION SELECT v.contratto_id, v.giorno FROM vecchi v) x;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER report_margini_ore_ins AFTER INSERT ON report_ore_turni
  REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION report_margini_da_ore();
CREATE TRIGGER report_margini_ore_upd AFTER UPDATE ON report_ore_turni
  REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION report_margini_da_ore();
CREATE TRIGGER report_margini_ore_del AFTER DELETE ON report_ore_turni
  REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION report_margini_da_ore();
