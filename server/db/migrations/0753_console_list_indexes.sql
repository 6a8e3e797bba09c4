-- The indexes of the Console lists' sorts and filters (test/server/list/list-indexes.test.ts):
-- tickets, anomalies, company communications and each message's recipients. Attività reads one
-- day's assignments through the planning's indexes; the sorts no index can serve are listed with
-- their reason in the test.

-- Tickets: the page's default order (unread first, then newest) and each sortable column.
CREATE INDEX ticket_supporto_lista_idx ON ticket_supporto (((letto_il IS NULL)) DESC, data_ora DESC, id DESC);
CREATE INDEX ticket_supporto_non_letto_idx ON ticket_supporto (((letto_il IS NULL)), id);
CREATE INDEX ticket_supporto_data_ora_idx ON ticket_supporto (data_ora, id);
CREATE INDEX ticket_supporto_stato_idx ON ticket_supporto (stato, id);
CREATE INDEX ticket_supporto_tipo_idx ON ticket_supporto (tipo, id);

-- Anomalies: kind and state (sort and filter); the period and the default order are anomalie_lista_idx.
CREATE INDEX anomalie_tipo_idx ON anomalie (tipo, id);
CREATE INDEX anomalie_stato_idx ON anomalie (stato, id);

-- Company communications: recipients' kind, subject (sort, and its search by trigrams).
CREATE INDEX comunicazioni_destinatari_kind_idx ON comunicazioni (destinatari, id);
CREATE INDEX comunicazioni_oggetto_idx ON comunicazioni (oggetto, id);
CREATE INDEX comunicazioni_oggetto_trgm_idx ON comunicazioni USING gin (oggetto gin_trgm_ops);

-- A message's recipients (GET …/azienda/{id}/destinatari/): read or not, delivered, read, reminders.
CREATE INDEX comunicazioni_destinatari_letta_idx ON comunicazioni_destinatari (comunicazione_id, ((letta_il IS NOT NULL)), operatore_id);
CREATE INDEX comunicazioni_destinatari_consegnata_il_idx ON comunicazioni_destinatari (comunicazione_id, consegnata_il, operatore_id);
CREATE INDEX comunicazioni_destinatari_letta_il_idx ON comunicazioni_destinatari (comunicazione_id, letta_il, operatore_id);
CREATE INDEX comunicazioni_destinatari_promemoria_idx ON comunicazioni_destinatari (comunicazione_id, promemoria, operatore_id);
