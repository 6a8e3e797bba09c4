-- Issue 30 item 6: a counting device is bound to the gate and the steward it first counted for
-- (or was given to in the back office): another steward's token, or the same device at another
-- gate, is refused (server/modules/cms/app/cms-app.service.ts), so nobody can post future `seq`
-- values under another device's id and cancel its real counts. NULL: not yet bound (a device
-- registered in the back office), bound at its first count.
ALTER TABLE cms_dispositivi ADD COLUMN utente_id integer REFERENCES cms_utenti (id) ON DELETE SET NULL;
CREATE INDEX cms_dispositivi_utente_idx ON cms_dispositivi (utente_id);
