/**
 * GET /api/report/compensi/mensile/?dal&al: the payroll office's monthly file (contract and column
 * layout: src/domain/contracts/report/compensi-mensili.ts). The same rows and money as the compensi
 * report (assegnazioni.ts: report_ore_turni's bands, COMPENSO) summed per operator and month in one
 * sub-query; the period filters its months (PostgreSQL pushes the condition on the grouped month
 * into the sub-query, before the sums).
 */
import { sql } from "drizzle-orm";
import { CompensiMensiliList } from "../../../../src/domain/contracts/report/compensi-mensili";
import { badRequest } from "../../../lib/errors";
import { defineList, LIST_ERROR_DETAIL, listJoinSql, requirePeriod } from "../../../lib/list";
import { assegnazioniSql, COMPENSO, MAX_GIORNI_REPORT, meseDi, PREZZA } from "../assegnazioni";

const f = assegnazioniSql.sql;
const MESE = meseDi(sql`r.giorno`);

const mensile = sql`(
  SELECT r.operatore_id, ${MESE} AS mese, count(*)::integer AS turni,
         count(*) FILTER (WHERE r.fonte = 'effettive')::integer AS turni_timbrati,
         sum(${f.ore_pianificate})::bigint AS ore_pianificate, sum(${f.ore})::bigint AS ore,
         sum(${f.diurne})::bigint AS diurne, sum(${f.notturne})::bigint AS notturne,
         sum(${f.domenicali})::bigint AS domenicali, sum(${f.festive})::bigint AS festive,
         sum(${COMPENSO}) AS compenso, count(*) FILTER (WHERE cc.id IS NULL)::integer AS turni_senza_compenso
  FROM ${assegnazioniSql.from} ${listJoinSql("cc", assegnazioniSql.joins.cc)}
  GROUP BY r.operatore_id, ${MESE}
) m JOIN operatori o ON o.id = m.operatore_id`;

const lastDay = (d: string) => {
  const [y, mo] = d.split("-").map(Number);
  return new Date(Date.UTC(y, mo, 0)).getUTCDate() === Number(d.slice(8, 10));
};

export const compensiMensiliList = defineList(CompensiMensiliList, {
  from: mensile,
  prepare: PREZZA,
  key: sql`(to_char(m.mese, 'YYYY-MM') || '/' || m.operatore_id)`,
  where: (ctx) => {
    requirePeriod(ctx, MAX_GIORNI_REPORT);
    const dal = ctx.filters.dal as string;
    const al = ctx.filters.al as string;
    const errors: Record<string, string> = {};
    if (!dal.endsWith("-01")) errors.dal = "Il file paghe va per mesi interi: indica il primo giorno di un mese";
    if (!lastDay(al)) errors.al = "Il file paghe va per mesi interi: indica l'ultimo giorno di un mese";
    if (Object.keys(errors).length) throw badRequest(LIST_ERROR_DETAIL, errors);
    return undefined;
  },
  filters: {
    dal: { schema: assegnazioniSql.filters.dal.schema, where: (v) => sql`m.mese >= ${v as string}::date` },
    al: { schema: assegnazioniSql.filters.al.schema, where: (v) => sql`m.mese <= ${v as string}::date` },
  },
  sql: {
    id: sql`(to_char(m.mese, 'YYYY-MM') || '/' || m.operatore_id)`,
    mese: { sql: sql`to_char(m.mese, 'MM/YYYY')`, orderBy: sql`m.mese` },
    matricola: sql`o.codice`,
    cognome: { sql: sql`o.cognome`, orderBy: sql`lower(o.cognome), lower(o.nome)` },
    nome: sql`o.nome`,
    codice_fiscale: sql`o.codice_fiscale`,
    turni: sql`m.turni`,
    turni_timbrati: sql`m.turni_timbrati`,
    ore_pianificate: sql`m.ore_pianificate`,
    ore: sql`m.ore`,
    diurne: sql`m.diurne`,
    notturne: sql`m.notturne`,
    domenicali: sql`m.domenicali`,
    festive: sql`m.festive`,
    compenso: sql`m.compenso`,
    turni_senza_compenso: sql`m.turni_senza_compenso`,
    operatore_id: sql`m.operatore_id`,
  },
});
