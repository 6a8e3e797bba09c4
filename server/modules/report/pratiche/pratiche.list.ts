/** GET /api/report/pratiche/: every operator's pratiche with their state and age. */
import { sql } from "drizzle-orm";
import { PraticheList } from "../../../../src/domain/contracts/report/pratiche";
import { STATI_PRATICA, TIPI_PRATICA } from "../../../../src/domain/operatore";
import { defineList } from "../../../lib/list";
import { etichetta, OGGI } from "../etichette";

export const praticheList = defineList(PraticheList, {
  from: sql`operatori_pratiche p JOIN operatori o ON o.id = p.operatore_id`,
  key: sql`p.id`,
  where: () => sql`NOT o.anonimizzato`,
  sql: {
    id: sql`p.id`,
    operatore: { sql: sql`o.cognome || ' ' || o.nome`, orderBy: sql`lower(o.cognome), lower(o.nome)` },
    tipo: sql`p.tipo`,
    tipo_descrizione: etichetta(sql`p.tipo`, TIPI_PRATICA),
    stato: sql`p.stato`,
    stato_descrizione: etichetta(sql`p.stato`, STATI_PRATICA),
    data_apertura: sql`p.data_apertura`,
    data_chiusura: sql`p.data_chiusura`,
    giorni: sql`(coalesce(p.data_chiusura, ${OGGI}) - p.data_apertura)`,
    note: sql`p.note`,
    operatore_id: sql`p.operatore_id`,
  },
});
