/**
 * The dashboard's figures (contracts/report/dashboard.ts). The expiries, the month's money, the open
 * tickets and anomalies and the events in progress are the lists themselves (their count, or their
 * sum grouped by month), so a figure always equals the list it links to; today's shifts are one
 * query over the day's shifts. A figure of a list the user may not open is not computed nor sent.
 */
import { sql } from "drizzle-orm";
import type { Dashboard } from "../../../../src/domain/contracts/report/dashboard";
import { GIORNI_IN_SCADENZA } from "../../../../src/domain/documenti";
import { CAPABILITIES, hasAny } from "../../../../src/domain/permissions";
import { addDays, instantToRome } from "../../../../src/domain/shift-rules";
import { queryOne } from "../../../db/query";
import type { ServiceContext } from "../../../lib/context";
import { runList } from "../../../lib/list";
import { eventiList } from "../../cms/eventi/eventi.list";
import { anomalieList } from "../../console/anomalie/anomalie.list";
import { ticketList } from "../../console/ticket-supporto/ticket-supporto.list";
import { marginalitaList } from "../analisi-ricavi/analisi-ricavi.list";
import { scadenzeCorsiList, scadenzeDocumentiList } from "../scadenze/scadenze.list";
import { ASSEGNAZIONI_DEL_TURNO, COPERTURA } from "./copertura";

const NO_USER = { user: null, params: {} };

/** How many rows a list has with these filters (its own count, so the figure equals the list it links to). */
const quanti = async (ctx: ServiceContext, list: Parameters<typeof runList>[1], filters: Record<string, string>) =>
  (await runList(ctx.db, list, { ...filters, page_size: "1" }, { ...NO_USER, clock: ctx.clock })).count;

export async function dashboard(ctx: ServiceContext): Promise<Dashboard> {
  const oggi = instantToRome(ctx.clock().getTime()).day;
  const entro = addDays(oggi, GIORNI_IN_SCADENZA);
  const dal = `${oggi.slice(0, 7)}-01`;
  const al = addDays(`${addDays(dal, 31).slice(0, 7)}-01`, -1);
  const can = (capability: readonly string[]) => hasAny(ctx.actor.permissions, capability);
  const soldi = can(CAPABILITIES.marginalita);
  const [turni, documenti, corsi, mese, ticket, anomalie, eventi] = await Promise.all([
    queryOne<Dashboard["turni"]>(
      ctx.db,
      sql`SELECT count(*)::integer AS totale,
                 count(*) FILTER (WHERE ${COPERTURA.coperti})::integer AS coperti,
                 count(*) FILTER (WHERE ${COPERTURA.scoperti})::integer AS scoperti,
                 count(*) FILTER (WHERE ${COPERTURA.non_confermati})::integer AS non_confermati
          FROM giorni g JOIN turni t ON t.giorno_id = g.id ${ASSEGNAZIONI_DEL_TURNO}
          WHERE g.giorno = ${oggi}::date`,
    ),
    can(CAPABILITIES.scadenzeDocumenti) ? quanti(ctx, scadenzeDocumentiList, { entro }) : undefined,
    can(CAPABILITIES.scadenzeCorsi) ? quanti(ctx, scadenzeCorsiList, { entro }) : undefined,
    soldi ? runList(ctx.db, marginalitaList, { dal, al, group_by: "mese" }, NO_USER) : null,
    can(CAPABILITIES.ticketSupporto) ? quanti(ctx, ticketList, { stato: "aperto" }) : undefined,
    can(CAPABILITIES.anomalie) ? quanti(ctx, anomalieList, { stato: "aperta" }) : undefined,
    can(CAPABILITIES.cmsControlRoom) ? quanti(ctx, eventiList, { periodo: "in-corso" }) : undefined,
  ]);
  const totali = (mese?.results[0] ?? {}) as Record<string, number | null | undefined>;
  const euro = (k: string) => Number(totali[k] ?? 0);
  return {
    oggi,
    turni: turni ?? { totale: 0, coperti: 0, scoperti: 0, non_confermati: 0 },
    scadenze: {
      entro,
      ...(documenti !== undefined && { documenti }),
      ...(corsi !== undefined && { corsi }),
    },
    mese: soldi
      ? { dal, al, ricavi: euro("ricavi"), compensi: euro("compensi"), costi: euro("costi"), margine: euro("margine") }
      : { dal, al },
    ...(ticket !== undefined && { ticket_aperti: ticket }),
    ...(anomalie !== undefined && { anomalie_aperte: anomalie }),
    ...(eventi !== undefined && { eventi_in_corso: eventi }),
  };
}
