/**
 * GET /api/report/ronde/ on the list engine: the fields of RondeReportList
 * (src/domain/contracts/report/ronde/schemas.ts) read from SQL, one row per round (every join is
 * one row per round). Newest first; the period filter and the order are ronde_previsto_idx.
 */
import { sql } from "drizzle-orm";
import { RondeReportList } from "../../../../src/domain/contracts/report/ronde/schemas";
import { defineList } from "../../../lib/list";

export const rondeReportList = defineList(RondeReportList, {
  from: sql`ronde r`,
  joins: {
    x: {
      oneRow: "the plan, service, contract and client by their primary keys (NOT NULL foreign keys)",
      lateral: sql`JOIN LATERAL (
      SELECT rp.nome AS piano, cl.ragione_sociale AS cliente,
             coalesce(nullif(s.descrizione, ''), c.titolo) AS servizio
        FROM ronde_piani rp JOIN servizi s ON s.id = r.servizio_id
        JOIN contratti c ON c.id = s.contratto_id JOIN clienti cl ON cl.id = r.cliente_id
       WHERE rp.id = r.piano_id) x ON true`,
    },
    o: { table: "operatori", on: { id: sql`r.operatore_id` }, left: true },
  },
  key: sql`r.id`,
  sql: {
    id: sql`r.id`,
    previsto_il: sql`r.previsto_il`,
    cliente: sql`x.cliente`,
    cliente_id: sql`r.cliente_id`,
    servizio: sql`x.servizio`,
    servizio_id: sql`r.servizio_id`,
    piano: sql`x.piano`,
    stato: sql`r.stato`,
    operatore: sql`coalesce(trim(o.nome || ' ' || o.cognome), '')`,
    iniziata_il: sql`r.iniziata_il`,
    finita_il: sql`r.finita_il`,
    punti: sql`jsonb_array_length(r.punti)`,
    punti_fatti: sql`(SELECT count(DISTINCT p.punto_id)::int FROM ronde_passaggi p WHERE p.ronda_id = r.id)`,
    punti_mancanti: sql`coalesce((SELECT string_agg(pt.nome, ', ' ORDER BY e.n)
        FROM jsonb_array_elements(r.punti_mancanti) WITH ORDINALITY AS e(v, n)
        JOIN ronde_punti pt ON pt.id = (e.v)::int), '')`,
    segnalati: sql`(SELECT count(*)::int FROM ronde_passaggi p WHERE p.ronda_id = r.id AND p.segnalato)`,
    fuori_ordine: sql`r.fuori_ordine`,
  },
});
