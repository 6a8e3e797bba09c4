/**
 * GET /api/anagrafiche/clienti/ on the generic list engine: the fields of ClientiList
 * (src/domain/contracts/anagrafiche/clienti.ts) read from SQL.
 */
import { sql } from "drizzle-orm";
import { ClientiList } from "../../../../src/domain/contracts/anagrafiche/clienti";
import { defineList } from "../../../lib/list";

export const clientiList = defineList(ClientiList, {
  from: sql`clienti c`,
  key: sql`c.id`,
  sql: {
    id: sql`c.id`,
    ragione_sociale: sql`c.ragione_sociale`,
    partita_iva: sql`c.partita_iva`,
    codice_fiscale: sql`c.codice_fiscale`,
    codice_sdi: sql`c.codice_sdi`,
    pec: sql`c.pec`,
    email: sql`c.email`,
    telefono: sql`c.telefono`,
    indirizzo: sql`c.indirizzo`,
    cap: sql`c.cap`,
    citta: sql`c.citta`,
    prov: sql`c.prov`,
    attivo: sql`c.attivo`,
    sedi: sql`(SELECT count(*)::int FROM clienti_sedi s WHERE s.cliente_id = c.id)`,
    created_at: sql`c.created_at`,
  },
});
