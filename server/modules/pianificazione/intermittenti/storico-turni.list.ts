/**
 * GET /api/pianificazione/storico-turni/?dal=&al= on the list engine: the shift plan of a period
 * (any past period: two years of shift records are kept), one row per shift with its operators.
 * A request covers at most a year; exports stream (server-side cursor on PostgreSQL).
 */
import { sql } from "drizzle-orm";
import { StoricoTurniList } from "../../../../src/domain/contracts/pianificazione/storico-turni";
import { defineList } from "../../../lib/list";
import { periodFilters, requirePeriod } from "../../../lib/list/periodo";
import { ORARIO_SQL } from "./orario-sql";

export const MAX_GIORNI_STORICO = 366;

const ASSEGNATI = sql`turni_operatori a WHERE a.turno_id = t.id`;

export const storicoTurniList = defineList(StoricoTurniList, {
  from: sql`giorni g JOIN turni t ON t.giorno_id = g.id`,
  // Each a NOT NULL foreign key: one row per shift.
  joins: {
    s: { table: "servizi", on: { id: sql`g.servizio_id` } },
    c: { table: "contratti", on: { id: sql`s.contratto_id` } },
    cl: { table: "clienti", on: { id: sql`c.cliente_id` } },
    p: { table: "posizioni", on: { id: sql`t.posizione_id` } },
  },
  key: sql`t.id`,
  where: (ctx) => {
    requirePeriod(ctx, MAX_GIORNI_STORICO);
    return undefined;
  },
  sql: {
    giorno: sql`g.giorno`,
    cliente: sql`cl.ragione_sociale`,
    contratto: sql`c.titolo`,
    indirizzo: sql`s.indirizzo`,
    turno_id: sql`t.id`,
    orario: { sql: ORARIO_SQL, orderBy: sql`t.inizio_f1` },
    posizione: sql`p.descrizione`,
    operatori_richiesti: sql`t.operatori_richiesti`,
    assegnati: sql`(SELECT count(*) FROM ${ASSEGNATI})`,
    confermati: sql`(SELECT count(*) FROM ${ASSEGNATI} AND a.confermato)`,
    operatori: sql`(SELECT coalesce(array_agg(o.cognome || ' ' || o.nome || CASE WHEN a.confermato THEN ' (confermato)' ELSE '' END
                  ORDER BY o.cognome, o.nome, o.id), '{}')
                FROM turni_operatori a JOIN operatori o ON o.id = a.operatore_id WHERE a.turno_id = t.id)`,
    ore_lavorate: sql`(SELECT coalesce(sum(extract(epoch FROM upper(x.periodo) - lower(x.periodo))), 0)
        FROM turni_operatori_periodi x WHERE x.turno_id = t.id)`,
  },
  columns: {
    contratto_id: sql`c.id`,
    servizio_id: sql`s.id`,
    giorno_id: sql`g.id`,
    inizio_f1: sql`t.inizio_f1::text`,
    fine_f1: sql`t.fine_f1::text`,
    inizio_f2: sql`t.inizio_f2::text`,
    fine_f2: sql`t.fine_f2::text`,
    operatori_dettaglio: sql`(SELECT coalesce(json_agg(json_build_object('id', o.id, 'cognome', o.cognome, 'nome', o.nome,
        'confermato', a.confermato) ORDER BY o.cognome, o.nome, o.id), '[]'::json)
      FROM turni_operatori a JOIN operatori o ON o.id = a.operatore_id WHERE a.turno_id = t.id)`,
  },
  filters: { ...periodFilters(sql`g.giorno`) },
  map: ({ operatori_dettaglio, ...row }) => ({ ...row, operatori: operatori_dettaglio }),
});
