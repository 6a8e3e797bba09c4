/**
 * GET /api/fatturazione/consuntivo/?contratto=&mese=YYYY-MM on the list engine: the contract's
 * assignments whose planned day is in the month, with planned hours, the check-ins (first in, last
 * out, within the shift), the worked hours and where they come from (correction, check-ins, plan);
 * the shifts with a check-in and no check-out first.
 */
import { sql } from "drizzle-orm";
import { dbId } from "../../../../src/domain/contracts/common";
import { ConsuntivoList, mese } from "../../../../src/domain/contracts/fatturazione/consuntivo";
import { badRequest } from "../../../lib/errors";
import { defineList, LIST_ERROR_DETAIL } from "../../../lib/list";

const ORARIO = sql`left(t.inizio_f1::text, 5) || '–' || left(t.fine_f1::text, 5) ||
  CASE WHEN t.inizio_f2 IS NULL THEN '' ELSE ' e ' || left(t.inizio_f2::text, 5) || '–' || left(t.fine_f2::text, 5) END`;

/** The first day of 'YYYY-MM'. */
export const primoDelMese = (m: string) => `${m}-01`;

const APERTO = sql`(rt.id IS NULL AND tb.ingresso IS NOT NULL AND (tb.uscita IS NULL OR tb.ultimo_ingresso > tb.uscita))`;

export const consuntivoList = defineList(ConsuntivoList, {
  from: sql`turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id
    JOIN servizi s ON s.id = g.servizio_id`,
  joins: {
    o: { table: "operatori", on: { id: sql`a.operatore_id` } },
    p: { table: "posizioni", on: { id: sql`t.posizione_id` } },
    r: { table: "report_ore_turni", on: { turno_operatore_id: sql`a.id` }, left: true },
    tb: {
      oneRow: "aggregates without GROUP BY: one row per assignment",
      lateral: sql`LEFT JOIN LATERAL (
      SELECT min(x.data_ora_valida) FILTER (WHERE x.tipo = 'ingresso') AS ingresso,
             max(x.data_ora_valida) FILTER (WHERE x.tipo = 'uscita') AS uscita,
             max(x.data_ora_valida) FILTER (WHERE x.tipo = 'ingresso') AS ultimo_ingresso
      FROM (SELECT min(lower(q.periodo)) AS inizio, max(upper(q.periodo)) AS fine
            FROM turni_operatori_periodi q WHERE q.turno_operatore_id = a.id) sp
      JOIN app_timbrature x ON x.turno_id = a.turno_id AND x.operatore_id = a.operatore_id
       AND erp_timbratura_nel_turno(x.data_ora_valida, sp.inizio, sp.fine)) tb ON true`,
    },
    rt: {
      oneRow: "LIMIT 1: the assignment's last correction",
      lateral: sql`LEFT JOIN LATERAL (SELECT z.id, z.periodi, z.motivo FROM fatturazione_rettifiche z
      WHERE z.turno_operatore_id = a.id ORDER BY z.id DESC LIMIT 1) rt ON true`,
    },
  },
  key: sql`a.id`,
  where: (ctx) => {
    const errors: Record<string, string> = {};
    if (!ctx.filters.contratto) errors.contratto = "Indica il contratto";
    if (!ctx.filters.mese) errors.mese = "Indica il mese";
    if (Object.keys(errors).length) throw badRequest(LIST_ERROR_DETAIL, errors);
    return undefined;
  },
  sql: {
    giorno: sql`g.giorno`,
    servizio: sql`s.descrizione`,
    posizione: sql`p.descrizione`,
    operatore: sql`o.cognome || ' ' || o.nome`,
    orario: { sql: ORARIO, orderBy: sql`t.inizio_f1` },
    pianificate: sql`coalesce(r.pianificate, 0)`,
    ingresso: sql`tb.ingresso`,
    uscita: sql`tb.uscita`,
    lavorate: sql`CASE WHEN rt.id IS NOT NULL
        THEN (SELECT sum(extract(epoch FROM upper(x) - lower(x)))::integer FROM unnest(rt.periodi) x)
      WHEN r.fonte = 'effettive' THEN r.feriale_diurno + r.feriale_notturno + r.domenica_diurno + r.domenica_notturno
        + r.festivo_diurno + r.festivo_notturno + r.festivo_domenica_diurno + r.festivo_domenica_notturno END`,
    fonte: sql`CASE WHEN rt.id IS NOT NULL THEN 'Rettifica' WHEN r.fonte = 'effettive' THEN 'Timbrature' ELSE 'Pianificate' END`,
    aperto: sql`${APERTO}`,
    motivo: sql`coalesce(rt.motivo, '')`,
  },
  columns: {
    id: sql`a.id`,
    operatore_id: sql`a.operatore_id`,
  },
  filters: {
    contratto: { schema: dbId(), where: (v) => sql`s.contratto_id = ${v as number}` },
    mese: {
      schema: mese(),
      where: (v) =>
        sql`g.giorno >= ${primoDelMese(v as string)}::date AND g.giorno < (${primoDelMese(v as string)}::date + interval '1 month')`,
    },
  },
});
