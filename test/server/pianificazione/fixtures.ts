/** Rows the pianificazione tests need from other modules (clients, operators), written directly. */
import { sql } from "drizzle-orm";
import type { Db } from "../../../server/db/client";
import { queryOne } from "../../../server/db/query";

export async function posizioneId(db: Db, descrizione: string): Promise<number> {
  return (await queryOne<{ id: number }>(db, sql`SELECT id FROM posizioni WHERE descrizione = ${descrizione}`))!.id;
}

export async function createCliente(db: Db, ragione = "Banca Popolare di Prova S.p.A."): Promise<number> {
  return (await queryOne<{ id: number }>(
    db,
    sql`INSERT INTO clienti (ragione_sociale, citta, prov) VALUES (${ragione}, 'Milano', 'MI') RETURNING id`,
  ))!.id;
}

export async function createOperatore(
  db: Db,
  o: {
    cognome: string;
    nome?: string;
    posizioni?: number[];
    documenti?: { tipo: string; data_scadenza?: string | null }[];
    attivo?: boolean;
    cessato?: boolean;
    black_list?: boolean;
    lat?: number;
    lng?: number;
    rating?: number;
  },
): Promise<number> {
  const id = (await queryOne<{ id: number }>(
    db,
    sql`INSERT INTO operatori (cognome, nome, attivo, cessato, black_list, lat, lng, rating)
        VALUES (${o.cognome}, ${o.nome ?? "Mario"}, ${o.attivo ?? true}, ${o.cessato ?? false}, ${o.black_list ?? false},
                ${o.lat ?? null}, ${o.lng ?? null}, ${o.rating ?? null}) RETURNING id`,
  ))!.id;
  for (const p of o.posizioni ?? [])
    await db.execute(sql`INSERT INTO operatori_posizioni (operatore_id, posizione_id) VALUES (${id}, ${p})`);
  for (const d of o.documenti ?? [])
    await db.execute(
      sql`INSERT INTO operatori_documenti (operatore_id, tipo, data_scadenza) VALUES (${id}, ${d.tipo}, ${d.data_scadenza ?? null})`,
    );
  return id;
}
