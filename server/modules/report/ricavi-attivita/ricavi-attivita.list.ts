/** GET /api/report/ricavi-attivita/?dal&al: the assignments of a period with their revenue (gated fields). */
import { sql } from "drizzle-orm";
import { RicaviAttivitaList } from "../../../../src/domain/contracts/report/ricavi-attivita";
import { defineList } from "../../../lib/list";
import { assegnazioniSql, MOTIVO_SENZA_PREZZO, RICAVO } from "../assegnazioni";

export const ricaviAttivitaList = defineList(RicaviAttivitaList, {
  ...assegnazioniSql,
  sql: {
    ...assegnazioniSql.sql,
    prezzo_orario: sql`cp.prezzo_orario`,
    ricavo: RICAVO,
    motivo: sql`CASE WHEN cp.id IS NULL THEN ${MOTIVO_SENZA_PREZZO}::text END`,
  },
});
