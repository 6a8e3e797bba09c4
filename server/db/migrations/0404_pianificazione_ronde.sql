-- Guard tours (issue 34 items 1–3): the checkpoints of a service's site, the tour plans on the
-- service, the rounds that follow from them for the shifts covering their hours, and the scans the
-- guards' app sends. The rules: server/modules/pianificazione/ronde/ (README in giudizio.ts).

-- A checkpoint: a point of the site with its tag. `codice` is what the QR code holds (generated,
-- unique across the company, never reused); `nfc_uid` an NFC tag's serial number, if one is fixed there.
CREATE TABLE ronde_punti (
  id serial PRIMARY KEY,
  servizio_id integer NOT NULL REFERENCES servizi (id) ON DELETE CASCADE,
  nome text NOT NULL CHECK (btrim(nome) <> ''),
  lat double precision CHECK (lat BETWEEN -90 AND 90),
  lng double precision CHECK (lng BETWEEN -180 AND 180),
  istruzioni text NOT NULL DEFAULT '',
  codice text NOT NULL UNIQUE CHECK (codice ~ '^RP-[0-9A-Z]{10}$'),
  nfc_uid text CHECK (nfc_uid IS NULL OR nfc_uid ~ '^[0-9A-F]{8,20}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((lat IS NULL) = (lng IS NULL))
);
CREATE INDEX ronde_punti_servizio_idx ON ronde_punti (servizio_id, nome);
CREATE UNIQUE INDEX ronde_punti_nfc_uid_idx ON ronde_punti (nfc_uid) WHERE nfc_uid IS NOT NULL;

-- A tour plan: which checkpoints (ids of the service's points, in walking order when `ordinato`),
-- every `ogni_minuti` minutes of elapsed time from `dalle` to `alle` (Rome wall clock; `alle` not
-- after `dalle` means the next morning), each round to be started within `tolleranza_minuti` of its time.
CREATE TABLE ronde_piani (
  id serial PRIMARY KEY,
  servizio_id integer NOT NULL REFERENCES servizi (id) ON DELETE CASCADE,
  nome text NOT NULL CHECK (btrim(nome) <> ''),
  ordinato boolean NOT NULL DEFAULT false,
  punti jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(punti) = 'array'),
  ogni_minuti integer NOT NULL CHECK (ogni_minuti BETWEEN 15 AND 1440),
  dalle time NOT NULL,
  alle time NOT NULL,
  tolleranza_minuti integer NOT NULL DEFAULT 15 CHECK (tolleranza_minuti BETWEEN 0 AND 240),
  attivo boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ronde_piani_servizio_idx ON ronde_piani (servizio_id);

-- One round: a plan's time on a shift that covers it. The plan's points, order and tolerance are
-- copied when the round is created (a plan changed later does not rewrite the rounds already due).
-- Its window runs from `previsto_il - tolleranza` to `fine_finestra` (the next round's time).
-- The state is the server's judgement (giudizio.ts), never the phone's.
CREATE TABLE ronde (
  id serial PRIMARY KEY,
  -- (NO ACTION, not RESTRICT: both refuse, NO ACTION with the SQLSTATE of a foreign key, 23503, on
  -- PostgreSQL and PGlite alike.) A plan whose rounds are due or done cannot be deleted (the record of the tours is kept): the
  -- planner suspends it (attivo = false); its rounds still to come go with it (trigger below).
  piano_id integer NOT NULL REFERENCES ronde_piani (id),
  servizio_id integer NOT NULL REFERENCES servizi (id) ON DELETE CASCADE,
  -- The service's client, copied at creation: Report → Ronde filters by it (ronde_cliente_idx).
  cliente_id integer NOT NULL REFERENCES clienti (id) ON DELETE CASCADE,
  turno_id integer NOT NULL REFERENCES turni (id) ON DELETE CASCADE,
  previsto_il timestamptz NOT NULL,
  fine_finestra timestamptz NOT NULL,
  tolleranza_minuti integer NOT NULL,
  ordinata boolean NOT NULL,
  punti jsonb NOT NULL,
  stato text NOT NULL DEFAULT 'prevista'
    CHECK (stato IN ('prevista', 'in_corso', 'completata', 'in_ritardo', 'incompleta', 'non_eseguita')),
  operatore_id integer REFERENCES operatori (id) ON DELETE SET NULL,
  iniziata_il timestamptz,
  finita_il timestamptz,
  punti_mancanti jsonb NOT NULL DEFAULT '[]',
  fuori_ordine boolean NOT NULL DEFAULT false,
  giudicata_il timestamptz,
  UNIQUE (piano_id, previsto_il),
  CHECK (fine_finestra > previsto_il)
);
CREATE INDEX ronde_previsto_idx ON ronde (previsto_il);
CREATE INDEX ronde_servizio_idx ON ronde (servizio_id, previsto_il);
CREATE INDEX ronde_cliente_idx ON ronde (cliente_id, previsto_il);
CREATE INDEX ronde_turno_idx ON ronde (turno_id);

-- A scan from the app: once per app id (the outbox may send it again), with the device's time and
-- the server's, the method, the position and how far it was from the point. A typed code or a scan
-- far from the point is flagged (`segnalato`, `motivo`), never refused.
CREATE TABLE ronde_passaggi (
  id bigserial PRIMARY KEY,
  operatore_id integer NOT NULL REFERENCES operatori (id),
  client_id uuid NOT NULL,
  punto_id integer NOT NULL REFERENCES ronde_punti (id),
  ronda_id integer REFERENCES ronde (id),
  metodo text NOT NULL CHECK (metodo IN ('qr', 'nfc', 'manuale')),
  codice text NOT NULL,
  data_ora timestamptz NOT NULL,
  ricevuto_il timestamptz NOT NULL,
  lat double precision,
  lng double precision,
  accuratezza double precision,
  -- The position is erased after the retention period (the 'purga-posizioni' job); the distance stays.
  posizione_cancellata_il timestamptz,
  distanza_m integer,
  segnalato boolean NOT NULL DEFAULT false,
  motivo text NOT NULL DEFAULT '',
  UNIQUE (operatore_id, client_id)
);
CREATE INDEX ronde_passaggi_ronda_idx ON ronde_passaggi (ronda_id, data_ora);
CREATE INDEX ronde_passaggi_punto_idx ON ronde_passaggi (punto_id, data_ora);

-- A plan deleted takes its rounds not yet walked nor judged (still 'prevista', without scans).
CREATE FUNCTION erp_ronde_piano_elimina() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ronde r WHERE r.piano_id = OLD.id AND r.stato = 'prevista'
     AND NOT EXISTS (SELECT 1 FROM ronde_passaggi p WHERE p.ronda_id = r.id);
  RETURN OLD;
END $$;
CREATE TRIGGER ronde_piani_elimina BEFORE DELETE ON ronde_piani
  FOR EACH ROW EXECUTE FUNCTION erp_ronde_piano_elimina();

-- A checkpoint named by a plan or a round cannot be deleted (plans and rounds hold its id in
-- `punti`, a list no foreign key covers): the same refusal as a foreign key's (409).
CREATE FUNCTION erp_ronde_punto_in_uso() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM ronde_piani WHERE servizio_id = OLD.servizio_id AND punti @> jsonb_build_array(OLD.id))
     OR EXISTS (SELECT 1 FROM ronde WHERE servizio_id = OLD.servizio_id AND punti @> jsonb_build_array(OLD.id)) THEN
    RAISE EXCEPTION 'punto di controllo % in uso in un piano o in una ronda', OLD.id USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN OLD;
END $$;
CREATE TRIGGER ronde_punti_in_uso BEFORE DELETE ON ronde_punti
  FOR EACH ROW EXECUTE FUNCTION erp_ronde_punto_in_uso();
