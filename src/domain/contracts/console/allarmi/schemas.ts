/**
 * The contract of the guards' alarms (SOS, issue 33 item 6): sent by the field app under
 * /api/app/allarmi/, handled by the desk under /api/comunicazioni/allarmi/ (erp_allarmi and the
 * administrators). States aperto → preso_in_carico → chiuso, who and when at each step.
 */
import { z } from "zod";
import { dataBody } from "../../common";
import { declareList } from "../../list";
import { POSIZIONE, POSIZIONE_INCOMPLETA, posizioneCompleta } from "../app-guardie/schemas";

export const ALLARME_STATI = ["aperto", "preso_in_carico", "chiuso"] as const;
export type AllarmeStato = (typeof ALLARME_STATI)[number];

export const ALLARME_STATO_LABEL: Record<AllarmeStato, string> = {
  aperto: "Aperto",
  preso_in_carico: "Preso in carico",
  chiuso: "Chiuso",
};

export const ALLARME_NON_TROVATO = "Allarme non trovato";

const Persona = z.object({ id: z.number(), full_name: z.string() });

/** The shift the alarm was sent in (or the nearest one within 12 hours), if any. */
export const AllarmeTurnoOut = z.object({
  id: z.number(),
  giorno: z.string(),
  inizio: z.string(),
  fine: z.string(),
  cliente: z.string(),
  servizio: z.string(),
  indirizzo: z.string(),
});

/** One alarm as the desk sees it (times Europe/Rome, "YYYY-MM-DD HH:mm:ss"). */
export const AllarmeOut = z.object({
  id: z.number(),
  stato: z.enum(ALLARME_STATI),
  /** The phone's time at the SOS, and the server's when it arrived (a phone clock off stays visible). */
  data_ora: z.string(),
  ricevuto_il: z.string(),
  silenzioso: z.boolean(),
  /** Null when the phone gave no position: "posizione non disponibile". */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  accuratezza: z.number().nullable(),
  operatore: Persona,
  turno: AllarmeTurnoOut.nullable(),
  preso_da: Persona.nullable(),
  preso_il: z.string().nullable(),
  chiuso_da: Persona.nullable(),
  chiuso_il: z.string().nullable(),
  note: z.string(),
  /** When the administrators were mailed because nobody took it in time. */
  escalato_il: z.string().nullable(),
  /** The service report (relazione di servizio, severity *emergenza*) that raised it, if any. */
  relazione_id: z.number().nullable(),
});
export type Allarme = z.infer<typeof AllarmeOut>;

/**
 * GET /api/comunicazioni/allarmi/aperti/?versione=…: the open alarms (oldest first) and their
 * version. With the version the caller already has, the answer waits (at most ~25 s) until it changes.
 */
export const AllarmiApertiOut = z.object({ versione: z.string(), results: z.array(AllarmeOut) });
export type AllarmiAperti = z.infer<typeof AllarmiApertiOut>;
export const AllarmiApertiQuery = z.object({ versione: z.string().max(200).optional() });

/** POST …/chiudi/: the desk's closing note (optional). */
export const ChiudiAllarmeData = z.object({
  note: z.string({ error: "Testo non valido" }).max(5000, { error: "Al massimo 5000 caratteri" }).optional(),
});
export const ChiudiAllarmeBody = dataBody(ChiudiAllarmeData);
export type ChiudiAllarmeData = z.infer<typeof ChiudiAllarmeData>;

/** A row of GET /api/comunicazioni/allarmi/. */
export const AllarmeRow = z.object({
  id: z.number(),
  ricevuto_il: z.string(),
  data_ora: z.string(),
  operatore: z.string(),
  operatore_id: z.number(),
  cliente: z.string(),
  servizio: z.string(),
  silenzioso: z.boolean(),
  posizione: z.string(),
  stato: z.string(),
  preso_da: z.string(),
  preso_il: z.string().nullable(),
  chiuso_da: z.string(),
  chiuso_il: z.string().nullable(),
  escalato: z.boolean(),
  note: z.string(),
});
export type AllarmeRow = z.infer<typeof AllarmeRow>;

/** The Allarmi page: newest first; state, operator, client, period, silent, escalated. */
export const AllarmeList = declareList({
  name: "allarmi",
  title: "Allarmi",
  fields: {
    id: { label: "N.", type: "integer", sortable: true },
    ricevuto_il: { label: "Ricevuto il", type: "datetime", sortable: true, filter: "range", param: "periodo" },
    data_ora: { label: "Ora del telefono", type: "datetime" },
    operatore: { label: "Operatore", type: "text", sortable: true, global: true, filter: "contains", groupable: true },
    operatore_id: { label: "ID operatore", type: "integer", filter: "eq", exportable: false },
    cliente: { label: "Cliente", type: "text", sortable: true, global: true, filter: "contains", groupable: true },
    servizio: { label: "Servizio", type: "text", sortable: true, global: true },
    silenzioso: { label: "Silenzioso", type: "boolean", sortable: true, filter: "eq" },
    posizione: { label: "Posizione", type: "text" },
    stato: { label: "Stato", type: "text", sortable: true, filter: "in", groupable: true },
    preso_da: { label: "Preso in carico da", type: "text", sortable: true },
    preso_il: { label: "Preso in carico il", type: "datetime", sortable: true },
    chiuso_da: { label: "Chiuso da", type: "text", sortable: true },
    chiuso_il: { label: "Chiuso il", type: "datetime", sortable: true },
    escalato: { label: "Inoltrato agli amministratori", type: "boolean", sortable: true, filter: "eq" },
    note: { label: "Note", type: "text" },
  },
  defaultOrder: [
    { field: "ricevuto_il", asc: false },
    { field: "id", asc: false },
  ],
});

/** The app's SOS: `id` made on the phone (UUID), sending it again changes nothing. */
export const AppAllarmeData = z
  .object({
    id: z.uuid({ error: "Identificativo dell'allarme non valido (UUID)" }),
    /** The device's time of the SOS, ISO 8601 with offset. */
    data_ora: z.iso.datetime({ offset: true, error: "Data e ora non valide (ISO 8601)" }),
    ...POSIZIONE,
    /** The silent variant: the phone shows nothing; the office sees it marked. */
    silenzioso: z.boolean({ error: "Valore non valido (vero o falso)" }),
    /** The shift the guard is on, when the app knows it; otherwise the server picks the nearest. */
    turno_id: z.number({ error: "Turno non valido" }).int().positive().max(2147483647).nullable().optional(),
  })
  .refine(posizioneCompleta, POSIZIONE_INCOMPLETA)
  .meta({
    examples: [
      {
        id: "0b8f6c1e-2d3a-4e5f-8a9b-1c2d3e4f5a6b",
        data_ora: "2026-11-24T22:41:05+01:00",
        lat: 45.4641,
        lng: 9.1901,
        accuratezza: 15,
        silenzioso: false,
      },
    ],
  });
export const AppAllarmeBody = dataBody(AppAllarmeData);
export type AppAllarmeData = z.infer<typeof AppAllarmeData>;

/** What the phone reads back: the state and who took it ("ricevuto da …"). */
export const AppAllarmeOut = z.object({
  id: z.string(),
  stato: z.enum(ALLARME_STATI),
  data_ora: z.string(),
  ricevuto_il: z.string(),
  silenzioso: z.boolean(),
  preso_da: z.string().nullable(),
  preso_il: z.string().nullable(),
});
export type AppAllarme = z.infer<typeof AppAllarmeOut>;

export const UuidParams = z.object({ id: z.uuid({ error: "Identificativo non valido (UUID)" }) });
