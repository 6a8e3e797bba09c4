-- The optional photo a guard attaches to a ticket from the app (checked by content, re-encoded:
-- server/lib/files.ts). The desk downloads it from the ticket's page.
ALTER TABLE ticket_supporto ADD COLUMN foto_id uuid REFERENCES files (id) ON DELETE SET NULL;
