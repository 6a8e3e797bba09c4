-- Console: the guards' alarms (SOS from the field app, issue 33 item 6). `client_id` is made on the
-- phone: the outbox sending it again finds its row (UNIQUE) and records nothing twice. `data_ora` is
-- the device's time, `ricevuto_il` the server's (a phone clock that is off stays visible). The
-- position is the one read at the SOS, or none (lat, lng and accuratezza together). States:
-- aperto → preso_in_carico → chiuso, with who and when at each step; `escalato_il` is set once by the
-- 'escalation-allarmi' job when nobody took the alarm in ALARM_ESCALATION_MINUTES.
CREATE TABLE allarmi (
  id bigserial PRIMARY KEY,
  operatore_id integer NOT NULL REFERENCES operatori (id) ON DELETE RESTRICT,
  client_id uuid NOT NULL,
  turno_id integer REFERENCES turni (id) ON DELETE SET NULL,
  data_ora timestamptz NOT NULL,
  ricevuto_il timestamptz NOT NULL,
  lat double precision CHECK (lat BETWEEN -90 AND 90),
  lng double precision CHECK (lng BETWEEN -180 AND 180),
  accuratezza double precision CHECK (accuratezza >= 0),
  silenzioso boolean NOT NULL,
  stato text NOT NULL DEFAULT 'aperto' CHECK (stato IN ('aperto', 'preso_in_carico', 'chiuso')),
  preso_da integer REFERENCES users (id) ON DELETE SET NULL,
  preso_il timestamptz,
  chiuso_da integer REFERENCES users (id) ON DELETE SET NULL,
  chiuso_il timestamptz,
  note text NOT NULL DEFAULT '',
  escalato_il timestamptz,
  UNIQUE (operatore_id, client_id),
  CHECK ((lat IS NULL) = (lng IS NULL) AND (lat IS NULL) = (accuratezza IS NULL)),
  CHECK (stato = 'aperto' OR preso_il IS NOT NULL),
  CHECK (stato <> 'chiuso' OR chiuso_il IS NOT NULL)
);
-- The list's order and period filter; the open ones (the header, the escalation job).
CREATE INDEX allarmi_lista_idx ON allarmi (ricevuto_il DESC, id DESC);
CREATE INDEX allarmi_aperti_idx ON allarmi (ricevuto_il, id) WHERE stato = 'aperto';
CREATE INDEX allarmi_operatore_idx ON allarmi (operatore_id, ricevuto_il DESC);

-- Every change of an alarm, whoever writes it (the API, the job, the CLI), is heard by every server
-- process: NOTIFY 'erp_allarmi' with the alarm's id, delivered at commit (the header's live wait,
-- server/modules/console/allarmi/allarmi-live.ts). Alarms are rare: a NOTIFY in their transaction
-- costs nothing measurable.
CREATE FUNCTION allarmi_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('erp_allarmi', NEW.id::text);
  RETURN NULL;
END $$;
CREATE TRIGGER allarmi_notify AFTER INSERT OR UPDATE ON allarmi FOR EACH ROW EXECUTE FUNCTION allarmi_notify();

INSERT INTO jobs (name, interval_s, next_run) VALUES ('escalation-allarmi', 15, '2000-01-01T00:00:00Z');
