/** GET /api/report/dashboard/turni/?giorno&copertura: the day's shifts behind the dashboard's figures. */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { day } from "../../../../src/domain/contracts/pianificazione/fields";
import { COPERTURE, type Copertura, TurniGiornoList } from "../../../../src/domain/contracts/report/turni-giorno";
import { badRequest } from "../../../lib/errors";
import { defineList, LIST_ERROR_DETAIL } from "../../../lib/list";
import { ASSEGNAZIONI_DEL_TURNO, COPERTURA } from "./copertura";

export const turniGiornoList = defineList(TurniGiornoList, {
  from: sql`giorni g JOIN turni t ON t.giorno_id = g.id ${ASSEGNAZIONI_DEL_TURNO}`,
  joins: {
    s: { table: "servizi", on: { id: sql`g.servizio_id` } },
    c: { table: "contratti", on: { id: sql`s.contratto_id` } },
    cl: { table: "clienti", on: { id: sql`c.cliente_id` } },
    p: { table: "posizioni", on: { id: sql`t.posizione_id` } },
  },
  key: sql`t.id`,
  where: (ctx) => {
    if (!ctx.filters.giorno) throw badRequest(LIST_ERROR_DETAIL, { giorno: "Indica il giorno" });
    return undefined;
  },
  filters: {
    giorno: { schema: day(), where: (v) => sql`g.giorno = ${v as string}::date` },
    copertura: {
      schema: z.enum(COPERTURE, { error: "Copertura non valida" }),
      where: (v) => COPERTURA[v as Copertura],
    },
  },
  sql: {
    id: sql`t.id`,
    giorno: sql`g.giorno`,
    cliente: sql`cl.ragione_sociale`,
    contratto: sql`c.titolo`,
    servizio: sql`CASE WHEN s.descrizione = '' THEN 'Servizio ' || s.id ELSE s.descrizione END`,
    orario: {
      sql: sql`left(t.inizio_f1::text, 5) || '–' || left(t.fine_f1::text, 5) || CASE WHEN t.inizio_f2 IS NULL THEN ''
        ELSE ' e ' || left(t.inizio_f2::text, 5) || '–' || left(t.fine_f2::text, 5) END`,
      orderBy: sql`t.inizio_f1`,
    },
    qualifica: sql`p.descrizione`,
    operatori_richiesti: sql`t.operatori_richiesti`,
    assegnati: sql`x.n`,
    confermati: sql`(x.n - x.nc)`,
    mancanti: sql`greatest(t.operatori_richiesti - x.n, 0)`,
    contratto_id: sql`s.contratto_id`,
    servizio_id: sql`g.servizio_id`,
    giorno_id: sql`g.id`,
  },
});
