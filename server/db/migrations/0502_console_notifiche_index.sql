-- The header's notifications list every unread ticket not closed, whatever its category
-- (server/modules/console/README.md): newest first from a small partial index.
CREATE INDEX ticket_supporto_notifiche_idx ON ticket_supporto (data_ora DESC, id DESC)
  WHERE letto_il IS NULL AND stato <> 'chiuso';
