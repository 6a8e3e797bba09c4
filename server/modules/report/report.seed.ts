/**
 * The reports' demo data: one site inspection (sopralluogo) of the first client, so the
 * Sopralluoghi list shows what it is for (issue 32 item 10); employer-cost factors for the guards'
 * qualifications, so Marginalità's *Costo del lavoro* differs from the pay (issue 32 item 11: figures
 * of the order a CCNL Vigilanza employer pays in contributions and TFR over gross pay). The other
 * reports read the plan.
 */
import { sql } from "drizzle-orm";
import type { SeedContext } from "../../seed/demo";

export async function seedDemoReport(ctx: SeedContext): Promise<void> {
  const checklist = {
    accessi: "Due ingressi carrai, uno pedonale con citofono",
    illuminazione: "Perimetro illuminato; parcheggio posteriore al buio",
    telecamere: "6 telecamere, registratore in portineria",
    allarmi: "Antintrusione collegato alla centrale del cliente",
    rischi: "Magazzino merci di valore, accesso fornitori al mattino",
  };
  await ctx.tx.execute(
    sql`INSERT INTO sopralluoghi (cliente_id, indirizzo, cap, citta, prov, lat, lng, data, ispettore, checklist, note, esito, servizio_consigliato)
        SELECT cl.id, coalesce(nullif(cl.indirizzo, ''), 'Via Roma 1'), coalesce(cl.cap, ''), coalesce(nullif(cl.citta, ''), 'Milano'),
               coalesce(cl.prov, ''), cl.lat, cl.lng, (${ctx.today}::timestamptz AT TIME ZONE 'Europe/Rome')::date - 7,
               'Roberto Galli', ${JSON.stringify(checklist)}::jsonb, 'Sopralluogo richiesto dal responsabile della sicurezza.',
               'con_riserva', 'Piantonamento notturno con ronda del parcheggio posteriore'
          FROM clienti cl WHERE cl.attivo ORDER BY cl.id LIMIT 1`,
  );
  await ctx.tx.execute(
    sql`INSERT INTO report_costo_lavoro (posizione_id, fattore)
        SELECT id, CASE WHEN armata THEN 1.45 ELSE 1.42 END FROM posizioni
         WHERE descrizione IN ('Guardia particolare giurata armata', 'Guardia particolare giurata')`,
  );
}
