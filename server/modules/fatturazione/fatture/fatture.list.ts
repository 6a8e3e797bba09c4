/** GET /api/fatturazione/fatture/ on the list engine: drafts, invoices and credit notes. */
import { sql } from "drizzle-orm";
import { FattureList } from "../../../../src/domain/contracts/fatturazione/fatture";
import { defineList } from "../../../lib/list";

export const fattureList = defineList(FattureList, {
  from: sql`fatture f JOIN clienti cl ON cl.id = f.cliente_id`,
  key: sql`f.id`,
  sql: {
    id: sql`f.id`,
    numero: sql`f.numero`,
    data: sql`f.data`,
    tipo: sql`CASE f.tipo WHEN 'TD04' THEN 'Nota di credito' ELSE 'Fattura' END`,
    stato: sql`CASE f.stato WHEN 'emessa' THEN 'Emessa' ELSE 'Bozza' END`,
    cliente: sql`cl.ragione_sociale`,
    mese: sql`f.mese`,
    imponibile: sql`f.imponibile`,
    imposta: sql`f.imposta`,
    totale: sql`f.totale`,
    nome_file: sql`f.nome_file`,
  },
});
