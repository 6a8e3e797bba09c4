-- Console: the guards' service reports (relazioni di servizio) and the daily foglio notizie for the
-- Questura (issue 34 items 5-7). DM 269/2010, Allegato D: an istituto di vigilanza keeps its guards'
-- service reports at the police's disposal and sends the Questore, at the end of each working day, a
-- foglio notizie on the facts of the day that may be crimes.
--
-- relazioni_servizio: one report sent from the field app. `client_id` is made on the phone (the
-- outbox may send it again: UNIQUE), `data_ora` is the device's time, `ricevuto_il` the server's.
-- Its content lives in relazioni_servizio_versioni: version 1 is the guard's, each amendment by the
-- office is a new version with who, when and why; versions are never changed or deleted. The
-- supervisor marks a report relevant for the police and approves it; once approved nothing of it
-- changes (trigger), like the shift register. Reports and fogli are kept two years at least (the
-- register's term): a delete before then is refused.
CREATE TABLE relazioni_servizio (
  id bigserial PRIMARY KEY,
  operatore_id integer NOT NULL REFERENCES operatori (id) ON DELETE RESTRICT,
  client_id uuid NOT NULL,
  turno_id integer REFERENCES turni (id) ON DELETE SET NULL,
  provincia text NOT NULL DEFAULT '',
  data_ora timestamptz NOT NULL,
  ricevuto_il timestamptz NOT NULL,
  lat double precision CHECK (lat BETWEEN -90 AND 90),
  lng double precision CHECK (lng BETWEEN -180 AND 180),
  accuratezza double precision CHECK (accuratezza >= 0),
  stato text NOT NULL DEFAULT 'da_approvare' CHECK (stato IN ('da_approvare', 'approvata')),
  rilevante boolean NOT NULL DEFAULT false,
  approvata_da integer REFERENCES users (id) ON DELETE RESTRICT,
  approvata_il timestamptz,
  UNIQUE (operatore_id, client_id),
  CHECK ((lat IS NULL) = (lng IS NULL) AND (lat IS NULL) = (accuratezza IS NULL)),
  CHECK ((stato = 'approvata') = (approvata_il IS NOT NULL))
);
CREATE INDEX relazioni_servizio_lista_idx ON relazioni_servizio (ricevuto_il DESC, id DESC);
CREATE INDEX relazioni_servizio_da_approvare_idx ON relazioni_servizio (ricevuto_il, id) WHERE stato = 'da_approvare';
CREATE INDEX relazioni_servizio_operatore_idx ON relazioni_servizio (operatore_id, ricevuto_il DESC);

CREATE TABLE relazioni_servizio_versioni (
  relazione_id bigint NOT NULL REFERENCES relazioni_servizio (id) ON DELETE RESTRICT,
  versione integer NOT NULL CHECK (versione > 0),
  categoria text NOT NULL CHECK (categoria IN ('furto', 'tentato_furto', 'intrusione', 'danneggiamento', 'incendio',
                                               'persona_sospetta', 'guasto_impianto', 'malore', 'altro')),
  gravita text NOT NULL CHECK (gravita IN ('routine', 'attenzione', 'emergenza')),
  accaduto_il timestamptz NOT NULL,
  luogo text NOT NULL,
  descrizione text NOT NULL CHECK (btrim(descrizione) <> ''),
  provvedimenti text NOT NULL DEFAULT '',
  motivo text NOT NULL DEFAULT '',
  utente_id integer REFERENCES users (id) ON DELETE RESTRICT,
  creata_il timestamptz NOT NULL,
  PRIMARY KEY (relazione_id, versione),
  -- The first version is the guard's; every later one is the office's, with its reason.
  CHECK ((versione = 1) = (utente_id IS NULL)),
  CHECK (versione = 1 OR btrim(motivo) <> '')
);
-- The day's facts (the foglio notizie reads the last version of each report by when it happened).
CREATE INDEX relazioni_servizio_versioni_accaduto_idx ON relazioni_servizio_versioni (accaduto_il);

CREATE TABLE relazioni_servizio_foto (
  relazione_id bigint NOT NULL REFERENCES relazioni_servizio (id) ON DELETE RESTRICT,
  file_id uuid NOT NULL REFERENCES files (id) ON DELETE RESTRICT,
  caricata_il timestamptz NOT NULL,
  PRIMARY KEY (relazione_id, file_id)
);

-- The alarm an *emergenza* report raised (the desk sees which report it comes from). One direction
-- only: the tables' foreign keys stay acyclic (db move-to-postgres copies them in that order).
ALTER TABLE allarmi ADD COLUMN relazione_id bigint REFERENCES relazioni_servizio (id) ON DELETE RESTRICT;
CREATE UNIQUE INDEX allarmi_relazione_idx ON allarmi (relazione_id) WHERE relazione_id IS NOT NULL;

-- Versions and photos: append-only. A report: its own columns change only while it is to approve;
-- no new version or photo once approved; no delete within two years of its arrival.
CREATE FUNCTION relazioni_sola_aggiunta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% è in sola aggiunta', TG_TABLE_NAME USING ERRCODE = 'check_violation';
END $$;
CREATE TRIGGER relazioni_servizio_versioni_no_update BEFORE UPDATE OR DELETE ON relazioni_servizio_versioni
  FOR EACH ROW EXECUTE FUNCTION relazioni_sola_aggiunta();
CREATE TRIGGER relazioni_servizio_versioni_no_truncate BEFORE TRUNCATE ON relazioni_servizio_versioni
  FOR EACH STATEMENT EXECUTE FUNCTION relazioni_sola_aggiunta();
CREATE TRIGGER relazioni_servizio_foto_no_update BEFORE UPDATE OR DELETE ON relazioni_servizio_foto
  FOR EACH ROW EXECUTE FUNCTION relazioni_sola_aggiunta();

CREATE FUNCTION relazioni_servizio_protetta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.ricevuto_il > now() - interval '2 years' THEN
      RAISE EXCEPTION 'relazione di servizio % conservata per due anni (DM 269/2010)', OLD.id USING ERRCODE = 'check_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.stato = 'approvata' THEN
    RAISE EXCEPTION 'relazione di servizio % approvata: non modificabile', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER relazioni_servizio_protetta BEFORE UPDATE OR DELETE ON relazioni_servizio
  FOR EACH ROW EXECUTE FUNCTION relazioni_servizio_protetta();
CREATE TRIGGER relazioni_servizio_no_truncate BEFORE TRUNCATE ON relazioni_servizio
  FOR EACH STATEMENT EXECUTE FUNCTION relazioni_sola_aggiunta();

CREATE FUNCTION relazioni_servizio_aperta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM relazioni_servizio WHERE id = NEW.relazione_id AND stato = 'approvata') THEN
    RAISE EXCEPTION 'relazione di servizio % approvata: non modificabile', NEW.relazione_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER relazioni_servizio_versioni_aperta BEFORE INSERT ON relazioni_servizio_versioni
  FOR EACH ROW EXECUTE FUNCTION relazioni_servizio_aperta();
CREATE TRIGGER relazioni_servizio_foto_aperta BEFORE INSERT ON relazioni_servizio_foto
  FOR EACH ROW EXECUTE FUNCTION relazioni_servizio_aperta();

-- The foglio notizie: per working day and province, a numbered issue (1 from the job at the end of
-- the day; a later one, from the office, if a fact was marked relevant afterwards), the PDF as it
-- was sent, the reports it lists. Unalterable; kept two years at least. Every download is a row.
CREATE TABLE fogli_notizie (
  id bigserial PRIMARY KEY,
  giorno date NOT NULL,
  provincia text NOT NULL,
  emissione integer NOT NULL CHECK (emissione > 0),
  generato_il timestamptz NOT NULL,
  generato_da integer REFERENCES users (id) ON DELETE RESTRICT,
  relazioni bigint[] NOT NULL,
  pdf bytea NOT NULL,
  UNIQUE (giorno, provincia, emissione)
);
CREATE INDEX fogli_notizie_lista_idx ON fogli_notizie (giorno DESC, provincia, emissione DESC);

CREATE TABLE fogli_notizie_download (
  foglio_id bigint NOT NULL REFERENCES fogli_notizie (id) ON DELETE RESTRICT,
  utente_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  scaricato_il timestamptz NOT NULL
);
CREATE INDEX fogli_notizie_download_idx ON fogli_notizie_download (foglio_id, scaricato_il DESC);

CREATE FUNCTION fogli_notizie_protetto() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.generato_il <= now() - interval '2 years' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'foglio notizie % non modificabile (conservato due anni, DM 269/2010)', OLD.id USING ERRCODE = 'check_violation';
END $$;
CREATE TRIGGER fogli_notizie_protetto BEFORE UPDATE OR DELETE ON fogli_notizie
  FOR EACH ROW EXECUTE FUNCTION fogli_notizie_protetto();
CREATE TRIGGER fogli_notizie_no_truncate BEFORE TRUNCATE ON fogli_notizie
  FOR EACH STATEMENT EXECUTE FUNCTION relazioni_sola_aggiunta();
CREATE TRIGGER fogli_notizie_download_no_update BEFORE UPDATE OR DELETE ON fogli_notizie_download
  FOR EACH ROW EXECUTE FUNCTION relazioni_sola_aggiunta();

-- What the sheet's heading says of the institute, and the provinces whose Questura receives a sheet
-- every day (a "nulla da segnalare" one on a day without facts). Empty: the company's own province
-- (fatturazione_impostazioni).
CREATE TABLE fogli_notizie_impostazioni (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  licenza text NOT NULL DEFAULT '',
  province text[] NOT NULL DEFAULT '{}',
  aggiornato_il timestamptz NOT NULL DEFAULT now()
);
INSERT INTO fogli_notizie_impostazioni DEFAULT VALUES;

INSERT INTO jobs (name, interval_s, next_run) VALUES ('foglio-notizie', 900, '2000-01-01T00:00:00Z');
