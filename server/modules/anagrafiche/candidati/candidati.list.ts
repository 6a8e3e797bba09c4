/**
 * GET /api/anagrafiche/candidati/ on the generic list engine: global (cognome, nome, e-mail,
 * cellulare, città), stato and prov (one or more), posizione (desired position ids), valutazione,
 * origine, received-date range (created_at_dal / created_at_al).
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { STATO_CANDIDATO_LABELS, type StatoCandidato } from "../../../../src/domain/candidato";
import { defineList } from "../../../lib/list";

const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(","))
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^[1-9]\d{0,8}$/, "Posizione non valida")).max(100))
  .transform((a) => a.map(Number));

export const candidatiList = defineList({
  name: "candidati",
  title: "Candidati",
  from: sql`candidati c`,
  key: sql`c.id`,
  fields: {
    id: { label: "ID", type: "integer", sql: sql`c.id`, sortable: true },
    cognome: { label: "Cognome", type: "text", sql: sql`c.cognome`, sortable: true, global: true },
    nome: { label: "Nome", type: "text", sql: sql`c.nome`, sortable: true, global: true },
    sesso: { label: "Sesso", type: "text", sql: sql`c.sesso`, filter: "eq", groupable: true },
    data_nascita: { label: "Data di nascita", type: "date", sql: sql`c.data_nascita`, sortable: true },
    email: { label: "E-mail", type: "text", sql: sql`c.email`, global: true },
    cellulare: { label: "Cellulare", type: "text", sql: sql`c.cellulare`, global: true },
    citta: { label: "Città", type: "text", sql: sql`c.citta`, sortable: true, global: true },
    prov: { label: "Provincia", type: "text", sql: sql`c.prov`, sortable: true, filter: "in", groupable: true },
    posizioni: {
      label: "Posizioni desiderate",
      type: "lines",
      sql: sql`ARRAY(SELECT p.descrizione FROM candidati_posizioni cp JOIN posizioni p ON p.id = cp.posizione_id
                     WHERE cp.candidato_id = c.id ORDER BY p.ordine, p.id)`,
    },
    stato: { label: "Stato", type: "text", sql: sql`c.stato`, sortable: true, filter: "in", groupable: true },
    valutazione: {
      label: "Valutazione",
      type: "integer",
      sql: sql`c.valutazione`,
      sortable: true,
      filter: "in",
      groupable: true,
    },
    turni_notturni: { label: "Turni notturni", type: "boolean", sql: sql`c.turni_notturni`, filter: "eq" },
    trasferte: { label: "Trasferte", type: "boolean", sql: sql`c.trasferte`, filter: "eq" },
    origine: { label: "Origine", type: "text", sql: sql`c.origine`, filter: "eq", groupable: true },
    cv: { label: "Curriculum", type: "boolean", sql: sql`(c.cv_file_id IS NOT NULL)` },
    operatore_id: { label: "Operatore", type: "integer", sql: sql`c.operatore_id`, exportable: false },
    created_at: { label: "Ricevuto il", type: "datetime", sql: sql`c.created_at`, sortable: true, filter: "range" },
  },
  filters: {
    posizione: {
      schema: idList,
      where: (value) => {
        const ids = value as number[];
        return ids.length
          ? sql`EXISTS (SELECT 1 FROM candidati_posizioni cp WHERE cp.candidato_id = c.id AND cp.posizione_id IN (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )}))`
          : undefined;
      },
    },
  },
  defaultOrder: [{ field: "created_at", asc: false }],
  // The applicants in one state, newest first (candidati_lista_stato_created_idx, migration 0312).
  commonQueries: [{ stato: "nuovo" }],
  map: (row) => ({ ...row, stato_label: STATO_CANDIDATO_LABELS[row.stato as StatoCandidato] ?? row.stato }),
});
