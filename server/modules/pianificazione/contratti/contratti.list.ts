/**
 * GET /api/pianificazione/contratti/ on the list engine: the fields of ContrattiList
 * (src/domain/contracts/pianificazione/contratti.ts) read from SQL — the contracts with their
 * client, how many services they have and the period those services cover.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { ContrattiList } from "../../../../src/domain/contracts/pianificazione/contratti";
import { defineList } from "../../../lib/list";

const SERVIZI = sql`servizi s WHERE s.contratto_id = c.id`;

export const contrattiList = defineList(ContrattiList, {
  from: sql`contratti c`,
  // contratti.cliente_id is NOT NULL REFERENCES clienti: one client per contract.
  joins: { cl: { table: "clienti", on: { id: sql`c.cliente_id` } } },
  key: sql`c.id`,
  sql: {
    id: sql`c.id`,
    titolo: { sql: sql`c.titolo`, orderBy: sql`lower(c.titolo)` },
    cliente: { sql: sql`cl.ragione_sociale`, orderBy: sql`lower(cl.ragione_sociale)` },
    numero_contratto: sql`c.numero_contratto`,
    tipo_contratto: sql`c.tipo_contratto`,
    tipo_servizio: sql`c.tipo_servizio`,
    sede: sql`c.sede`,
    responsabile: sql`c.responsabile`,
    attivo: sql`c.attivo`,
    servizi: sql`(SELECT count(*) FROM ${SERVIZI})`,
    dal: sql`(SELECT min(s.dal) FROM ${SERVIZI})`,
    al: sql`(SELECT max(s.al) FROM ${SERVIZI})`,
  },
  columns: { cliente_id: sql`c.cliente_id` },
  filters: {
    cliente_id: {
      schema: z.coerce.number({ error: "Cliente non valido" }).int("Cliente non valido").positive("Cliente non valido"),
      where: (v) => sql`c.cliente_id = ${v}`,
    },
  },
  map: ({ cliente_id, cliente, ...row }) => ({
    ...row,
    cliente: { id: cliente_id, ragione_sociale: cliente },
    cliente_id,
  }),
});
