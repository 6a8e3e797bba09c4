/**
 * The contract of /api/cms/control-room/ (issue 14 item 4): the events grouped by time (the
 * eventi list with `periodo`), and an event's live picture — occupancy (in − out) against capacity,
 * total and per gate, with its level at the thresholds, the trend of the last hours, the peak, the
 * net rate and the projected minutes to full, each device's last report. The same picture is what
 * GET …/{id}/ answers and what …/{id}/live/ streams (Server-Sent Events, `event: snapshot`).
 */
import { z } from "zod";
import { IdParams } from "../common";

export { IdParams };

const LIVELLO = z.enum(["normale", "attenzione", "massimo"]);

export const ControlRoomDispositivoOut = z.object({
  id: z.number(),
  codice: z.string(),
  varco: z.string(),
  /** The last count received from it (ISO), null when none yet. */
  ultimo_invio: z.string().nullable(),
  /** Silent for more than 2 minutes (or never heard from). */
  silente: z.boolean(),
});
export type ControlRoomDispositivo = z.infer<typeof ControlRoomDispositivoOut>;

export const ControlRoomOut = z.object({
  evento: z.object({
    id: z.number(),
    titolo: z.string(),
    citta: z.string(),
    data_inizio: z.string(),
    data_fine: z.string(),
    soglia_attenzione: z.number(),
    soglia_massima: z.number(),
  }),
  /** When the picture was taken (the server's clock). */
  aggiornato_il: z.string(),
  totale: z.object({
    presenti: z.number(),
    ingressi: z.number(),
    uscite: z.number(),
    capienza: z.number(),
    livello: LIVELLO,
  }),
  varchi: z.array(
    z.object({
      id: z.number(),
      nome: z.string(),
      capienza: z.number(),
      direzione: z.enum(["in", "out", "both"]),
      presenti: z.number(),
      ingressi: z.number(),
      uscite: z.number(),
      livello: LIVELLO,
    }),
  ),
  /** How many devices the event has, and how many are silent (no count for more than 2 minutes). */
  riepilogo_dispositivi: z.object({ totale: z.number(), silenti: z.number() }),
  /**
   * Each device and its last report. Always in GET …/{id}/ and in a stream's first picture; in a
   * pushed picture only when the summary changed or at the 15 s refresh (issue 30 item 2: a picture
   * per count does not carry every device). A picture without it leaves the last list as it is.
   */
  dispositivi: z.array(ControlRoomDispositivoOut).optional(),
  /** Occupancy at the end of each 5-minute slot of the last 3 hours (ISO slot start). */
  andamento: z.array(z.object({ at: z.string(), presenti: z.number() })),
  /** The highest occupancy at the end of a slot of those 3 hours. */
  picco: z.object({ presenti: z.number(), at: z.string() }).nullable(),
  /** Net arrivals per minute over the last 10 minutes. */
  per_minuto: z.number(),
  /** Minutes to full capacity at that rate; null when not filling, 0 when full. */
  minuti_al_pieno: z.number().nullable(),
});
export type ControlRoom = z.infer<typeof ControlRoomOut>;
/** A picture as the control room shows it: the last device list kept when a pushed picture has none. */
export type ControlRoomView = ControlRoom & { dispositivi: ControlRoomDispositivo[] };

/** `next` completed with the device list of `prev` when it carries none. */
export function conDispositivi(
  next: ControlRoom,
  prev: { dispositivi?: ControlRoomDispositivo[] } | null,
): ControlRoomView {
  return next.dispositivi ? (next as ControlRoomView) : { ...next, dispositivi: prev?.dispositivi ?? [] };
}

/** The SSE stream's declared answer (OpenAPI): `event: snapshot` with a ControlRoom as data, `event: ping` every 15 s. */
export const LiveStreamOut = {
  description: "Server-Sent Events: `event: snapshot` con l'affluenza dell'evento (ControlRoomOut) come `data`",
  content: { "text/event-stream": { schema: z.string().meta({ description: "event: snapshot\ndata: {…}\n\n" }) } },
};
