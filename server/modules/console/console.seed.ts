/**
 * Demo support tickets (8), around `today`: six unread and not closed (the header alert says 6
 * and its popup lists them; the 'Ticket supporto' chip counts 6), one problem already read, and a
 * closed one; the office has replied to two of them. Then the guards' app: credentials for one
 * guard (`guardia.demo`, with a generated password printed in the seed report) and today's check-ins of the shifts already
 * started — on time, two late, one far from the site, one missing (the Attività page).
 * Needs the demo operators and the plan (runs after the anagrafiche and pianificazione seeders).
 */
import crypto from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { DEMO_GUARDIA_USERNAME } from "../../../src/domain/contracts/console/app-guardie/schemas";
import { queryOne, queryRows } from "../../db/query";
import { operatori } from "../../db/schema/anagrafiche-operatori";
import { type TicketStato, type TicketTipo, ticketSupporto } from "../../db/schema/console";
import { users } from "../../db/schema/core";
import { hashPassword, randomPassword } from "../../lib/passwords";
import type { SeedContext } from "../../seed/demo";
import { RILEVAZIONE_ORE, rilevaAnomalie } from "./anomalie/rilevazione";
import { seedDemoRelazioni } from "./relazioni/relazioni.seed";

interface DemoTicket {
  /** Minutes before `today`'s current time. */
  minutiFa: number;
  tipo: TicketTipo;
  stato: TicketStato;
  oggetto: string;
  testo: string;
  letto: boolean;
  /** The office's reply, 20 minutes after the ticket. */
  risposta?: string;
}

const TICKETS: DemoTicket[] = [
  {
    minutiFa: 25,
    tipo: "problema",
    stato: "aperto",
    oggetto: "Varco carraio bloccato",
    testo: "Il cancello automatico del varco 2 non si apre, i mezzi in ingresso sono fermi.",
    letto: false,
  },
  {
    minutiFa: 95,
    tipo: "problema",
    stato: "aperto",
    oggetto: "Radio di servizio guasta",
    testo: "La radio portatile non trasmette, uso il cellulare personale per le comunicazioni.",
    letto: false,
  },
  {
    minutiFa: 60 * 7,
    tipo: "problema",
    stato: "in_lavorazione",
    oggetto: "Cambio non arrivato",
    testo: "Il collega del turno successivo non si è presentato, resto in postazione.",
    letto: false,
    risposta: "Abbiamo chiamato il reperibile: arriva entro un'ora. Grazie per la pazienza.",
  },
  {
    minutiFa: 60 * 26,
    tipo: "problema",
    stato: "aperto",
    oggetto: "Allarme perimetrale intermittente",
    testo: "Il sensore lato nord scatta senza motivo ogni 20 minuti circa.",
    letto: true,
  },
  {
    minutiFa: 60 * 3,
    tipo: "richiesta",
    stato: "aperto",
    oggetto: "Richiesta divisa invernale",
    testo: "Chiedo la consegna del giaccone invernale taglia L.",
    letto: false,
  },
  {
    minutiFa: 60 * 30,
    tipo: "richiesta",
    stato: "aperto",
    oggetto: "Cambio turno sabato",
    testo: "Posso scambiare il turno di sabato con il collega del turno serale?",
    letto: false,
  },
  {
    minutiFa: 60 * 50,
    tipo: "segnalazione",
    stato: "aperto",
    oggetto: "Illuminazione parcheggio",
    testo: "Due lampioni del parcheggio dipendenti sono spenti.",
    letto: false,
  },
  {
    minutiFa: 60 * 24 * 4,
    tipo: "segnalazione",
    stato: "chiuso",
    oggetto: "Badge non riconosciuto",
    testo: "Il lettore badge dell'ingresso principale non riconosceva il mio tesserino. Risolto.",
    letto: true,
    risposta: "Il tesserino è stato riattivato, ora funziona.",
  },
];

export async function seedDemoConsole(ctx: SeedContext): Promise<void> {
  const { tx } = ctx;
  const ops = await tx
    .select({ id: operatori.id })
    .from(operatori)
    .where(eq(operatori.attivo, true))
    .orderBy(asc(operatori.id))
    .limit(TICKETS.length);
  if (ops.length === 0) return;
  const [reader] = await tx.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1);
  const base = ctx.today.getTime();
  const inserted = await tx
    .insert(ticketSupporto)
    .values(
      TICKETS.map((t, i) => {
        const dataOra = new Date(base - t.minutiFa * 60_000);
        return {
          operatoreId: ops[i % ops.length].id,
          dataOra,
          tipo: t.tipo,
          stato: t.stato,
          oggetto: t.oggetto,
          testo: t.testo,
          lettoIl: t.letto ? new Date(dataOra.getTime() + 15 * 60_000) : null,
          lettoDa: t.letto ? (reader?.id ?? null) : null,
        };
      }),
    )
    .returning({ id: ticketSupporto.id, dataOra: ticketSupporto.dataOra });
  for (const [i, t] of TICKETS.entries()) {
    if (!t.risposta) continue;
    const when = new Date(inserted[i].dataOra.getTime() + 20 * 60_000);
    await tx.execute(sql`INSERT INTO ticket_messaggi (ticket_id, data_ora, utente_id, testo)
                         VALUES (${inserted[i].id}, ${when}, ${reader?.id ?? null}, ${t.risposta})`);
  }
  await seedDemoApp(ctx);
  await seedDemoRelazioni(ctx);
}

// The demo guard's password is generated at seed time and printed once in the seed report, like the
// staff demo users' (issue 30 item 11: a fixed password opened every demo install put online).

/** Minutes after the planned start of each of today's started shifts (null: no check-in); metres north of the site. */
const GIORNATA: { minuti: number | null; metri: number }[] = [
  { minuti: -4, metri: 20 },
  { minuti: -2, metri: 35 },
  { minuti: 12, metri: 15 },
  { minuti: 27, metri: 40 },
  { minuti: 0, metri: 1200 },
  { minuti: null, metri: 0 },
];

async function seedDemoApp(ctx: SeedContext): Promise<void> {
  const { tx } = ctx;
  const guardia = await queryOne<{ id: number }>(
    tx,
    sql`SELECT id FROM operatori WHERE applicazione AND attivo AND NOT cessato ORDER BY id LIMIT 1`,
  );
  if (guardia) {
    const password = randomPassword();
    await tx.execute(sql`INSERT INTO app_credenziali (operatore_id, username, password_hash)
      VALUES (${guardia.id}, ${DEMO_GUARDIA_USERNAME}, ${await hashPassword(password, ctx.scryptN)})
      ON CONFLICT (operatore_id) DO NOTHING`);
    ctx.report.push(`Guardia demo per l'app (/app/campo/): ${DEMO_GUARDIA_USERNAME} / ${password}`);
  }
  const started = await queryRows<{
    turno_id: number;
    operatore_id: number;
    inizio: Date | string;
    lat: number;
    lng: number;
  }>(
    tx,
    sql`SELECT a.turno_id, a.operatore_id, min(lower(p.periodo)) AS inizio, s.lat, s.lng
          FROM turni_operatori a
          JOIN turni_operatori_periodi p ON p.turno_operatore_id = a.id
          JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id JOIN servizi s ON s.id = g.servizio_id
          JOIN operatori o ON o.id = a.operatore_id
         WHERE g.giorno = (${ctx.today}::timestamptz AT TIME ZONE 'Europe/Rome')::date AND s.lat IS NOT NULL
           AND o.applicazione
         GROUP BY a.turno_id, a.operatore_id, s.lat, s.lng
        HAVING min(lower(p.periodo)) < ${ctx.today}::timestamptz - interval '30 minutes'
         ORDER BY min(lower(p.periodo)), a.turno_id, a.operatore_id
         LIMIT ${GIORNATA.length}`,
  );
  for (const [i, a] of started.entries()) {
    const g = GIORNATA[i];
    if (g.minuti === null) continue;
    const at = new Date(new Date(a.inizio).getTime() + g.minuti * 60_000);
    await tx.execute(sql`INSERT INTO app_timbrature (operatore_id, client_id, turno_id, tipo, data_ora, ricevuta_il,
                             lat, lng, accuratezza, sincronizzata_tardi, assegnato)
      VALUES (${a.operatore_id}, ${crypto.randomUUID()}::uuid, ${a.turno_id}, 'ingresso', ${at}, ${at},
              ${Number(a.lat) + g.metri / 111_195}, ${Number(a.lng)}, 12, false, true)`);
  }
  await seedIeri(ctx);
  await rilevaAnomalie(tx, ctx.today, "finestra");
  await seedComunicazione(ctx);
}

/** One communication to every active operator, sent yesterday and read by half of them. */
async function seedComunicazione(ctx: SeedContext): Promise<void> {
  const { tx } = ctx;
  const [sender] = await tx.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1);
  const inviata = new Date(ctx.today.getTime() - 20 * 3600_000);
  const c = await queryOne<{ id: number }>(
    tx,
    sql`INSERT INTO comunicazioni (oggetto, testo, destinatari, inviata_il, inviata_da)
        VALUES ('Nuove divise invernali',
                'Da lunedì le divise invernali si ritirano in sede, dalle 9 alle 18. Portate il tesserino.',
                'tutti', ${inviata}::timestamptz, ${sender?.id ?? null})
        RETURNING id`,
  );
  if (!c) return;
  await tx.execute(sql`INSERT INTO comunicazioni_destinatari (comunicazione_id, operatore_id, consegnata_il, letta_il)
    SELECT ${c.id}, o.id,
           CASE WHEN o.n % 2 = 0 THEN ${inviata}::timestamptz + o.n * interval '7 minutes' END,
           CASE WHEN o.n % 2 = 0 THEN ${inviata}::timestamptz + o.n * interval '9 minutes' END
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM operatori WHERE attivo AND NOT cessato) o`);
}

/**
 * The shifts of the two days before today (guards with the app): in a few minutes early and
 * out on time, on the site — so the demo's anomalies are today's, not a day nobody checked in.
 */
async function seedIeri(ctx: SeedContext): Promise<void> {
  await ctx.tx.execute(sql`INSERT INTO app_timbrature (operatore_id, client_id, turno_id, tipo, data_ora, ricevuta_il,
                                  lat, lng, accuratezza, sincronizzata_tardi, assegnato)
    SELECT a.operatore_id, gen_random_uuid(), a.turno_id, x.tipo, x.at, x.at, s.lat, s.lng, 10, false, true
      FROM turni_operatori a
      JOIN operatori o ON o.id = a.operatore_id
      JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id JOIN servizi s ON s.id = g.servizio_id
      JOIN LATERAL (SELECT min(lower(p.periodo)) AS inizio, max(upper(p.periodo)) AS fine
                      FROM turni_operatori_periodi p WHERE p.turno_operatore_id = a.id) r ON true
      CROSS JOIN LATERAL (VALUES ('ingresso', r.inizio - interval '3 minutes'), ('uscita', r.fine + interval '2 minutes')) x (tipo, at)
     WHERE o.applicazione AND s.lat IS NOT NULL
       AND g.giorno < (${ctx.today}::timestamptz AT TIME ZONE 'Europe/Rome')::date
       AND r.inizio > ${ctx.today}::timestamptz - interval '${sql.raw(String(2 * RILEVAZIONE_ORE))} hours'
       AND x.at <= ${ctx.today}::timestamptz`);
}
