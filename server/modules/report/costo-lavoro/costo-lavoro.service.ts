/**
 * The employer-cost factors per qualification (report_costo_lavoro, migration 0661; issue 32 item 11).
 * A write names the qualifications it changes (null removes a factor), in one transaction with its
 * audit entry; the database queues the contract-months it changes for Marginalità (0661's trigger).
 */
import { sql } from "drizzle-orm";
import type { CostoLavoro, CostoLavoroData } from "../../../../src/domain/contracts/report/costo-lavoro/schemas";
import type { Executor } from "../../../db/client";
import { queryRows } from "../../../db/query";
import { writeSettingsAudit } from "../../../lib/audit";
import { auditBy, type ServiceContext } from "../../../lib/context";
import { validationError } from "../../../lib/errors";

export async function leggiCostoLavoro(ex: Executor): Promise<CostoLavoro> {
  const qualifiche = await queryRows<CostoLavoro["qualifiche"][number]>(
    ex,
    sql`SELECT p.id AS posizione_id, p.descrizione, k.fattore::float8 AS fattore
          FROM posizioni p LEFT JOIN report_costo_lavoro k ON k.posizione_id = p.id
         ORDER BY p.ordine, p.descrizione`,
  );
  return { qualifiche };
}

const mostra = (f: number | null) => (f === null ? "nessuno" : f.toLocaleString("it-IT", { maximumFractionDigits: 3 }));

export async function aggiornaCostoLavoro(ctx: ServiceContext, data: CostoLavoroData): Promise<CostoLavoro> {
  return ctx.db.transaction(async (tx) => {
    const prima = await leggiCostoLavoro(tx);
    const perId = new Map(prima.qualifiche.map((q) => [q.posizione_id, q]));
    const errors: Record<string, string> = {};
    data.fattori.forEach((f, i) => {
      if (!perId.has(f.posizione_id)) errors[`fattori.${i}.posizione_id`] = "Qualifica inesistente";
    });
    if (Object.keys(errors).length) throw validationError(errors);
    const righe: string[] = [];
    for (const f of data.fattori) {
      const q = perId.get(f.posizione_id)!;
      if (q.fattore === f.fattore) continue;
      if (f.fattore === null) {
        await tx.execute(sql`DELETE FROM report_costo_lavoro WHERE posizione_id = ${f.posizione_id}`);
      } else {
        await tx.execute(sql`INSERT INTO report_costo_lavoro (posizione_id, fattore) VALUES (${f.posizione_id}, ${f.fattore})
                             ON CONFLICT (posizione_id) DO UPDATE SET fattore = EXCLUDED.fattore`);
      }
      righe.push(`Fattore ${q.descrizione}: "${mostra(q.fattore)}" → "${mostra(f.fattore)}"`);
    }
    await writeSettingsAudit(tx, auditBy(ctx.actor), "costo_lavoro", righe);
    return leggiCostoLavoro(tx);
  });
}
