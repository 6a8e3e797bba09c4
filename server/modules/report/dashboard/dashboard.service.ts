/**
 * The dashboard's figures (contracts/report/dashboard.ts). The expiries and the month's money are
 * the scadenze and Marginalità lists themselves (their count and their sum grouped by month), so a
 * figure always equals the list it links to; today's shifts are one query over the day's shifts.
 */
import { sql } from "drizzle-orm";
import type { Dashboard } from "../../../../src/domain/contracts/report/dashboard";
import { GIORNI_IN_SCADENZA } from "../../../../src/domain/documenti";
import { CAPABILITIES, hasAny } from "../../../../src/domain/permissions";
import { addDays, instantToRome } from "../../../../src/domain/shift-rules";
import { queryOne } from "../../../db/query";
import type { ServiceContext } from "../../../lib/context";
import { runList } from "../../../lib/list";
import { marginalitaList } from "../analisi-ricavi/analisi-ricavi.list";
import { scadenzeCorsiList, scadenzeDocumentiList } from "../scadenze/scadenze.list";
import { ASSEGNAZIONI_DEL_TURNO, COPERTURA } from "./copertura";

const NO_USER = { user: null, params: {} };

export async function dashboard(ctx: ServiceContext): Promise<Dashboard> {
  const oggi = instantToRome(ctx.clock().getTime()).day;
  const entro = addDays(oggi, GIORNI_IN_SCADENZA);
  const dal = `${oggi.slice(0, 7)}-01`;
  const al = addDays(`${addDays(dal, 31).slice(0, 7)}-01`, -1);
  const soldi = hasAny(ctx.actor.permissions, CAPABILITIES.marginalita);
  const [turni, documenti, corsi, mese] = await Promise.all([
    queryOne<Dashboard["turni"]>(
      ctx.db,
      sql`SELECT count(*)::integer AS totale,
                 count(*) FILTER (WHERE ${COPERTURA.coperti})::integer AS coperti,
                 count(*) FILTER (WHERE ${COPERTURA.scoperti})::integer AS scoperti,
                 count(*) FILTER (WHERE ${COPERTURA.non_confermati})::integer AS non_confermati
          FROM giorni g JOIN turni t ON t.giorno_id = g.id ${ASSEGNAZIONI_DEL_TURNO}
          WHERE g.giorno = ${oggi}::date`,
    ),
    runList(ctx.db, scadenzeDocumentiList, { entro, page_size: "1" }, NO_USER),
    runList(ctx.db, scadenzeCorsiList, { entro, page_size: "1" }, NO_USER),
    soldi ? runList(ctx.db, marginalitaList, { dal, al, group_by: "mese" }, NO_USER) : null,
  ]);
  const totali = (mese?.results[0] ?? {}) as Record<string, number | null | undefined>;
  const euro = (k: string) => Number(totali[k] ?? 0);
  return {
    oggi,
    turni: turni ?? { totale: 0, coperti: 0, scoperti: 0, non_confermati: 0 },
    scadenze: { entro, documenti: documenti.count, corsi: corsi.count },
    mese: soldi
      ? { dal, al, ricavi: euro("ricavi"), compensi: euro("compensi"), costi: euro("costi"), margine: euro("margine") }
      : { dal, al },
  };
}
