/**
 * What the field app keeps in its outbox (issue 33): every action the guard takes gets a UUID and
 * the device's time when it is taken, is stored on the phone (IndexedDB) before it is sent, and is
 * sent when the network is there, exactly once — the server's idempotency on the UUID is the
 * contract (POST /api/app/timbrature/: 201 new, 200 the same again).
 */
import type { AppAllarmeData } from "../../domain/contracts/console/allarmi/schemas";
import type { AppTicketData, AppTimbraturaData } from "../../domain/contracts/console/app-guardie/schemas";
import type { AppRelazioneData } from "../../domain/contracts/console/relazioni/schemas";

export type StatoAzione = "in_coda" | "inviata" | "rifiutata";

interface AzioneBase {
  /** UUID made on the phone: the server's idempotency key. */
  id: string;
  /** Device time (ms since the epoch) when the guard tapped. */
  creata_il: number;
  /** What the list shows ("Ingresso · Cliente"). */
  etichetta: string;
  stato: StatoAzione;
  /** Device time of the server's answer. */
  inviata_il: number | null;
  /** The server's answer in words (a flag, or why it was refused). */
  esito: string | null;
}

export interface AzioneTimbratura extends AzioneBase {
  tipo: "timbratura";
  /** The request without `secondi_in_coda`, computed when it is sent. */
  dati: Omit<AppTimbraturaData, "secondi_in_coda">;
}

export interface AzioneLettura extends AzioneBase {
  tipo: "letta";
  comunicazione_id: number;
}

/**
 * A ticket written with no network: its UUID is the server's idempotency key; its photo (made smaller
 * on the phone) waits with it in IndexedDB and follows it once the server has the ticket.
 */
export interface AzioneTicket extends AzioneBase {
  tipo: "ticket";
  dati: AppTicketData & { id: string };
  foto?: Blob;
}

/** An SOS: its own UUID is the request's `id` (a silent one is not listed on the phone). */
export interface AzioneAllarme extends AzioneBase {
  tipo: "allarme";
  dati: AppAllarmeData;
}

/**
 * A service report (issue 34 item 5): its UUID is the request's `id`; its photos (made smaller on
 * the phone) wait with it in IndexedDB and follow it once the server has it.
 */
export interface AzioneRelazione extends AzioneBase {
  tipo: "relazione";
  dati: AppRelazioneData;
  foto: Blob[];
}

export type Azione = AzioneTimbratura | AzioneLettura | AzioneTicket | AzioneAllarme | AzioneRelazione;

/** What the phone may show: a silent SOS leaves no trace on the screen. */
export const visibile = (a: Azione) => !(a.tipo === "allarme" && a.dati.silenzioso);

/** A new action, queued: its UUID and the device's time. */
export function nuovaAzione<T extends Azione>(
  fields: Omit<T, "id" | "creata_il" | "stato" | "inviata_il" | "esito">,
  now = Date.now(),
  uuid: () => string = () => crypto.randomUUID(),
): T {
  return { ...fields, id: uuid(), creata_il: now, stato: "in_coda", inviata_il: null, esito: null } as T;
}

/** The seconds an action waited on the phone before this request (the server caps it at 7 days). */
export function secondiInCoda(a: Pick<Azione, "creata_il">, now = Date.now()): number {
  return Math.min(7 * 24 * 3600, Math.max(0, Math.floor((now - a.creata_il) / 1000)));
}

/** The device time as ISO 8601 with the phone's offset (what `data_ora` asks). */
export function isoConOffset(ms: number): string {
  const d = new Date(ms);
  const off = -d.getTimezoneOffset();
  const sign = off >= 0 ? "+" : "-";
  const pad = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, "0");
  const local = new Date(ms + off * 60_000).toISOString().slice(0, 19);
  return `${local}${sign}${pad(off / 60)}:${pad(off % 60)}`;
}
