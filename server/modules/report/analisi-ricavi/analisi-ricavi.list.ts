/**
 * GET /api/report/analisi-ricavi/?dal&al: Marginalità, one row per contract and month that has
 * shift days or service costs. The months come from a UNION whose month filter PostgreSQL pushes
 * into both branches; each row's revenue, pay and hours are the contract-month's row of
 * report_margini_mesi (migration 0654: kept by the database from the assignments'
 * hours and the contract's rates, the sum analisi-ricavi used to make over a million assignments
 * for a year) with its service costs (0656); brought up to date from the writes' queue before
 * each read (0657, ./margini.job.ts).
 */
import { sql } from "drizzle-orm";
import { day } from "../../../../src/domain/contracts/pianificazione/fields";
import { MarginalitaList } from "../../../../src/domain/contracts/report/analisi-ricavi";
import { defineList, requirePeriod } from "../../../lib/list";
import { MAX_GIORNI_REPORT, meseDi } from "../assegnazioni";
import { RINFRESCA_MARGINI } from "./margini.job";

const RICAVI = sql`coalesce(x.ricavi, 0)`;
const COMPENSI = sql`coalesce(x.compensi, 0)`;
const COSTI = sql`coalesce(x.costi, 0)`;
/** Pay × the qualifications' employer-cost factors (0661); equal to the pay where none is set. */
const COSTO_LAVORO = sql`coalesce(x.costo_lavoro, 0)`;
const MARGINE = sql`(${RICAVI} - ${COMPENSI} - ${COSTI})`;

export const marginalitaList = defineList(MarginalitaList, {
  from: sql`(SELECT s.contratto_id, ${meseDi(sql`g.giorno`)} AS mese
               FROM giorni g JOIN servizi s ON s.id = g.servizio_id
             UNION
             SELECT s.contratto_id, ${meseDi(sql`sc.data`)}
               FROM servizi_costi sc JOIN servizi s ON s.id = sc.servizio_id) m
            JOIN contratti c ON c.id = m.contratto_id`,
  joins: {
    cl: { table: "clienti", on: { id: sql`c.cliente_id` } },
    // The month's money and service costs, kept per contract and month by the database (0654, 0656).
    x: { table: "report_margini_mesi", on: { contratto_id: sql`m.contratto_id`, mese: sql`m.mese` }, left: true },
  },
  key: sql`(m.contratto_id || '-' || m.mese)`,
  // The contract-months the writes queued since the last refresh, recomputed first (usually none).
  prepare: RINFRESCA_MARGINI,
  where: (ctx) => {
    requirePeriod(ctx, MAX_GIORNI_REPORT);
    return undefined;
  },
  // Whole months: every month the period touches.
  filters: {
    dal: {
      schema: day(),
      where: (v) => sql`m.mese >= ${meseDi(sql`${v as string}::date`)}`,
    },
    al: { schema: day(), where: (v) => sql`m.mese <= ${v as string}::date` },
  },
  sql: {
    chiave: sql`(m.contratto_id || '-' || m.mese)`,
    mese: sql`m.mese`,
    cliente: sql`cl.ragione_sociale`,
    contratto: sql`c.titolo`,
    ore: sql`coalesce(x.ore, 0)`,
    ricavi: RICAVI,
    compensi: COMPENSI,
    costo_lavoro: COSTO_LAVORO,
    costi: COSTI,
    margine: MARGINE,
    margine_pct: sql`CASE WHEN ${RICAVI} = 0 THEN NULL ELSE round(${MARGINE} * 100 / ${RICAVI}, 2) END`,
    in_perdita: sql`(${MARGINE} < 0)`,
    turni: sql`coalesce(x.turni, 0)::integer`,
    turni_senza_prezzo: sql`coalesce(x.senza_prezzo, 0)::integer`,
    turni_senza_compenso: sql`coalesce(x.senza_compenso, 0)::integer`,
    cliente_id: sql`c.cliente_id`,
    contratto_id: sql`m.contratto_id`,
  },
});
