-- Automatic staffing proposals (issue 16): a database-backed job. A row is inserted by the request;
-- a worker claims it with a conditional UPDATE (only one succeeds), writes its progress and a
-- heartbeat to the row while it runs, and the result when done. A row left 'in_attesa', or
-- 'in_corso' with a heartbeat older than a minute (its process died), is claimed again by the next
-- worker that reads it. Cancelling sets 'annullata'; the worker sees it at its next progress write.
CREATE TABLE auto_assegnazioni (
  id serial PRIMARY KEY,
  stato text NOT NULL DEFAULT 'in_attesa'
    CHECK (stato IN ('in_attesa', 'in_corso', 'completata', 'annullata', 'errore')),
  richiesta jsonb NOT NULL,
  utente_id integer,
  creata_il timestamptz NOT NULL DEFAULT now(),
  avviata_il timestamptz,
  heartbeat_il timestamptz,
  terminata_il timestamptz,
  -- the claiming process ('<host>:<pid>:<n>')
  worker text,
  avanzamento real NOT NULL DEFAULT 0 CHECK (avanzamento >= 0 AND avanzamento <= 1),
  messaggio text NOT NULL DEFAULT '',
  risultato jsonb
);
CREATE INDEX auto_assegnazioni_attive_idx ON auto_assegnazioni (creata_il) WHERE stato IN ('in_attesa', 'in_corso');
