/**
 * Guard tours (issue 34): the checkpoints of a service's site (`punti`), the tour plans on the
 * service (`piani`), the rounds (`ronde`) the server creates from them for the shifts covering their
 * hours and judges from the app's scans (`passaggi`). Rules: server/modules/pianificazione/ronde/.
 */
import { z } from "zod";
import { dataBody } from "../../common";
import { POSIZIONE, POSIZIONE_INCOMPLETA, posizioneCompleta } from "../../console/app-guardie/schemas";
import { updateSchema } from "../../update-schema";
import { bool, id, reqText, text, time } from "../fields";

/** The code a QR holds: "RP-" and 10 characters of Crockford's base 32 (no I, L, O, U). */
export const CODICE_PUNTO = /^RP-[0-9A-Z]{10}$/;
/** A scan farther than this from the point (beyond the phone's own accuracy) is flagged. */
export const DISTANZA_SEGNALATA_M = 100;

export const RONDA_STATI = ["prevista", "in_corso", "completata", "in_ritardo", "incompleta", "non_eseguita"] as const;
export type RondaStato = (typeof RONDA_STATI)[number];
export const RONDA_STATO_LABEL: Record<RondaStato, string> = {
  prevista: "Prevista",
  in_corso: "In corso",
  completata: "Completata",
  in_ritardo: "In ritardo",
  incompleta: "Incompleta",
  non_eseguita: "Non eseguita",
};

export const METODI_PASSAGGIO = ["qr", "nfc", "manuale"] as const;
export type MetodoPassaggio = (typeof METODI_PASSAGGIO)[number];

const coord = (min: number, max: number, what: string) =>
  z.preprocess(
    (v) => (v === "" ? null : v),
    z.coerce
      .number({ error: `${what} non valida` })
      .min(min, `${what} non valida`)
      .max(max, `${what} non valida`)
      .nullable()
      .optional(),
  );

/** An NFC serial as the phone reads it ("04:a2:3b:…") or typed: kept as upper-case hex without separators. */
export const nfcUid = () =>
  z.preprocess(
    (v) => (v === "" ? null : typeof v === "string" ? v.replace(/[\s:-]/g, "").toUpperCase() : v),
    z
      .string({ error: "UID NFC non valido" })
      .regex(/^[0-9A-F]{8,20}$/, "UID NFC non valido (da 8 a 20 cifre esadecimali)")
      .nullable()
      .optional(),
  );

const punto = {
  nome: reqText(200),
  lat: coord(-90, 90, "Latitudine"),
  lng: coord(-180, 180, "Longitudine"),
  istruzioni: text(2000),
  nfc_uid: nfcUid(),
};
export const PuntoData = z.object(punto);
export const PuntoUpdateData = updateSchema(punto);
export type PuntoInput = z.input<typeof PuntoData>;

export const PuntoOut = z.object({
  id: z.number(),
  nome: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  istruzioni: z.string(),
  codice: z.string(),
  nfc_uid: z.string().nullable(),
});
export type Punto = z.infer<typeof PuntoOut>;

const minuti = (min: number, max: number, what: string) =>
  z.coerce
    .number({ error: `${what} non valido` })
    .int(`${what} non valido`)
    .min(min, `${what}: almeno ${min} minuti`)
    .max(max, `${what}: al massimo ${max} minuti`);

const piano = {
  nome: reqText(200),
  ordinato: bool().default(false),
  punti: z
    .array(id(), { error: "Punti non validi" })
    .min(1, "Scegliere almeno un punto di controllo")
    .max(200, "Al massimo 200 punti")
    .refine((p) => new Set(p).size === p.length, "Un punto è ripetuto"),
  ogni_minuti: minuti(15, 1440, "Intervallo"),
  dalle: time(),
  alle: time(),
  tolleranza_minuti: minuti(0, 240, "Tolleranza").default(15),
  attivo: bool().default(true),
};
export const PianoData = z.object(piano);
export const PianoUpdateData = updateSchema(piano);
export type PianoInput = z.input<typeof PianoData>;

export const PianoOut = z.object({
  id: z.number(),
  nome: z.string(),
  ordinato: z.boolean(),
  punti: z.array(z.number()),
  ogni_minuti: z.number(),
  dalle: z.string(),
  alle: z.string(),
  tolleranza_minuti: z.number(),
  attivo: z.boolean(),
});
export type Piano = z.infer<typeof PianoOut>;

/** A point of a round as the office and the app see it (times Europe/Rome "YYYY-MM-DD HH:mm:ss"). */
export const RondaPuntoOut = z.object({
  id: z.number(),
  nome: z.string(),
  codice: z.string(),
  istruzioni: z.string(),
  passato_il: z.string().nullable(),
  metodo: z.enum(METODI_PASSAGGIO).nullable(),
  segnalato: z.boolean(),
});

export const RondaOut = z.object({
  id: z.number(),
  piano: z.string(),
  servizio_id: z.number(),
  turno_id: z.number(),
  previsto_il: z.string(),
  fine_finestra: z.string(),
  tolleranza_minuti: z.number(),
  ordinata: z.boolean(),
  stato: z.enum(RONDA_STATI),
  iniziata_il: z.string().nullable(),
  finita_il: z.string().nullable(),
  operatore: z.string().nullable(),
  fuori_ordine: z.boolean(),
  punti: z.array(RondaPuntoOut),
  punti_mancanti: z.array(z.string()),
});
export type Ronda = z.infer<typeof RondaOut>;
export const RondeOut = z.object({ results: z.array(RondaOut) });

/** GET …/ronde/?giorno=YYYY-MM-DD: the rounds of a service due that day (Rome) and the night after. */
export const RondeQuery = z.object({
  giorno: z
    .string({ error: "Data non valida (AAAA-MM-GG)" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Data non valida (AAAA-MM-GG)")
    .optional(),
});

/**
 * A scan from the guards' app. `id` is the app's UUID: sent again (the outbox), it changes nothing.
 * `codice` is what the QR held, the NFC tag's serial or what the guard typed; `ronda_id` the round
 * the guard started, if any (otherwise the server finds it by the point and the device's time).
 */
export const AppPassaggioData = z
  .object({
    id: z.uuid({ error: "Identificativo del passaggio non valido (UUID)" }),
    ronda_id: z.number({ error: "Ronda non valida" }).int().positive().max(2147483647).nullable().optional(),
    codice: z
      .string({ error: "Codice obbligatorio" })
      .trim()
      .min(1, "Codice obbligatorio")
      .max(100, "Codice non valido"),
    metodo: z.enum(METODI_PASSAGGIO, { error: "Metodo non valido: qr, nfc o manuale" }),
    data_ora: z.iso.datetime({ offset: true, error: "Data e ora non valide (ISO 8601)" }),
    ...POSIZIONE,
  })
  .refine(posizioneCompleta, POSIZIONE_INCOMPLETA);
export type AppPassaggioData = z.infer<typeof AppPassaggioData>;
export const AppPassaggioBody = dataBody(AppPassaggioData);

export const AppPassaggioOut = z.object({
  id: z.string(),
  punto: z.string(),
  ronda_id: z.number().nullable(),
  data_ora: z.string(),
  ricevuto_il: z.string(),
  metodo: z.enum(METODI_PASSAGGIO),
  distanza_m: z.number().nullable(),
  segnalato: z.boolean(),
  motivo: z.string(),
  stato_ronda: z.enum(RONDA_STATI).nullable(),
});
export type AppPassaggio = z.infer<typeof AppPassaggioOut>;
