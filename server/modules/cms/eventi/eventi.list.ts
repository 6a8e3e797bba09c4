/**
 * GET /api/cms/eventi/ (and the control room's GET /api/cms/control-room/eventi/) on the list
 * engine. Custom filters of SPEC §7: `globalsearch` (titolo, descrizione, città), `data_inizio`
 * (events still running on or after that day) and `data_fine` (events begun on or before that
 * day); ours: `periodo` (passati | in-corso | futuri, against the server's clock, SPEC §4).
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { PERIODI, type Periodo } from "../../../../src/domain/cms";
import { EventiList } from "../../../../src/domain/contracts/cms/eventi";
import { day } from "../../../../src/domain/contracts/pianificazione/fields";
import { defineList } from "../../../lib/list";

export const eventiList = defineList(EventiList, {
  from: sql`cms_eventi e`,
  key: sql`e.id`,
  sql: {
    id: sql`e.id`,
    titolo: { sql: sql`e.titolo`, orderBy: sql`lower(e.titolo)` },
    descrizione: sql`e.descrizione`,
    indirizzo: sql`e.indirizzo`,
    citta: { sql: sql`e.citta`, orderBy: sql`lower(e.citta)` },
    prov: sql`e.prov`,
    data_inizio: sql`e.data_inizio`,
    data_fine: sql`e.data_fine`,
    contatore: sql`e.contatore`,
    abilitato: sql`e.abilitato`,
    varchi: sql`(SELECT count(*)::int FROM cms_varchi v WHERE v.evento_id = e.id)`,
    capienza: sql`(SELECT coalesce(sum(v.capienza), 0)::int FROM cms_varchi v WHERE v.evento_id = e.id)`,
  },
  filters: {
    globalsearch: {
      schema: z.string().max(200),
      where: (v) => {
        const words = (v as string).trim().split(/\s+/).filter(Boolean);
        if (words.length === 0) return undefined;
        return sql.join(
          words.map((w: string) => {
            const p = `%${w.replace(/[\\%_]/g, (c: string) => `\\${c}`)}%`;
            return sql`(e.titolo ILIKE ${p} OR e.descrizione ILIKE ${p} OR e.citta ILIKE ${p})`;
          }),
          sql` AND `,
        );
      },
    },
    data_inizio: { schema: day(), where: (v) => (v ? sql`e.data_fine >= ${v as string}::date` : undefined) },
    data_fine: {
      schema: day(),
      where: (v) => (v ? sql`e.data_inizio < (${v as string}::date + 1)` : undefined),
    },
    periodo: {
      schema: z.enum(PERIODI as [Periodo, ...Periodo[]], { error: "Periodo non valido" }),
      where: (v, ctx) => {
        const now = ctx.clock?.() ?? (ctx.request ? ctx.request.server.clock() : new Date());
        if (v === "passati") return sql`e.data_fine < ${now}`;
        if (v === "futuri") return sql`e.data_inizio > ${now}`;
        return sql`e.data_inizio <= ${now} AND e.data_fine >= ${now}`;
      },
    },
  },
});
