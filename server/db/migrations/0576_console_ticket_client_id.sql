-- Issue 33, offline tickets: the field app gives each ticket a UUID made on the phone, so a ticket
-- written with no network waits in the outbox and is sent later, exactly once — the same id again
-- answers the ticket already opened (as check-ins do, 0501). Tickets opened without one (older
-- apps, the simulator) stay allowed.
ALTER TABLE ticket_supporto ADD COLUMN client_id uuid;
CREATE UNIQUE INDEX ticket_supporto_client_idx ON ticket_supporto (operatore_id, client_id) WHERE client_id IS NOT NULL;
