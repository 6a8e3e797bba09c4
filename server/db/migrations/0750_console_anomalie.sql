-- Console: anomalies detected by the server (issue 12 item 4) and the database-backed jobs that
-- detect them on a schedule (server/lib/jobs.ts).

-- The thresholds are the contract's: minutes after the start without a check-in (and after the
-- end without a check-out), metres of a check-in from the service's address.
ALTER TABLE contratti
  ADD COLUMN anomalie_minuti integer NOT NULL DEFAULT 15 CHECK (anomalie_minuti BETWEEN 1 AND 1440),
  ADD COLUMN anomalie_distanza_m integer NOT NULL DEFAULT 300 CHECK (anomalie_distanza_m BETWEEN 10 AND 100000);

-- Great-circle distance in metres (haversine, Earth radius 6371 km).
CREATE FUNCTION erp_distanza_m(lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT round(2 * 6371000 * asin(sqrt(
    power(sin(radians(lat2 - lat1) / 2), 2) +
    cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lng2 - lng1) / 2), 2))))::int
$$;

-- One anomaly per shift, operator and kind: detection is an INSERT … ON CONFLICT DO NOTHING, so
-- running it twice, from two workers or on a check-in and the schedule, records it once.
CREATE TABLE anomalie (
  id serial PRIMARY KEY,
  turno_id integer NOT NULL REFERENCES turni (id) ON DELETE CASCADE,
  operatore_id integer NOT NULL REFERENCES operatori (id) ON DELETE CASCADE,
  tipo text NOT NULL CHECK (tipo IN ('mancato_ingresso', 'ritardo', 'uscita_anticipata', 'mancata_uscita',
                                     'distanza', 'turno_non_assegnato')),
  -- When the fact happened (planned start + N, the check-in, the check-out…) and when it was seen.
  data_ora timestamptz NOT NULL,
  rilevata_il timestamptz NOT NULL,
  -- Minutes (late, early, missing) or metres (distance); null when it has no measure.
  valore integer,
  stato text NOT NULL DEFAULT 'aperta' CHECK (stato IN ('aperta', 'in_gestione', 'chiusa')),
  note text NOT NULL DEFAULT '',
  gestita_da integer REFERENCES users (id) ON DELETE SET NULL,
  gestita_il timestamptz,
  letta_il timestamptz,
  letta_da integer REFERENCES users (id) ON DELETE SET NULL,
  UNIQUE (turno_id, operatore_id, tipo)
);
CREATE INDEX anomalie_data_ora_idx ON anomalie (data_ora DESC, id DESC);
CREATE INDEX anomalie_operatore_idx ON anomalie (operatore_id, data_ora DESC);
-- The header's notifications: the new ones (open and not opened yet), newest first.
CREATE INDEX anomalie_nuove_idx ON anomalie (data_ora DESC, id DESC) WHERE letta_il IS NULL AND stato = 'aperta';

-- The schedule scans the assignments that started in the last hours.
CREATE INDEX turni_operatori_periodi_inizio_idx ON turni_operatori_periodi (lower(periodo));

-- Scheduled work that runs once across processes: a worker claims a due job with
-- UPDATE … WHERE next_run <= now RETURNING in the transaction that does the work, so a second
-- worker waits on the row and then finds it no longer due.
CREATE TABLE jobs (
  name text PRIMARY KEY,
  interval_s integer NOT NULL CHECK (interval_s > 0),
  next_run timestamptz NOT NULL,
  last_run_at timestamptz,
  last_run_by text,
  last_result text,
  runs integer NOT NULL DEFAULT 0
);
INSERT INTO jobs (name, interval_s, next_run) VALUES ('rileva-anomalie', 60, '2000-01-01T00:00:00Z');
