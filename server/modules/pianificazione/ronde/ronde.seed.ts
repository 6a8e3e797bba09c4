/**
 * Demo guard tours (issue 34): on three services with shifts today, four checkpoints (codes made as
 * the back office makes them, positions around the site) and a tour plan every hour round the clock;
 * the rounds follow from the shifts of the last day and a half (generaRonde); those of staffed
 * shifts already over are walked as an evening goes — most complete, one started late, one with a
 * point missed, one not walked — and judged as the server judges them (their anomalies show in
 * Console → Anomalie). Rounds of unstaffed shifts are left to the 'ronde' job.
 */
import { sql } from "drizzle-orm";
import { queryRows } from "../../../db/query";
import type { SeedContext } from "../../../seed/demo";
import { generaRonde, giudicaRonde } from "./giudizio";
import { nuovoCodicePunto } from "./ronde.crud";

const PUNTI = ["Ingresso principale", "Magazzino", "Locale tecnico", "Parcheggio"];

export async function seedDemoRonde(ctx: SeedContext): Promise<void> {
  const { tx, today } = ctx;
  const servizi = await queryRows<{ id: number; lat: number; lng: number }>(
    tx,
    sql`SELECT s.id, s.lat, s.lng FROM servizi s
         WHERE s.lat IS NOT NULL AND EXISTS (
           SELECT 1 FROM giorni g JOIN turni t ON t.giorno_id = g.id JOIN turni_operatori tor ON tor.turno_id = t.id
            WHERE g.servizio_id = s.id AND g.giorno = (${today}::timestamptz AT TIME ZONE 'Europe/Rome')::date)
         ORDER BY s.id LIMIT 3`,
  );
  for (const s of servizi) {
    const ids: number[] = [];
    for (const [i, nome] of PUNTI.entries()) {
      const [p] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO ronde_punti (servizio_id, nome, lat, lng, istruzioni, codice)
            VALUES (${s.id}, ${nome}, ${s.lat + i * 0.0002}, ${s.lng}, ${i === 2 ? "Controllare la chiusura del quadro elettrico" : ""},
                    ${nuovoCodicePunto()}) RETURNING id`,
      );
      ids.push(p.id);
    }
    const [piano] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO ronde_piani (servizio_id, nome, punti, ogni_minuti, dalle, alle, tolleranza_minuti)
          VALUES (${s.id}, 'Giro di controllo', ${JSON.stringify(ids)}::jsonb, 60, '00:00', '00:00', 10) RETURNING id`,
    );
    await generaRonde(tx, today, piano.id);
    // The rounds of the last hours' staffed shifts already over (yesterday evening's and today's).
    const passate = await queryRows<{ id: number; previsto: string; operatore_id: number }>(
      tx,
      sql`SELECT r.id, r.previsto_il AS previsto,
                 (SELECT min(tor.operatore_id) FROM turni_operatori tor WHERE tor.turno_id = r.turno_id) AS operatore_id
            FROM ronde r JOIN turni t ON t.id = r.turno_id JOIN giorni g ON g.id = t.giorno_id
           WHERE r.piano_id = ${piano.id} AND r.fine_finestra <= ${today}::timestamptz
             AND EXISTS (SELECT 1 FROM turni_operatori tor WHERE tor.turno_id = r.turno_id)
           ORDER BY r.previsto_il`,
    );
    for (const [k, r] of passate.entries()) {
      const esito = (k + servizi.indexOf(s)) % 7; // 0–3 complete, 4 late, 5 one point missed, 6 not walked
      if (esito === 6) {
        await giudicaRonde(tx, today, { rondaId: r.id });
        continue;
      }
      const inizio = new Date(r.previsto).getTime() + (esito === 4 ? 25 : 3) * 60_000;
      for (const [i, punto] of ids.entries()) {
        if (esito === 5 && i === 2) continue;
        const at = new Date(inizio + i * 4 * 60_000);
        const manuale = esito === 1 && i === 3;
        await tx.execute(sql`INSERT INTO ronde_passaggi (operatore_id, client_id, punto_id, ronda_id, metodo, codice, data_ora,
                                                         ricevuto_il, lat, lng, accuratezza, distanza_m, segnalato, motivo)
          SELECT ${r.operatore_id}, gen_random_uuid(), p.id, ${r.id}, ${manuale ? "manuale" : "qr"}, p.codice, ${at}::timestamptz,
                 ${at}::timestamptz + interval '20 seconds', p.lat, p.lng, 8, 0, ${manuale},
                 ${manuale ? "Codice digitato a mano" : ""}
            FROM ronde_punti p WHERE p.id = ${punto}`);
      }
      await giudicaRonde(tx, today, { rondaId: r.id });
    }
  }
}
