/**
 * The demo's service reports and foglio notizie settings (issue 34): the institute's licence and, as
 * the provinces that get a sheet every day, those of the demo's clients; two reports of yesterday's
 * shifts — one relevant for the Questura and approved (yesterday's sheet lists it once the
 * 'foglio-notizie' job runs), one amended by the office and still to approve.
 */
import { sql } from "drizzle-orm";
import { queryOne, queryRows } from "../../../db/query";
import type { SeedContext } from "../../../seed/demo";

export async function seedDemoRelazioni({ tx, today }: SeedContext): Promise<void> {
  const province = await queryRows<{ prov: string }>(
    tx,
    sql`SELECT prov FROM clienti WHERE prov ~ '^[A-Z]{2}$' GROUP BY prov ORDER BY count(*) DESC, prov LIMIT 3`,
  );
  await tx.execute(
    sql`UPDATE fogli_notizie_impostazioni SET licenza = 'Licenza prefettizia n. 1234/2019 (art. 134 TULPS)',
                                               province = ${`{${province.map((p) => p.prov).join(",")}}`}::text[]`,
  );
  const ieri = new Date(today.getTime() - 86_400_000);
  const turni = await queryRows<{ turno_id: number; operatore_id: number; inizio: Date; prov: string }>(
    tx,
    sql`SELECT p.turno_id, p.operatore_id, lower(p.periodo) AS inizio, cl.prov
          FROM turni_operatori_periodi p JOIN turni t ON t.id = p.turno_id JOIN giorni g ON g.id = t.giorno_id
          JOIN servizi s ON s.id = g.servizio_id JOIN contratti c ON c.id = s.contratto_id JOIN clienti cl ON cl.id = c.cliente_id
         WHERE g.giorno = (${ieri}::timestamptz AT TIME ZONE 'Europe/Rome')::date
         ORDER BY p.turno_id, p.operatore_id LIMIT 2`,
  );
  const [reader] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM users ORDER BY id LIMIT 1`);
  const REPORTS = [
    {
      categoria: "tentato_furto",
      gravita: "attenzione",
      luogo: "Cancello carraio lato nord",
      descrizione:
        "Recinzione tagliata per circa un metro; due persone si sono allontanate all'arrivo della pattuglia.",
      provvedimenti: "Avvisata la centrale operativa e i Carabinieri (112); foto della recinzione.",
      rilevante: true,
      approvata: true,
    },
    {
      categoria: "guasto_impianto",
      gravita: "routine",
      luogo: "Ingresso principale",
      descrizione: "Il lettore badge non riconosce i tesserini dalle 22:00.",
      provvedimenti: "Accessi registrati a mano sul brogliaccio.",
      rilevante: false,
      approvata: false,
    },
  ];
  for (const [i, t] of turni.entries()) {
    const r = REPORTS[i];
    if (!r) break;
    const accaduto = new Date(new Date(t.inizio).getTime() + (i + 1) * 60 * 60_000);
    const inviata = new Date(accaduto.getTime() + 20 * 60_000);
    const row = (await queryOne<{ id: number }>(
      tx,
      sql`INSERT INTO relazioni_servizio (operatore_id, client_id, turno_id, provincia, data_ora, ricevuto_il, rilevante)
          VALUES (${t.operatore_id}, gen_random_uuid(), ${t.turno_id}, ${t.prov}, ${inviata}, ${inviata}, ${r.rilevante})
          RETURNING id`,
    )) as { id: number };
    await tx.execute(sql`INSERT INTO relazioni_servizio_versioni
        (relazione_id, versione, categoria, gravita, accaduto_il, luogo, descrizione, provvedimenti, creata_il)
      VALUES (${row.id}, 1, ${r.categoria}, ${r.gravita}, ${accaduto}, ${r.luogo}, ${r.descrizione}, ${r.provvedimenti}, ${inviata})`);
    if (!reader) continue;
    if (!r.approvata) {
      await tx.execute(sql`INSERT INTO relazioni_servizio_versioni
          (relazione_id, versione, categoria, gravita, accaduto_il, luogo, descrizione, provvedimenti, motivo, utente_id, creata_il)
        VALUES (${row.id}, 2, ${r.categoria}, ${r.gravita}, ${accaduto}, ${r.luogo}, ${`${r.descrizione} Segnalato al manutentore.`},
                ${r.provvedimenti}, 'Aggiunto l''intervento del manutentore', ${reader.id}, ${new Date(inviata.getTime() + 3_600_000)})`);
    } else {
      await tx.execute(sql`UPDATE relazioni_servizio SET stato = 'approvata', approvata_da = ${reader.id},
                                  approvata_il = ${new Date(inviata.getTime() + 3_600_000)} WHERE id = ${row.id}`);
    }
  }
}
