/**
 * GET /api/pianificazione/intermittenti/?dal=&al= on the list engine: one row per assignment of an
 * operator whose intermittent employment contract covers the day, with whether the mandatory
 * advance communication of the call was sent. JSON rows keep the earlier shape (operatore as
 * {id, cognome, nome}, the shift's times, comunicazione_inviata, inviata_il, riferimento).
 */
import { sql } from "drizzle-orm";
import { IntermittentiList } from "../../../../src/domain/contracts/pianificazione/intermittenti";
import { defineList } from "../../../lib/list";
import { periodFilters, requirePeriod } from "../../../lib/list/periodo";
import { ORARIO_SQL } from "./orario-sql";

export const MAX_GIORNI_INTERMITTENTI = 400;

export const intermittentiList = defineList(IntermittentiList, {
  from: sql`turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id`,
  // NOT NULL foreign keys, and at most one communication per assignment (its primary key).
  joins: {
    s: { table: "servizi", on: { id: sql`g.servizio_id` } },
    c: { table: "contratti", on: { id: sql`s.contratto_id` } },
    cl: { table: "clienti", on: { id: sql`c.cliente_id` } },
    o: { table: "operatori", on: { id: sql`a.operatore_id` } },
    ic: { table: "intermittenti_comunicazioni", on: { turno_operatore_id: sql`a.id` }, left: true },
  },
  key: sql`a.id`,
  where: (ctx) => {
    requirePeriod(ctx, MAX_GIORNI_INTERMITTENTI);
    return sql`EXISTS (SELECT 1 FROM operatori_contratti oc WHERE oc.operatore_id = a.operatore_id AND oc.tipo = 'intermittente'
      AND oc.data_inizio <= g.giorno AND (oc.data_fine IS NULL OR oc.data_fine >= g.giorno))`;
  },
  sql: {
    id: sql`a.id`,
    giorno: sql`g.giorno`,
    orario: { sql: ORARIO_SQL, orderBy: sql`t.inizio_f1` },
    ore: sql`(SELECT coalesce(sum(extract(epoch FROM upper(p.periodo) - lower(p.periodo))), 0)
        FROM turni_operatori_periodi p WHERE p.turno_operatore_id = a.id)`,
    operatore: { sql: sql`o.cognome || ' ' || o.nome`, orderBy: sql`lower(o.cognome), lower(o.nome)` },
    cliente: sql`cl.ragione_sociale`,
    contratto: sql`c.titolo`,
    confermato: sql`a.confermato`,
    comunicazione_inviata: sql`(ic.turno_operatore_id IS NOT NULL)`,
    inviata_il: sql`ic.inviata_il`,
    riferimento: sql`ic.riferimento`,
  },
  columns: {
    operatore_id: sql`o.id`,
    operatore_cognome: sql`o.cognome`,
    operatore_nome: sql`o.nome`,
    turno_id: sql`t.id`,
    servizio_id: sql`s.id`,
    contratto_id: sql`c.id`,
    inizio_f1: sql`t.inizio_f1::text`,
    fine_f1: sql`t.fine_f1::text`,
    inizio_f2: sql`t.inizio_f2::text`,
    fine_f2: sql`t.fine_f2::text`,
  },
  filters: { ...periodFilters(sql`g.giorno`) },
  map: ({ operatore_id, operatore_cognome, operatore_nome, operatore: _o, ...row }) => ({
    ...row,
    operatore: { id: operatore_id, cognome: operatore_cognome, nome: operatore_nome },
  }),
});
