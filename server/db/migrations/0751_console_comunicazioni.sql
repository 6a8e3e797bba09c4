-- Console: company communications to the guards (issue 12 item 5). A message goes to every active
-- operator, to those with a qualification, or to chosen operators; the recipients are fixed when it
-- is sent (one row each), with when the app received it (consegnata_il), when the guard confirmed
-- reading it (letta_il) and the last reminder sent to those who had not.
CREATE TABLE comunicazioni (
  id serial PRIMARY KEY,
  oggetto text NOT NULL CHECK (btrim(oggetto) <> ''),
  testo text NOT NULL CHECK (btrim(testo) <> ''),
  destinatari text NOT NULL CHECK (destinatari IN ('tutti', 'qualifica', 'operatori')),
  posizione_id integer REFERENCES posizioni (id) ON DELETE SET NULL,
  allegato_id uuid REFERENCES files (id) ON DELETE SET NULL,
  inviata_il timestamptz NOT NULL,
  inviata_da integer REFERENCES users (id) ON DELETE SET NULL,
  promemoria_il timestamptz
);
CREATE INDEX comunicazioni_inviata_idx ON comunicazioni (inviata_il DESC, id DESC);

CREATE TABLE comunicazioni_destinatari (
  comunicazione_id integer NOT NULL REFERENCES comunicazioni (id) ON DELETE CASCADE,
  operatore_id integer NOT NULL REFERENCES operatori (id) ON DELETE CASCADE,
  consegnata_il timestamptz,
  letta_il timestamptz,
  promemoria_il timestamptz,
  promemoria integer NOT NULL DEFAULT 0,
  PRIMARY KEY (comunicazione_id, operatore_id),
  CHECK (letta_il IS NULL OR consegnata_il IS NOT NULL)
);
CREATE INDEX comunicazioni_destinatari_operatore_idx ON comunicazioni_destinatari (operatore_id, comunicazione_id DESC);
