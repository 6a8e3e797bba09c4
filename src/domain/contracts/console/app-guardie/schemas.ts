/**
 * The contract of the guards' app, /api/app/ (issue 12 item 1): sign-in with the credentials HR
 * set on the operator's record, the guard's own shifts, check-in/out, support tickets.
 * The examples are shown by /api/docs.
 */
import { z } from "zod";
import { dataBody } from "../../common";

const reqText = (max: number) =>
  z
    .string({ error: "Questo campo è obbligatorio" })
    .trim()
    .min(1, { error: "Questo campo è obbligatorio" })
    .max(max, { error: `Al massimo ${max} caratteri` });

/** HR sets or resets a guard's app credentials; without a password the server generates one. */
/** The staff user confirms with their own password: a guard's credentials open check-ins and pay (issue 30 item 5). */
export const PASSWORD_UTENTE_MANCANTE = "Inserisci la tua password per confermare";
export const PASSWORD_UTENTE_ERRATA = "La tua password non è corretta";

/** The demo guard's app name (its password is generated at seed time and printed once: issue 30 item 11). */
export const DEMO_GUARDIA_USERNAME = "guardia.demo";

export const CredenzialiAppData = z
  .object({
    username: reqText(150),
    password: z
      .string()
      .min(10, { error: "La password deve avere almeno 10 caratteri" })
      .max(128, { error: "Al massimo 128 caratteri" })
      .optional(),
    password_utente: z
      .string({ error: PASSWORD_UTENTE_MANCANTE })
      .min(1, { error: PASSWORD_UTENTE_MANCANTE })
      .max(128, { error: "Al massimo 128 caratteri" }),
  })
  .meta({
    examples: [
      { username: "g.russo", password_utente: "La-mia-password-2026" },
      { username: "g.russo", password: "Cambiami-2026", password_utente: "La-mia-password-2026" },
    ],
  });
export const CredenzialiAppBody = dataBody(CredenzialiAppData);
export type CredenzialiAppData = z.infer<typeof CredenzialiAppData>;

/** The password is in the answer only when the server generated it (shown once). */
export const CredenzialiAppOut = z.object({
  result: z.literal("OK"),
  operatore_id: z.number(),
  username: z.string(),
  password: z.string().optional(),
});
export type CredenzialiAppOut = z.infer<typeof CredenzialiAppOut>;

export const AppLoginBody = z
  .object({ username: z.string().max(150), password: z.string().max(128) })
  .meta({ examples: [{ username: "g.russo", password: "Cambiami-2026" }] });

export const AppOperatore = z.object({ id: z.number(), full_name: z.string() });

export const AppLoginOut = z
  .object({ token: z.string(), operatore: AppOperatore })
  .meta({ examples: [{ token: "k3J9…", operatore: { id: 12, full_name: "Giuseppe Russo" } }] });
export type AppLoginOut = z.infer<typeof AppLoginOut>;

export const TIMBRATURA_TIPI = ["ingresso", "uscita"] as const;

export const AppTimbraturaOut = z.object({
  id: z.string(),
  turno_id: z.number(),
  tipo: z.enum(TIMBRATURA_TIPI),
  /** The device's time, Europe/Rome, "YYYY-MM-DD HH:mm:ss". */
  data_ora: z.string(),
  ricevuta_il: z.string(),
  /** Null when the phone gave no position (permission denied, no fix): "posizione non disponibile". */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  accuratezza: z.number().nullable(),
  sincronizzata_tardi: z.boolean(),
  assegnato: z.boolean(),
});
export type AppTimbratura = z.infer<typeof AppTimbraturaOut>;

/** One of the guard's shifts (times Europe/Rome) with the check-ins already recorded. */
export const AppTurnoOut = z.object({
  id: z.number(),
  giorno: z.string(),
  inizio_f1: z.string(),
  fine_f1: z.string(),
  inizio_f2: z.string().nullable(),
  fine_f2: z.string().nullable(),
  confermato: z.boolean(),
  cliente: z.string(),
  contratto: z.string(),
  servizio: z.string(),
  indirizzo: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** The contract's distance beyond which a check-in is flagged (`anomalie_distanza_m`, the anomalies' M). */
  distanza_max_m: z.number(),
  timbrature: z.array(AppTimbraturaOut),
});
export const AppTurniOut = z.object({ dal: z.string(), al: z.string(), results: z.array(AppTurnoOut) }).meta({
  examples: [
    {
      dal: "2026-11-17",
      al: "2026-12-24",
      results: [
        {
          id: 881,
          giorno: "2026-11-24",
          inizio_f1: "08:00:00",
          fine_f1: "16:00:00",
          inizio_f2: null,
          fine_f2: null,
          confermato: true,
          cliente: "Centro Commerciale Le Torri S.p.A.",
          contratto: "Vigilanza ingresso merci",
          servizio: "Portierato",
          indirizzo: "Via Roma 1, Milano",
          lat: 45.4642,
          lng: 9.19,
          distanza_max_m: 300,
          timbrature: [],
        },
      ],
    },
  ],
});
export type AppTurno = z.infer<typeof AppTurnoOut>;
export type AppTurni = z.infer<typeof AppTurniOut>;

/**
 * The position read at the tap (check-in/out, SOS); all three null when the phone gave none
 * (permission denied, no fix): still recorded, "posizione non disponibile" (issue 33).
 */
export const POSIZIONE = {
  lat: z
    .number({ error: "Latitudine non valida" })
    .min(-90, { error: "Latitudine non valida" })
    .max(90, { error: "Latitudine non valida" })
    .nullable(),
  lng: z
    .number({ error: "Longitudine non valida" })
    .min(-180, { error: "Longitudine non valida" })
    .max(180, { error: "Longitudine non valida" })
    .nullable(),
  accuratezza: z
    .number({ error: "Accuratezza non valida" })
    .min(0, { error: "Accuratezza non valida" })
    .max(100_000, { error: "Accuratezza non valida" })
    .nullable(),
};
export const posizioneCompleta = (d: { lat: number | null; lng: number | null; accuratezza: number | null }) =>
  (d.lat === null) === (d.lng === null) && (d.lat === null) === (d.accuratezza === null);
export const POSIZIONE_INCOMPLETA = {
  error: "Posizione incompleta: latitudine, longitudine e accuratezza insieme, o nessuna",
  path: ["lat"],
};

/** A check-in or check-out. `id` is generated by the app (UUID): sending it again changes nothing. */
export const AppTimbraturaData = z
  .object({
    id: z.uuid({ error: "Identificativo della timbratura non valido (UUID)" }),
    turno_id: z.number({ error: "Turno non valido" }).int().positive().max(2147483647),
    tipo: z.enum(TIMBRATURA_TIPI, { error: "Tipo non valido: ingresso o uscita" }),
    /** The device's time, ISO 8601 with offset. */
    data_ora: z.iso.datetime({ offset: true, error: "Data e ora non valide (ISO 8601)" }),
    /**
     * The position read at the tap; all three null when the phone gave none (permission denied,
     * no fix): the check-in is still recorded, "posizione non disponibile" (issue 33).
     */
    ...POSIZIONE,
    /**
     * Seconds the check-in waited in the app's outbox before this request (offline): a late sync
     * is judged at its device time up to this wait; without it, at the receive time (issue 30 item
     * 1, src/domain/hours/checkins.ts `dataOraValida`). At most 7 days.
     */
    secondi_in_coda: z
      .number({ error: "Attesa in coda non valida (secondi)" })
      .int({ error: "Attesa in coda non valida (secondi)" })
      .min(0, { error: "Attesa in coda non valida (secondi)" })
      .max(7 * 24 * 3600, { error: "Attesa in coda non valida (al massimo 7 giorni)" })
      .optional(),
  })
  .refine(posizioneCompleta, POSIZIONE_INCOMPLETA)
  .meta({
    examples: [
      {
        id: "6f1c2a8e-4b7d-4f3a-9a51-2c0e8d7b1f34",
        turno_id: 881,
        tipo: "ingresso",
        data_ora: "2026-11-24T07:58:12+01:00",
        lat: 45.4641,
        lng: 9.1901,
        accuratezza: 12,
      },
    ],
  });
export const AppTimbraturaBody = dataBody(AppTimbraturaData);
export type AppTimbraturaData = z.infer<typeof AppTimbraturaData>;

export const TICKET_TIPI = ["problema", "richiesta", "segnalazione"] as const;
export const TICKET_STATI = ["aperto", "in_lavorazione", "chiuso"] as const;

export const AppTicketData = z
  .object({
    /**
     * UUID made on the phone (issue 33): the ticket may wait in the outbox offline and be sent
     * later; the same id again answers the ticket already opened (200) and opens nothing.
     */
    id: z.uuid({ error: "Identificativo del ticket non valido (UUID)" }).optional(),
    tipo: z.enum(TICKET_TIPI, { error: "Categoria non valida: problema, richiesta o segnalazione" }),
    oggetto: reqText(200),
    testo: reqText(5000),
  })
  .meta({ examples: [{ tipo: "problema", oggetto: "Radio guasta", testo: "La radio portatile non trasmette." }] });
export const AppTicketBody = dataBody(AppTicketData);
export type AppTicketData = z.infer<typeof AppTicketData>;

export const TicketMessaggioOut = z.object({
  id: z.number(),
  data_ora: z.string(),
  /** Who wrote it: the guard (from the app) or the office. */
  autore: z.enum(["operatore", "ufficio"]),
  nome: z.string(),
  testo: z.string(),
});
export type TicketMessaggio = z.infer<typeof TicketMessaggioOut>;

export const AppTicketOut = z.object({
  id: z.number(),
  data_ora: z.string(),
  tipo: z.enum(TICKET_TIPI),
  stato: z.enum(TICKET_STATI),
  oggetto: z.string(),
  testo: z.string(),
  /** A photo is attached (POST /api/app/ticket/:id/foto/). */
  foto: z.boolean(),
  messaggi: z.array(TicketMessaggioOut),
});
export type AppTicket = z.infer<typeof AppTicketOut>;
export const AppTicketsOut = z.object({ results: z.array(AppTicketOut.omit({ messaggi: true })) });

/** A company communication addressed to the guard (GET /api/app/comunicazioni/, newest first). */
export const AppComunicazioneOut = z.object({
  id: z.number(),
  oggetto: z.string(),
  testo: z.string(),
  /** Europe/Rome, "YYYY-MM-DD HH:mm:ss". */
  inviata_il: z.string(),
  /** GET /api/app/comunicazioni/:id/allegato/ when true. */
  allegato: z.boolean(),
  letta_il: z.string().nullable(),
  /** The office's last reminder to read it (null when none, or already read). */
  promemoria_il: z.string().nullable(),
});
export type AppComunicazione = z.infer<typeof AppComunicazioneOut>;
export const AppComunicazioniOut = z.object({ results: z.array(AppComunicazioneOut) }).meta({
  examples: [
    {
      results: [
        {
          id: 4,
          oggetto: "Nuove divise",
          testo: "Da lunedì si ritirano in sede.",
          inviata_il: "2026-11-24 09:00:00",
          allegato: true,
          letta_il: null,
          promemoria_il: null,
        },
      ],
    },
  ],
});
