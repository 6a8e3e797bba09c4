-- Console (H13): support tickets sent from the guards' app. The header alert polls the open,
-- unread 'problema' tickets; the side menu's 'Ticket supporto' chip counts the unread ones.
CREATE TABLE ticket_supporto (
  id serial PRIMARY KEY,
  operatore_id integer NOT NULL REFERENCES operatori (id) ON DELETE CASCADE,
  data_ora timestamptz NOT NULL DEFAULT now(),
  tipo text NOT NULL CHECK (tipo IN ('problema', 'richiesta', 'segnalazione')),
  oggetto text NOT NULL DEFAULT '',
  testo text NOT NULL DEFAULT '',
  stato text NOT NULL DEFAULT 'aperto' CHECK (stato IN ('aperto', 'in_lavorazione', 'chiuso')),
  letto_il timestamptz,
  letto_da integer REFERENCES users (id) ON DELETE SET NULL,
  CHECK (letto_da IS NULL OR letto_il IS NOT NULL)
);

-- The two polled queries read only the unread tickets: keep them in a small partial index.
CREATE INDEX ticket_supporto_non_letti_idx ON ticket_supporto (tipo, data_ora DESC, id DESC)
  WHERE letto_il IS NULL;
CREATE INDEX ticket_supporto_operatore_idx ON ticket_supporto (operatore_id, data_ora DESC);
