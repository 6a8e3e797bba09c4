/**
 * Demo support tickets (8), around `today`: six unread and not closed (the header alert says 6
 * and its popup lists them; the 'Ticket supporto' chip counts 6), one problem already read, and a
 * closed one. Needs the demo operators (runs after the anagrafiche seeders).
 */
import { asc, eq } from "drizzle-orm";
import { operatori } from "../../db/schema/anagrafiche-operatori";
import { type TicketStato, type TicketTipo, ticketSupporto } from "../../db/schema/console";
import { users } from "../../db/schema/core";
import type { SeedContext } from "../../seed/demo";

interface DemoTicket {
  /** Minutes before `today`'s current time. */
  minutiFa: number;
  tipo: TicketTipo;
  stato: TicketStato;
  oggetto: string;
  testo: string;
  letto: boolean;
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
  await tx.insert(ticketSupporto).values(
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
  );
}
