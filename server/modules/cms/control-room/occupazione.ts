/**
 * An event's occupancy from its counts: per gate and in total, in − out, with the capacity (the
 * sum of its gates'). One statement over the running totals per device and gate (cms_totali, kept
 * by a trigger on cms_conteggi, migration 0701), read by the counters' API after a post and by the
 * control room.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { queryRowsPrepared } from "../../../db/query";

export interface VarcoOccupazione {
  id: number;
  nome: string;
  capienza: number;
  direzione: "in" | "out" | "both";
  ingressi: number;
  uscite: number;
  presenti: number;
}

export interface Totale {
  presenti: number;
  ingressi: number;
  uscite: number;
  capienza: number;
}

export async function occupazioneVarchi(ex: Executor, eventoId: number): Promise<VarcoOccupazione[]> {
  const rows = await queryRowsPrepared<VarcoOccupazione>(
    ex,
    sql`SELECT v.id, v.nome, v.capienza, v.direzione,
               coalesce(c.ingressi, 0)::int AS ingressi, coalesce(c.uscite, 0)::int AS uscite
          FROM cms_varchi v
          LEFT JOIN (SELECT varco_id, sum(ingressi) AS ingressi, sum(uscite) AS uscite
                       FROM cms_totali WHERE evento_id = ${eventoId} GROUP BY varco_id) c ON c.varco_id = v.id
         WHERE v.evento_id = ${eventoId}
         ORDER BY v.nome, v.id`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    capienza: Number(r.capienza),
    ingressi: Number(r.ingressi),
    uscite: Number(r.uscite),
    presenti: Number(r.ingressi) - Number(r.uscite),
  }));
}

export function totaleDi(varchi: VarcoOccupazione[]): Totale {
  const t = { presenti: 0, ingressi: 0, uscite: 0, capienza: 0 };
  for (const v of varchi) {
    t.ingressi += v.ingressi;
    t.uscite += v.uscite;
    t.capienza += v.capienza;
  }
  t.presenti = t.ingressi - t.uscite;
  return t;
}
