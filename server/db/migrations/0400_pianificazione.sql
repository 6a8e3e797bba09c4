-- Pianificazione (H6): contracts, services, days, shifts, assignments and the working-time rules.
-- The interval table turni_operatori_periodi holds each assignment's time ranges; its exclusion
-- constraint makes double-booking one operator impossible, whatever the application does.
-- The view v_ore_operatore (one row per assigned time range) is read by the operator quick view.

CREATE TABLE contratti (
  id serial PRIMARY KEY,
  titolo text NOT NULL CHECK (btrim(titolo) <> ''),
  cliente_id integer NOT NULL REFERENCES clienti (id),
  tipo_contratto text DEFAULT 'Giornaliero',
  numero_contratto text,
  tipo_servizio text,
  sede text,
  agente text,
  subagente text,
  responsabile text,
  responsabile_zona text,
  azienda_app text,
  azienda_ese text,
  annotazioni text,
  attivo boolean NOT NULL DEFAULT true,
  data_disattivazione date,
  allarme boolean NOT NULL DEFAULT false,
  notifica boolean NOT NULL DEFAULT false,
  notifica_allarme boolean,
  sono_vigile text NOT NULL DEFAULT '0',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contratti_cliente_idx ON contratti (cliente_id);
CREATE INDEX contratti_titolo_trgm_idx ON contratti USING gin (lower(titolo) gin_trgm_ops);

-- Hourly price per qualification, with surcharges in percent.
CREATE TABLE contratti_prezzi (
  id serial PRIMARY KEY,
  contratto_id integer NOT NULL REFERENCES contratti (id) ON DELETE CASCADE,
  posizione_id integer NOT NULL REFERENCES posizioni (id),
  prezzo_orario numeric(10, 2) NOT NULL CHECK (prezzo_orario >= 0),
  maggiorazione_notturna numeric(5, 2) NOT NULL DEFAULT 0 CHECK (maggiorazione_notturna >= 0),
  maggiorazione_festiva numeric(5, 2) NOT NULL DEFAULT 0 CHECK (maggiorazione_festiva >= 0),
  maggiorazione_domenicale numeric(5, 2) NOT NULL DEFAULT 0 CHECK (maggiorazione_domenicale >= 0),
  UNIQUE (contratto_id, posizione_id)
);

-- Hourly pay per qualification.
CREATE TABLE contratti_compensi (
  id serial PRIMARY KEY,
  contratto_id integer NOT NULL REFERENCES contratti (id) ON DELETE CASCADE,
  posizione_id integer NOT NULL REFERENCES posizioni (id),
  compenso_orario numeric(10, 2) NOT NULL CHECK (compenso_orario >= 0),
  UNIQUE (contratto_id, posizione_id)
);

-- Operators the client refuses: kept out of assignment on this contract.
CREATE TABLE contratti_non_graditi (
  id serial PRIMARY KEY,
  contratto_id integer NOT NULL REFERENCES contratti (id) ON DELETE CASCADE,
  operatore_id integer NOT NULL REFERENCES operatori (id) ON DELETE CASCADE,
  motivo text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (contratto_id, operatore_id)
);
CREATE INDEX contratti_non_graditi_operatore_idx ON contratti_non_graditi (operatore_id);

CREATE TABLE servizi (
  id serial PRIMARY KEY,
  contratto_id integer NOT NULL REFERENCES contratti (id) ON DELETE CASCADE,
  dal date NOT NULL,
  al date NOT NULL,
  descrizione text NOT NULL DEFAULT '',
  indirizzo text NOT NULL DEFAULT '',
  lat double precision,
  lng double precision,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (al >= dal)
);
CREATE INDEX servizi_contratto_idx ON servizi (contratto_id, dal);

CREATE TABLE servizi_costi (
  id serial PRIMARY KEY,
  servizio_id integer NOT NULL REFERENCES servizi (id) ON DELETE CASCADE,
  tipo text NOT NULL CHECK (btrim(tipo) <> ''),
  importo numeric(12, 2) NOT NULL,
  data date NOT NULL,
  note text NOT NULL DEFAULT ''
);
CREATE INDEX servizi_costi_servizio_idx ON servizi_costi (servizio_id, data);

-- Equipment handed out for the service (radio, keys, badges…) and returned.
CREATE TABLE servizi_dotazioni (
  id serial PRIMARY KEY,
  servizio_id integer NOT NULL REFERENCES servizi (id) ON DELETE CASCADE,
  descrizione text NOT NULL CHECK (btrim(descrizione) <> ''),
  quantita integer NOT NULL DEFAULT 1 CHECK (quantita > 0),
  operatore_id integer REFERENCES operatori (id) ON DELETE SET NULL,
  consegnata_il date,
  restituita_il date,
  note text NOT NULL DEFAULT '',
  CHECK (restituita_il IS NULL OR consegnata_il IS NULL OR restituita_il >= consegnata_il)
);
CREATE INDEX servizi_dotazioni_servizio_idx ON servizi_dotazioni (servizio_id);

-- Notes and attachments of the service (a note, a file, or both).
CREATE TABLE servizi_allegati (
  id serial PRIMARY KEY,
  servizio_id integer NOT NULL REFERENCES servizi (id) ON DELETE CASCADE,
  nota text NOT NULL DEFAULT '',
  file_id uuid REFERENCES files (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by integer
);
CREATE INDEX servizi_allegati_servizio_idx ON servizi_allegati (servizio_id);

CREATE TABLE giorni (
  id serial PRIMARY KEY,
  servizio_id integer NOT NULL REFERENCES servizi (id) ON DELETE CASCADE,
  giorno date NOT NULL,
  UNIQUE (servizio_id, giorno)
);
CREATE INDEX giorni_giorno_idx ON giorni (giorno);

-- A shift belongs to its start day; f2 is the optional second range of a split shift.
CREATE TABLE turni (
  id serial PRIMARY KEY,
  giorno_id integer NOT NULL REFERENCES giorni (id) ON DELETE CASCADE,
  inizio_f1 time NOT NULL,
  fine_f1 time NOT NULL,
  inizio_f2 time,
  fine_f2 time,
  posizione_id integer NOT NULL REFERENCES posizioni (id),
  operatori_richiesti integer NOT NULL DEFAULT 1 CHECK (operatori_richiesti BETWEEN 0 AND 500),
  note text NOT NULL DEFAULT '',
  CHECK ((inizio_f2 IS NULL) = (fine_f2 IS NULL))
);
CREATE INDEX turni_giorno_idx ON turni (giorno_id);

-- Assignments. A shift, day, service or contract with assignments cannot be deleted (RESTRICT):
-- the shift records are kept (the public-security rules ask for two years).
CREATE TABLE turni_operatori (
  id serial PRIMARY KEY,
  turno_id integer NOT NULL REFERENCES turni (id) ON DELETE RESTRICT,
  operatore_id integer NOT NULL REFERENCES operatori (id) ON DELETE RESTRICT,
  confermato boolean NOT NULL DEFAULT false,
  assegnato_da integer,
  assegnato_il timestamptz NOT NULL DEFAULT now(),
  confermato_da integer,
  confermato_il timestamptz,
  UNIQUE (turno_id, operatore_id)
);
CREATE INDEX turni_operatori_operatore_idx ON turni_operatori (operatore_id);

-- The time ranges of every assignment. The exclusion constraint refuses two overlapping ranges of
-- one operator, even from two transactions committing at the same instant.
CREATE TABLE turni_operatori_periodi (
  id bigserial PRIMARY KEY,
  turno_operatore_id integer NOT NULL REFERENCES turni_operatori (id) ON DELETE CASCADE,
  turno_id integer NOT NULL,
  operatore_id integer NOT NULL,
  periodo tstzrange NOT NULL CHECK (NOT isempty(periodo)),
  CONSTRAINT turni_operatori_periodi_no_overlap EXCLUDE USING gist (operatore_id WITH =, periodo WITH &&)
);
CREATE INDEX turni_operatori_periodi_to_idx ON turni_operatori_periodi (turno_operatore_id);
CREATE INDEX turni_operatori_periodi_turno_idx ON turni_operatori_periodi (turno_id);

-- The mandatory advance communication of an intermittent worker's call.
CREATE TABLE intermittenti_comunicazioni (
  turno_operatore_id integer PRIMARY KEY REFERENCES turni_operatori (id) ON DELETE CASCADE,
  inviata_il timestamptz NOT NULL,
  riferimento text NOT NULL DEFAULT '',
  registrata_da integer,
  registrata_il timestamptz NOT NULL DEFAULT now()
);

-- Working-time rule profiles (limits editable by administrators) and which applies to which
-- qualification. Defaults and their sources: src/domain/shift-rules.ts DEFAULT_RULE_PROFILES.
CREATE TABLE profili_regole (
  codice text PRIMARY KEY,
  descrizione text NOT NULL,
  riposo_minimo_ore numeric(4, 1) NOT NULL CHECK (riposo_minimo_ore >= 0 AND riposo_minimo_ore <= 48),
  max_ore_7_giorni numeric(5, 1) NOT NULL CHECK (max_ore_7_giorni > 0 AND max_ore_7_giorni <= 168),
  max_ore_turno numeric(4, 1) NOT NULL CHECK (max_ore_turno > 0 AND max_ore_turno <= 24),
  fonte text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO profili_regole (codice, descrizione, riposo_minimo_ore, max_ore_7_giorni, max_ore_turno, fonte) VALUES
  ('CCNL_VIGILANZA', 'CCNL Vigilanza Privata e Servizi Fiduciari', 11, 48, 12,
   'CCNL Vigilanza Privata e Servizi Fiduciari; artt. 4 e 7 D.Lgs. 66/2003'),
  ('DLGS_66_2003', 'D.Lgs. 66/2003', 11, 48, 13, 'D.Lgs. 8 aprile 2003, n. 66, artt. 4 e 7');

CREATE TABLE posizioni_profilo (
  posizione_id integer PRIMARY KEY REFERENCES posizioni (id) ON DELETE CASCADE,
  profilo_codice text NOT NULL REFERENCES profili_regole (codice)
);
INSERT INTO posizioni_profilo (posizione_id, profilo_codice)
  SELECT id, CASE WHEN armata OR descrizione ILIKE 'guardia particolare giurata%' THEN 'CCNL_VIGILANZA' ELSE 'DLGS_66_2003' END
  FROM posizioni;

-- Licences (operatori_documenti.tipo) a qualification requires, valid on the day of the shift.
CREATE TABLE posizioni_requisiti (
  posizione_id integer NOT NULL REFERENCES posizioni (id) ON DELETE CASCADE,
  tipo_documento text NOT NULL,
  PRIMARY KEY (posizione_id, tipo_documento)
);
INSERT INTO posizioni_requisiti (posizione_id, tipo_documento)
  SELECT id, t FROM posizioni, unnest(ARRAY['decreto_gpg', 'porto_armi']) AS t
  WHERE descrizione = 'Guardia particolare giurata armata'
  UNION ALL
  SELECT id, 'decreto_gpg' FROM posizioni WHERE descrizione = 'Guardia particolare giurata'
  UNION ALL
  SELECT id, 'attestato_steward' FROM posizioni WHERE descrizione = 'Steward';

-- One row per assigned time range (the operator quick view sums its seconds).
CREATE VIEW v_ore_operatore AS
  SELECT p.operatore_id,
         c.cliente_id,
         s.contratto_id,
         g.servizio_id,
         p.turno_id,
         g.giorno,
         lower(p.periodo) AS inizio,
         upper(p.periodo) AS fine,
         extract(epoch FROM upper(p.periodo) - lower(p.periodo))::int AS secondi
  FROM turni_operatori_periodi p
  JOIN turni t ON t.id = p.turno_id
  JOIN giorni g ON g.id = t.giorno_id
  JOIN servizi s ON s.id = g.servizio_id
  JOIN contratti c ON c.id = s.contratto_id;
