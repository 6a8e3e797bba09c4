/**
 * GET /api/comunicazioni/anomalie/ on the list engine: the fields of AnomaliaList
 * (src/domain/contracts/console/anomalie/schemas.ts) read from SQL. New first (open and not opened yet), then newest.
 */
import { sql } from "drizzle-orm";
import { AnomaliaList } from "../../../../src/domain/contracts/console/anomalie/schemas";
import { defineList } from "../../../lib/list";

export const anomalieList = defineList(AnomaliaList, {
  from: sql`anomalie a`,
  // One row per anomaly whatever is joined (NOT NULL foreign keys): the count and the keys' step
  // read anomalie alone (its period filter and order are anomalie_lista_idx).
  joins: {
    o: { table: "operatori", on: { id: sql`a.operatore_id` } },
    x: {
      oneRow:
        "the shift by its primary key (a NOT NULL foreign key), then its day, service, contract and client by theirs",
      lateral: sql`JOIN LATERAL (
      SELECT g.giorno, cl.ragione_sociale AS cliente, coalesce(nullif(s.descrizione, ''), c.titolo) AS servizio
        FROM turni t JOIN giorni g ON g.id = t.giorno_id JOIN servizi s ON s.id = g.servizio_id
        JOIN contratti c ON c.id = s.contratto_id JOIN clienti cl ON cl.id = c.cliente_id
       WHERE t.id = a.turno_id) x ON true`,
    },
    u: { table: "users", on: { id: sql`a.gestita_da` }, left: true },
  },
  key: sql`a.id`,
  sql: {
    id: sql`a.id`,
    nuova: sql`(a.letta_il IS NULL AND a.stato = 'aperta')`,
    data_ora: sql`a.data_ora`,
    tipo: sql`a.tipo`,
    // The same sentences as descriviAnomalia (the detail's); the anomalie test compares the two.
    descrizione: sql`CASE a.tipo
      WHEN 'mancato_ingresso' THEN coalesce('Nessun ingresso entro ' || a.valore || ' minuti dall''inizio', 'Nessun ingresso')
      WHEN 'ritardo' THEN 'Ingresso ' || coalesce(a.valore, 0) || ' minuti dopo l''inizio'
      WHEN 'uscita_anticipata' THEN 'Uscita ' || coalesce(a.valore, 0) || ' minuti prima della fine'
      WHEN 'mancata_uscita' THEN coalesce('Nessuna uscita entro ' || a.valore || ' minuti dalla fine', 'Nessuna uscita')
      WHEN 'distanza' THEN 'Ingresso a ' || coalesce(a.valore, 0) || ' m dal servizio'
      WHEN 'fuori_turno' THEN 'Timbratura ' || coalesce(a.valore, 0) || ' minuti fuori dal turno: conservata, non conta nelle ore'
      WHEN 'oltre_previsto' THEN coalesce(a.valore, 0) || ' minuti lavorati oltre il previsto, da approvare'
      WHEN 'sincronizzata_ritardo' THEN 'Ricevuta ' || coalesce(a.valore, 0) || ' minuti dopo l''ora del dispositivo'
      WHEN 'ronda_incompleta' THEN CASE WHEN a.valore = 1 THEN 'Ronda incompleta: 1 punto mancato'
                                        ELSE 'Ronda incompleta: ' || coalesce(a.valore, 0) || ' punti mancati' END
      WHEN 'ronda_non_eseguita' THEN 'Ronda non iniziata entro la tolleranza'
      ELSE 'Timbratura su un turno a cui l''operatore non è assegnato' END`,
    operatore: { sql: sql`trim(o.nome || ' ' || o.cognome)`, orderBy: sql`lower(o.cognome), lower(o.nome)` },
    operatore_id: sql`a.operatore_id`,
    cliente: sql`x.cliente`,
    servizio: sql`x.servizio`,
    giorno: sql`x.giorno`,
    stato: sql`a.stato`,
    gestita_da: sql`coalesce(trim(u.nome || ' ' || u.cognome), '')`,
    note: sql`a.note`,
  },
});
