-- Anagrafiche / operators (H5a): uploaded files (every module), the operator record and its tabs.

-- Uploaded files of every module; the bytes live under DATA_DIR/files/<yyyy>/<uuid>.
CREATE TABLE files (
  id uuid PRIMARY KEY,
  owner_type text NOT NULL,
  owner_id text NOT NULL,
  categoria text NOT NULL,
  nome_originale text NOT NULL DEFAULT '',
  mime text NOT NULL,
  dimensione integer NOT NULL,
  percorso text NOT NULL,
  sha256 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by integer
);
CREATE INDEX files_owner_idx ON files (owner_type, owner_id);

CREATE SEQUENCE operatori_codice_seq;

CREATE TABLE operatori (
  id serial PRIMARY KEY,
  codice text NOT NULL DEFAULT ('OP' || lpad(nextval('operatori_codice_seq')::text, 5, '0')),
  nome text NOT NULL,
  cognome text NOT NULL,
  sesso text NOT NULL DEFAULT 'M' CHECK (sesso IN ('M', 'F')),
  codice_fiscale text NOT NULL DEFAULT '',
  data_nascita date,
  luogo_nascita text NOT NULL DEFAULT '',
  prov_nascita text NOT NULL DEFAULT '',
  cittadinanza text NOT NULL DEFAULT '',
  -- residenza
  indirizzo text NOT NULL DEFAULT '',
  numero text NOT NULL DEFAULT '',
  cap text NOT NULL DEFAULT '',
  citta text NOT NULL DEFAULT '',
  prov text NOT NULL DEFAULT '',
  -- domicilio
  d_indirizzo text NOT NULL DEFAULT '',
  d_numero text NOT NULL DEFAULT '',
  d_cap text NOT NULL DEFAULT '',
  d_citta text NOT NULL DEFAULT '',
  d_prov text NOT NULL DEFAULT '',
  cellulare text NOT NULL DEFAULT '',
  telefono text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  pec text NOT NULL DEFAULT '',
  iban text NOT NULL DEFAULT '',
  data_iban date,
  altezza integer,
  peso integer,
  titolo_studio text NOT NULL DEFAULT '',
  referente text NOT NULL DEFAULT '',
  area_agenzia text NOT NULL DEFAULT '',
  area_sede text NOT NULL DEFAULT '',
  attivo boolean NOT NULL DEFAULT true,
  cessato boolean NOT NULL DEFAULT false,
  black_list boolean NOT NULL DEFAULT false,
  data_disattivazione date,
  data_iscrizione date,
  ammortizzatori boolean NOT NULL DEFAULT false,
  amm_note text NOT NULL DEFAULT '',
  applicazione boolean NOT NULL DEFAULT false,
  sms boolean NOT NULL DEFAULT false,
  cod_pref text NOT NULL DEFAULT '',
  cp_rilasciato_da text NOT NULL DEFAULT '',
  cp_rilasciato_il date,
  cp_scadenza date,
  curriculum uuid REFERENCES files (id) ON DELETE SET NULL,
  foto_busto uuid REFERENCES files (id) ON DELETE SET NULL,
  foto_intera uuid REFERENCES files (id) ON DELETE SET NULL,
  foto_primo_piano uuid REFERENCES files (id) ON DELETE SET NULL,
  foto_profilo uuid REFERENCES files (id) ON DELETE SET NULL,
  annotazioni text NOT NULL DEFAULT '',
  note text NOT NULL DEFAULT '',
  rating integer REFERENCES valutazioni (id),
  lat double precision,
  lng double precision,
  anonimizzato boolean NOT NULL DEFAULT false,
  anonimizzato_il timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX operatori_codice_key ON operatori (codice);
CREATE UNIQUE INDEX operatori_codice_fiscale_key ON operatori (codice_fiscale)
  WHERE NOT anonimizzato AND codice_fiscale <> '';
CREATE INDEX operatori_cognome_lower_idx ON operatori (lower(cognome), lower(nome));
CREATE INDEX operatori_cognome_trgm_idx ON operatori USING gin (cognome gin_trgm_ops);
CREATE INDEX operatori_nome_trgm_idx ON operatori USING gin (nome gin_trgm_ops);
CREATE INDEX operatori_cf_trgm_idx ON operatori USING gin (codice_fiscale gin_trgm_ops);
CREATE INDEX operatori_prov_idx ON operatori (prov);
CREATE INDEX operatori_attivo_idx ON operatori (attivo, cessato, black_list);

-- Qualifications held by the operator.
CREATE TABLE operatori_posizioni (
  operatore_id integer NOT NULL REFERENCES operatori (id) ON DELETE CASCADE,
  posizione_id integer NOT NULL REFERENCES posizioni (id) ON DELETE CASCADE,
  PRIMARY KEY (operatore_id, posizione_id)
);
CREATE INDEX operatori_posizioni_posizione_idx ON operatori_posizioni (posizione_id);

-- Identity documents and licences (tipo codes in src/domain/documenti.ts).
CREATE TABLE operatori_documenti (
  id serial PRIMARY KEY,
  operatore_id integer NOT NULL REFERENCES operatori (id) ON DELETE CASCADE,
  tipo text NOT NULL,
  numero text NOT NULL DEFAULT '',
  rilasciato_da text NOT NULL DEFAULT '',
  data_rilascio date,
  data_scadenza date,
  file_id uuid REFERENCES files (id) ON DELETE SET NULL,
  note text NOT NULL DEFAULT '',
  CHECK (data_scadenza IS NULL OR data_rilascio IS NULL OR data_scadenza >= data_rilascio)
);
CREATE INDEX operatori_documenti_operatore_idx ON operatori_documenti (operatore_id);
CREATE INDEX operatori_documenti_scadenza_idx ON operatori_documenti (data_scadenza);

CREATE TABLE operatori_corsi (
  id serial PRIMARY KEY,
  operatore_id integer NOT NULL REFERENCES operatori (id) ON DELETE CASCADE,
  tipo text NOT NULL,
  ente text NOT NULL DEFAULT '',
  data_conseguimento date,
  data_scadenza date,
  file_id uuid REFERENCES files (id) ON DELETE SET NULL,
  note text NOT NULL DEFAULT '',
  CHECK (data_scadenza IS NULL OR data_conseguimento IS NULL OR data_scadenza >= data_conseguimento)
);
CREATE INDEX operatori_corsi_operatore_idx ON operatori_corsi (operatore_id);
CREATE INDEX operatori_corsi_scadenza_idx ON operatori_corsi (data_scadenza);

-- Employment contracts.
CREATE TABLE operatori_contratti (
  id serial PRIMARY KEY,
  operatore_id integer NOT NULL REFERENCES operatori (id) ON DELETE CASCADE,
  tipo text NOT NULL CHECK (tipo IN ('indeterminato', 'determinato', 'intermittente', 'apprendistato', 'somministrazione')),
  data_inizio date NOT NULL,
  data_fine date,
  ore_settimanali numeric(5, 2),
  note text NOT NULL DEFAULT '',
  CHECK (data_fine IS NULL OR data_fine >= data_inizio)
);
CREATE INDEX operatori_contratti_operatore_idx ON operatori_contratti (operatore_id, data_inizio DESC);

-- Pay items of the operator (compensi: hourly pay by description and period).
CREATE TABLE operatori_compensi (
  id serial PRIMARY KEY,
  operatore_id integer NOT NULL REFERENCES operatori (id) ON DELETE CASCADE,
  descrizione text NOT NULL,
  importo numeric(10, 2) NOT NULL,
  dal date,
  al date,
  note text NOT NULL DEFAULT ''
);
CREATE INDEX operatori_compensi_operatore_idx ON operatori_compensi (operatore_id);

-- HR practices.
CREATE TABLE operatori_pratiche (
  id serial PRIMARY KEY,
  operatore_id integer NOT NULL REFERENCES operatori (id) ON DELETE CASCADE,
  tipo text NOT NULL,
  stato text NOT NULL DEFAULT 'aperta',
  data_apertura date NOT NULL,
  data_chiusura date,
  note text NOT NULL DEFAULT '',
  CHECK (data_chiusura IS NULL OR data_chiusura >= data_apertura)
);
CREATE INDEX operatori_pratiche_operatore_idx ON operatori_pratiche (operatore_id);

-- Unavailability periods.
CREATE TABLE operatori_indisponibilita (
  id serial PRIMARY KEY,
  operatore_id integer NOT NULL REFERENCES operatori (id) ON DELETE CASCADE,
  dal timestamptz NOT NULL,
  al timestamptz NOT NULL,
  motivo text NOT NULL DEFAULT '',
  note text NOT NULL DEFAULT '',
  CHECK (al > dal)
);
CREATE INDEX operatori_indisponibilita_operatore_idx ON operatori_indisponibilita (operatore_id, dal);

-- Weekly availability: giorno_settimana 1 = lunedì … 7 = domenica.
CREATE TABLE operatori_disponibilita (
  operatore_id integer NOT NULL REFERENCES operatori (id) ON DELETE CASCADE,
  giorno_settimana smallint NOT NULL CHECK (giorno_settimana BETWEEN 1 AND 7),
  disponibile boolean NOT NULL DEFAULT true,
  PRIMARY KEY (operatore_id, giorno_settimana)
);
