/**
 * GET /api/pianificazione/registro-turni/?dal=&al=[&al_momento=] on the list engine: the shift
 * register of a period as it stood at `al_momento` (an instant, or a day: the end of it; now by
 * default) — per shift and operator the last register row up to then, unless it is a removal. A
 * request covers at most a year; exports (xlsx, pdf, csv) for the authority.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { RegistroTurniList } from "../../../../src/domain/contracts/pianificazione/registro-turni";
import { parseDay } from "../../../../src/domain/shift-rules";
import { defineList } from "../../../lib/list";
import { periodFilters, requirePeriod } from "../../../lib/list/periodo";

const ORARIO = sql`left(r.inizio_f1::text, 5) || '–' || left(r.fine_f1::text, 5) ||
  CASE WHEN r.inizio_f2 IS NULL THEN '' ELSE ' e ' || left(r.inizio_f2::text, 5) || '–' || left(r.fine_f2::text, 5) END`;

/** 'YYYY-MM-DD' (the end of that day, Rome) or an ISO instant. */
const istante = z
  .string()
  .trim()
  .refine((v) => parseDay(v) !== null || !Number.isNaN(Date.parse(v)), "Data o istante non valido");

export const registroTurniList = defineList(RegistroTurniList, {
  from: sql`registro_turni r JOIN operatori o ON o.id = r.operatore_id`,
  joins: {
    s: { table: "servizi", on: { id: sql`r.servizio_id` }, left: true },
    c: { table: "contratti", on: { id: sql`s.contratto_id` }, left: true },
    cl: { table: "clienti", on: { id: sql`c.cliente_id` }, left: true },
    u: { table: "users", on: { id: sql`r.utente_id` }, left: true },
  },
  key: sql`r.id`,
  where: (ctx) => {
    requirePeriod(ctx, 366);
    const at = ctx.filters.al_momento as string | undefined;
    const until = !at
      ? sql`true`
      : parseDay(at)
        ? sql`x.registrato_il < ((${at}::date + 1)::timestamp AT TIME ZONE 'Europe/Rome')`
        : sql`x.registrato_il <= ${at}::timestamptz`;
    return sql`r.evento <> 'rimozione' AND r.id = (SELECT max(x.id) FROM registro_turni x
      WHERE x.turno_id = r.turno_id AND x.operatore_id = r.operatore_id AND ${until})`;
  },
  sql: {
    giorno: sql`r.giorno`,
    orario: { sql: ORARIO, orderBy: sql`r.inizio_f1` },
    operatore: sql`o.cognome || ' ' || o.nome`,
    cliente: sql`coalesce(cl.ragione_sociale, '')`,
    contratto: sql`coalesce(c.titolo, '')`,
    confermato: sql`r.confermato`,
    ultima_modifica: sql`r.registrato_il`,
    evento: sql`CASE r.evento WHEN 'assegnazione' THEN 'Assegnazione' WHEN 'conferma' THEN 'Conferma'
      WHEN 'annullamento_conferma' THEN 'Conferma annullata' WHEN 'modifica_orari' THEN 'Orari modificati' ELSE r.evento END`,
    utente: sql`coalesce(u.cognome || ' ' || u.nome, '')`,
    motivo: sql`r.motivo`,
  },
  columns: {
    id: sql`r.id`,
    turno_id: sql`r.turno_id`,
    operatore_id: sql`r.operatore_id`,
    // Where the shift was planned (null once its service is gone): a row opens the service's grid.
    contratto_id: sql`s.contratto_id`,
    servizio_id: sql`s.id`,
  },
  filters: {
    ...periodFilters(sql`r.giorno`),
    // Read by `where` above (which row of each pair is the one that stood then).
    al_momento: { schema: istante, where: () => undefined },
  },
});
