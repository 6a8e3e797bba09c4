-- Issue 35 item 2: invoices from the approved hours (fatturazione_ore, migration 0900), as FatturaPA 1.2.2.
--
-- fatturazione_impostazioni: the company's own data for the XML (one row, administrators).
-- fatturazione_clienti / fatturazione_contratti: what invoicing needs beyond the client's record
-- (public body, split payment, exemption nature) and the contract's (CIG, CUP).
-- fatture / fatture_righe: drafts and issued documents (TD01 invoice, TD04 credit note). An issued
-- document and its lines are unalterable (trigger): kept as issued, with its XML, for the ten years of
-- art. 2220 c.c. and art. 39 DPR 633/72. Numbers come from fatture_numerazione, one row per year,
-- incremented in the issuing transaction: the row lock orders concurrent issuers, a rolled-back issue
-- gives its number back, so a year's numbers have no gap and no duplicate (art. 21 DPR 633/72).

CREATE TABLE fatturazione_impostazioni (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  denominazione text NOT NULL DEFAULT '',
  partita_iva text NOT NULL DEFAULT '',
  codice_fiscale text NOT NULL DEFAULT '',
  regime_fiscale text NOT NULL DEFAULT 'RF01',
  indirizzo text NOT NULL DEFAULT '',
  numero_civico text NOT NULL DEFAULT '',
  cap text NOT NULL DEFAULT '',
  comune text NOT NULL DEFAULT '',
  provincia text NOT NULL DEFAULT '',
  rea_ufficio text NOT NULL DEFAULT '',
  rea_numero text NOT NULL DEFAULT '',
  capitale_sociale numeric(14, 2),
  socio_unico text CHECK (socio_unico IN ('SU', 'SM')),
  iban text NOT NULL DEFAULT '',
  istituto_finanziario text NOT NULL DEFAULT '',
  giorni_pagamento integer NOT NULL DEFAULT 30 CHECK (giorni_pagamento BETWEEN 0 AND 999),
  email text NOT NULL DEFAULT '',
  telefono text NOT NULL DEFAULT '',
  aggiornato_il timestamptz NOT NULL DEFAULT now()
);
INSERT INTO fatturazione_impostazioni DEFAULT VALUES;

CREATE TABLE fatturazione_clienti (
  cliente_id integer PRIMARY KEY REFERENCES clienti (id) ON DELETE CASCADE,
  -- A public body: FPA12, codice destinatario = its IPA office code (6 characters).
  pubblica_amministrazione boolean NOT NULL DEFAULT false,
  -- Scissione dei pagamenti (art. 17-ter DPR 633/72): EsigibilitaIVA 'S'.
  split_payment boolean NOT NULL DEFAULT false,
  -- An exempt or non-taxable client: VAT 0 with this nature (N1 … N7) and its legal reference.
  natura text,
  riferimento_normativo text NOT NULL DEFAULT ''
);

CREATE TABLE fatturazione_contratti (
  contratto_id integer PRIMARY KEY REFERENCES contratti (id) ON DELETE CASCADE,
  cig text NOT NULL DEFAULT '',
  cup text NOT NULL DEFAULT ''
);

CREATE TABLE fatture_numerazione (
  anno integer PRIMARY KEY,
  ultimo integer NOT NULL CHECK (ultimo >= 0)
);

-- The SdI file's progressive (IT<P.IVA>_<progressivo>.xml): unique per sender, gaps allowed.
CREATE SEQUENCE fatture_progressivo_file;

CREATE TABLE fatture (
  id serial PRIMARY KEY,
  tipo text NOT NULL DEFAULT 'TD01' CHECK (tipo IN ('TD01', 'TD04')),
  stato text NOT NULL DEFAULT 'bozza' CHECK (stato IN ('bozza', 'emessa')),
  cliente_id integer NOT NULL REFERENCES clienti (id) ON DELETE RESTRICT,
  -- The month of the hours invoiced (first day).
  mese date NOT NULL CHECK (extract(day FROM mese) = 1),
  -- The invoice a credit note corrects.
  fattura_collegata_id integer REFERENCES fatture (id) ON DELETE RESTRICT,
  anno integer,
  numero integer,
  data date,
  nome_file text,
  aliquota_iva numeric(5, 2) NOT NULL DEFAULT 22,
  natura text,
  riferimento_normativo text NOT NULL DEFAULT '',
  esigibilita_iva text NOT NULL DEFAULT 'I' CHECK (esigibilita_iva IN ('I', 'D', 'S')),
  imponibile numeric(14, 2) NOT NULL DEFAULT 0,
  imposta numeric(14, 2) NOT NULL DEFAULT 0,
  totale numeric(14, 2) NOT NULL DEFAULT 0,
  xml text,
  creata_il timestamptz NOT NULL DEFAULT now(),
  emessa_il timestamptz,
  emessa_da integer,
  CHECK ((stato = 'emessa') = (numero IS NOT NULL AND anno IS NOT NULL AND data IS NOT NULL AND xml IS NOT NULL
                               AND nome_file IS NOT NULL)),
  CHECK ((tipo = 'TD04') = (fattura_collegata_id IS NOT NULL)),
  UNIQUE (anno, numero),
  UNIQUE (nome_file)
);
CREATE INDEX fatture_cliente_mese_idx ON fatture (cliente_id, mese);
CREATE INDEX fatture_data_idx ON fatture (data DESC, id DESC);
-- One credit note per invoice.
CREATE UNIQUE INDEX fatture_una_nota_idx ON fatture (fattura_collegata_id) WHERE tipo = 'TD04';

CREATE TABLE fatture_righe (
  id serial PRIMARY KEY,
  fattura_id integer NOT NULL REFERENCES fatture (id) ON DELETE CASCADE,
  numero_linea integer NOT NULL CHECK (numero_linea BETWEEN 1 AND 9999),
  servizio_id integer,
  posizione_id integer,
  fascia text NOT NULL,
  descrizione text NOT NULL,
  -- Hours (seconds / 3600, exact to 8 decimals), the hourly price of the band, the amount.
  quantita numeric(20, 8) NOT NULL,
  prezzo_unitario numeric(14, 2) NOT NULL,
  importo numeric(14, 2) NOT NULL,
  UNIQUE (fattura_id, numero_linea)
);

-- Issued documents are unalterable: no change, no deletion, of the invoice or of its lines. The one
-- permitted write is the issue itself (a draft becoming 'emessa').
CREATE FUNCTION fatture_emesse_immutabili() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'fatture' THEN
    IF OLD.stato = 'emessa' THEN
      RAISE EXCEPTION 'La fattura % è emessa: non si modifica né si elimina', OLD.id USING ERRCODE = 'P0001';
    END IF;
  ELSIF EXISTS (SELECT 1 FROM fatture f WHERE f.stato = 'emessa'
                AND f.id IN (CASE WHEN TG_OP = 'INSERT' THEN NEW.fattura_id ELSE OLD.fattura_id END,
                             CASE WHEN TG_OP = 'UPDATE' THEN NEW.fattura_id END)) THEN
    RAISE EXCEPTION 'Le righe di una fattura emessa non si modificano' USING ERRCODE = 'P0001';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
CREATE TRIGGER fatture_immutabili BEFORE UPDATE OR DELETE ON fatture
  FOR EACH ROW EXECUTE FUNCTION fatture_emesse_immutabili();
CREATE TRIGGER fatture_righe_immutabili BEFORE INSERT OR UPDATE OR DELETE ON fatture_righe
  FOR EACH ROW EXECUTE FUNCTION fatture_emesse_immutabili();
