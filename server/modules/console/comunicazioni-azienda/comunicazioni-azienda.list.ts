/**
 * GET /api/comunicazioni/azienda/ on the list engine: the fields of ComunicazioneList
 * (src/domain/contracts/console/comunicazioni-azienda/schemas.ts) read from SQL. Newest first.
 */
import { sql } from "drizzle-orm";
import { ComunicazioneList } from "../../../../src/domain/contracts/console/comunicazioni-azienda/schemas";
import { defineList } from "../../../lib/list";

const conta = (where: string) =>
  sql.raw(`(SELECT count(*)::int FROM comunicazioni_destinatari d WHERE d.comunicazione_id = c.id${where})`);

export const comunicazioniList = defineList(ComunicazioneList, {
  from: sql`comunicazioni c`,
  joins: {
    p: { table: "posizioni", on: { id: sql`c.posizione_id` }, left: true },
    u: { table: "users", on: { id: sql`c.inviata_da` }, left: true },
  },
  key: sql`c.id`,
  sql: {
    id: sql`c.id`,
    inviata_il: sql`c.inviata_il`,
    oggetto: sql`c.oggetto`,
    destinatari: sql`c.destinatari`,
    qualifica: sql`coalesce(p.descrizione, '')`,
    totale: conta(""),
    consegnate: conta(" AND d.consegnata_il IS NOT NULL"),
    lette: conta(" AND d.letta_il IS NOT NULL"),
    allegato: sql`(c.allegato_id IS NOT NULL)`,
    inviata_da: sql`coalesce(trim(u.nome || ' ' || u.cognome), '')`,
  },
});
