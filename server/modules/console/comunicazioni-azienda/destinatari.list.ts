/**
 * GET /api/comunicazioni/azienda/:id/destinatari/ on the list engine: the recipients of one message
 * (DestinatariList, src/domain/contracts/console/comunicazioni-azienda/schemas.ts) — not read first, then by surname.
 * The route checks the message first (404), so `ctx.params.id` is a valid id here.
 */
import { sql } from "drizzle-orm";
import { DestinatariList } from "../../../../src/domain/contracts/console/comunicazioni-azienda/schemas";
import { defineList } from "../../../lib/list";

export const destinatariList = defineList(DestinatariList, {
  from: sql`comunicazioni_destinatari d JOIN operatori o ON o.id = d.operatore_id`,
  key: sql`d.operatore_id`,
  where: (ctx) => sql`d.comunicazione_id = ${Number(ctx.params.id)}`,
  sql: {
    operatore_id: sql`d.operatore_id`,
    operatore: { sql: sql`trim(o.nome || ' ' || o.cognome)`, orderBy: sql`lower(o.cognome), lower(o.nome)` },
    letta: sql`(d.letta_il IS NOT NULL)`,
    consegnata_il: sql`d.consegnata_il`,
    letta_il: sql`d.letta_il`,
    promemoria_il: sql`d.promemoria_il`,
    promemoria: sql`d.promemoria`,
  },
});
