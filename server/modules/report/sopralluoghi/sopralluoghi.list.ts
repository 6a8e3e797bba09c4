/** GET /api/report/sopralluoghi/: the site inspections, newest first. */
import { sql } from "drizzle-orm";
import { SopralluoghiList } from "../../../../src/domain/contracts/report/sopralluoghi";
import { ESITI_SOPRALLUOGO } from "../../../../src/domain/sopralluogo";
import { defineList } from "../../../lib/list";
import { etichetta } from "../etichette";
import { OWNER_SOPRALLUOGO } from "./sopralluoghi-foto.service";

export const sopralluoghiList = defineList(SopralluoghiList, {
  from: sql`sopralluoghi x`,
  joins: { cl: { table: "clienti", on: { id: sql`x.cliente_id` }, left: true } },
  key: sql`x.id`,
  sql: {
    id: sql`x.id`,
    data: sql`x.data`,
    cliente: sql`coalesce(cl.ragione_sociale, x.potenziale_cliente)`,
    potenziale: sql`(x.cliente_id IS NULL)`,
    indirizzo: sql`x.indirizzo`,
    citta: sql`x.citta`,
    ispettore: sql`x.ispettore`,
    esito: sql`x.esito`,
    esito_descrizione: etichetta(sql`x.esito`, ESITI_SOPRALLUOGO),
    servizio_consigliato: sql`x.servizio_consigliato`,
    foto: sql`(SELECT count(*) FROM files f WHERE f.owner_type = ${OWNER_SOPRALLUOGO} AND f.owner_id = x.id::text)::integer`,
  },
});
