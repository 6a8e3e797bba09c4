/**
 * GET /api/anagrafiche/candidati/ on the generic list engine: the fields of CandidatiList
 * (src/domain/contracts/anagrafiche/candidati.ts) read from SQL, and the custom filter posizione
 * (desired position ids).
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { STATO_CANDIDATO_LABELS, type StatoCandidato } from "../../../../src/domain/candidato";
import { CandidatiList } from "../../../../src/domain/contracts/anagrafiche/candidati";
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

export const candidatiList = defineList(CandidatiList, {
  from: sql`candidati c`,
  key: sql`c.id`,
  sql: {
    id: sql`c.id`,
    cognome: sql`c.cognome`,
    nome: sql`c.nome`,
    sesso: sql`c.sesso`,
    data_nascita: sql`c.data_nascita`,
    email: sql`c.email`,
    cellulare: sql`c.cellulare`,
    citta: sql`c.citta`,
    prov: sql`c.prov`,
    posizioni: sql`ARRAY(SELECT p.descrizione FROM candidati_posizioni cp JOIN posizioni p ON p.id = cp.posizione_id
                     WHERE cp.candidato_id = c.id ORDER BY p.ordine, p.id)`,
    stato: sql`c.stato`,
    valutazione: sql`c.valutazione`,
    turni_notturni: sql`c.turni_notturni`,
    trasferte: sql`c.trasferte`,
    origine: sql`c.origine`,
    cv: sql`(c.cv_file_id IS NOT NULL)`,
    operatore_id: sql`c.operatore_id`,
    created_at: sql`c.created_at`,
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
  // The applicants in one state, newest first (candidati_lista_stato_created_idx, migration 0312).
  commonQueries: [{ stato: "nuovo" }],
  map: (row) => ({ ...row, stato_label: STATO_CANDIDATO_LABELS[row.stato as StatoCandidato] ?? row.stato }),
});
