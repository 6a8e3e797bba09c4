-- Anagrafiche / candidati (H5b): job applicants, from the public form or entered by staff.
CREATE TABLE candidati (
  id serial PRIMARY KEY,
  nome text NOT NULL CHECK (btrim(nome) <> ''),
  cognome text NOT NULL CHECK (btrim(cognome) <> ''),
  sesso text NOT NULL DEFAULT 'M' CHECK (sesso IN ('M', 'F')),
  data_nascita date,
  codice_fiscale text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  cellulare text NOT NULL DEFAULT '',
  citta text NOT NULL DEFAULT '',
  prov text NOT NULL DEFAULT '',
  -- availability: days of the week (1 = lunedì … 7 = domenica), night shifts, travel
  giorni_disponibili smallint[] NOT NULL DEFAULT '{}',
  turni_notturni boolean NOT NULL DEFAULT false,
  trasferte boolean NOT NULL DEFAULT false,
  stato text NOT NULL DEFAULT 'nuovo'
    CHECK (stato IN ('nuovo', 'in_valutazione', 'colloquio', 'idoneo', 'assunto', 'scartato')),
  valutazione integer REFERENCES valutazioni (id),
  note text NOT NULL DEFAULT '',
  messaggio text NOT NULL DEFAULT '',
  cv_file_id uuid REFERENCES files (id) ON DELETE SET NULL,
  origine text NOT NULL DEFAULT 'manuale' CHECK (origine IN ('manuale', 'form')),
  privacy_accettata_il timestamptz,
  ip text,
  operatore_id integer REFERENCES operatori (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX candidati_stato_idx ON candidati (stato);
CREATE INDEX candidati_prov_idx ON candidati (prov);
CREATE INDEX candidati_cognome_trgm_idx ON candidati USING gin (lower(cognome) gin_trgm_ops);
CREATE INDEX candidati_created_idx ON candidati (created_at DESC);

-- Desired qualifications.
CREATE TABLE candidati_posizioni (
  candidato_id integer NOT NULL REFERENCES candidati (id) ON DELETE CASCADE,
  posizione_id integer NOT NULL REFERENCES posizioni (id),
  PRIMARY KEY (candidato_id, posizione_id)
);
CREATE INDEX candidati_posizioni_posizione_idx ON candidati_posizioni (posizione_id);
