/**
 * GET /api/cms/utenti/ on the list engine (SPEC §7 CMS): global search, email, cellulare,
 * tipologia_id (`?page_size=99999&tipologia_id=V` gives the events' viewer candidates) and the
 * custom filter `stato` — T tutti, A attivi, N non attivi.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { codiceAccessoVisto } from "../../../../src/domain/cms";
import { UtentiCmsList } from "../../../../src/domain/contracts/cms/utenti";
import { defineList } from "../../../lib/list";

export const utentiCmsList = defineList(UtentiCmsList, {
  from: sql`cms_utenti u`,
  joins: {
    t: { table: "tipi_utente_cms", on: { id: sql`u.tipologia_id` } },
    o: { table: "operatori", on: { id: sql`u.operatore_id` }, left: true },
  },
  key: sql`u.id`,
  sql: {
    id: sql`u.id`,
    first_name: { sql: sql`u.first_name`, orderBy: sql`lower(u.first_name)` },
    last_name: { sql: sql`u.last_name`, orderBy: sql`lower(u.last_name)` },
    tipologia: sql`json_build_object('id', t.id, 'titolo', t.titolo)`,
    tipologia_id: sql`u.tipologia_id`,
    email: sql`u.email`,
    cellulare: sql`u.cellulare`,
    attivo: sql`u.attivo`,
    creato_il: sql`u.creato_il`,
    codice_accesso: sql`u.codice_accesso`,
    utente_erp: sql`CASE WHEN o.id IS NULL THEN NULL ELSE json_build_object('id', o.id, 'nome', o.nome, 'cognome', o.cognome) END`,
  },
  // The access code is a credential: whole only to cms_admin (issue 30 item 4).
  map: (r, ctx) => ({ ...r, codice_accesso: codiceAccessoVisto(String(r.codice_accesso), ctx.user?.permissions) }),
  filters: {
    stato: {
      schema: z.enum(["T", "A", "N"], { error: "Stato non valido (T, A o N)" }),
      where: (v) => (v === "A" ? sql`u.attivo` : v === "N" ? sql`NOT u.attivo` : undefined),
    },
  },
});
