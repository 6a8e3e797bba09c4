/**
 * The contract of the guards' service reports (relazioni di servizio, issue 34 items 5-6): written in
 * the field app under /api/app/relazioni/, reviewed by the office under /api/comunicazioni/relazioni/
 * (erp_relazioni and the administrators). DM 269/2010, Allegato D: the institute keeps its guards'
 * reports at the police's disposal. The guard's text is version 1; every amendment by the office is a
 * new version with who, when and why (the original is kept); approving freezes the report.
 */
import { z } from "zod";
import { dataBody, IdParams } from "../../common";
import { declareList } from "../../list";
import { POSIZIONE, POSIZIONE_INCOMPLETA, posizioneCompleta } from "../app-guardie/schemas";
import { RELAZIONE_CATEGORIE, RELAZIONE_GRAVITA, RELAZIONE_STATI } from "./labels";

export * from "./labels";

export const RELAZIONE_NON_TROVATA = "Relazione di servizio non trovata";
export const RELAZIONE_APPROVATA = "La relazione è già approvata: non si può più modificare";

const testo = (max: number, obbligatorio = true) => {
  const s = z
    .string({ error: "Questo campo è obbligatorio" })
    .trim()
    .max(max, { error: `Al massimo ${max} caratteri` });
  return obbligatorio ? s.min(1, { error: "Questo campo è obbligatorio" }) : s;
};

/** What a version says: the same fields whoever writes it. */
const CONTENUTO = {
  categoria: z.enum(RELAZIONE_CATEGORIE, { error: "Categoria non valida" }),
  gravita: z.enum(RELAZIONE_GRAVITA, { error: "Gravità non valida" }),
  /** When it happened, ISO 8601 with offset. */
  accaduto_il: z.iso.datetime({ offset: true, error: "Data e ora non valide (ISO 8601)" }),
  luogo: testo(300),
  descrizione: testo(10_000),
  provvedimenti: testo(5000, false).default(""),
};

/** The app's report: `id` made on the phone (UUID), sending it again changes nothing. */
export const AppRelazioneData = z
  .object({
    id: z.uuid({ error: "Identificativo della relazione non valido (UUID)" }),
    /** The device's time when the guard sent it, ISO 8601 with offset. */
    data_ora: z.iso.datetime({ offset: true, error: "Data e ora non valide (ISO 8601)" }),
    ...CONTENUTO,
    ...POSIZIONE,
    turno_id: z.number({ error: "Turno non valido" }).int().positive().max(2147483647).nullable().optional(),
  })
  .refine(posizioneCompleta, POSIZIONE_INCOMPLETA)
  .meta({
    examples: [
      {
        id: "3d6f2b9a-7c1e-4a8b-9f0d-5e4c3b2a1f09",
        data_ora: "2026-11-24T23:12:00+01:00",
        categoria: "intrusione",
        gravita: "attenzione",
        accaduto_il: "2026-11-24T22:55:00+01:00",
        luogo: "Cancello carraio lato nord",
        descrizione: "Recinzione tagliata per circa un metro, nessuna persona presente.",
        provvedimenti: "Avvisata la centrale operativa, foto allegate.",
        lat: 45.4641,
        lng: 9.1901,
        accuratezza: 12,
      },
    ],
  });
export const AppRelazioneBody = dataBody(AppRelazioneData);
export type AppRelazioneData = z.infer<typeof AppRelazioneData>;

/** What the phone reads back of its reports. */
export const AppRelazioneOut = z.object({
  id: z.string(),
  stato: z.enum(RELAZIONE_STATI),
  categoria: z.enum(RELAZIONE_CATEGORIE),
  gravita: z.enum(RELAZIONE_GRAVITA),
  accaduto_il: z.string(),
  luogo: z.string(),
  ricevuto_il: z.string(),
  foto: z.number(),
  /** The alarm an *emergenza* raised (its state is read at /api/app/allarmi/{allarme}/). */
  allarme: z.string().nullable(),
});
export type AppRelazione = z.infer<typeof AppRelazioneOut>;
export const AppRelazioniOut = z.object({ results: z.array(AppRelazioneOut) });

const Persona = z.object({ id: z.number(), full_name: z.string() });

/** One version (times Europe/Rome, "YYYY-MM-DD HH:mm:ss"); `autore` null: the guard's own text. */
export const RelazioneVersioneOut = z.object({
  versione: z.number(),
  categoria: z.enum(RELAZIONE_CATEGORIE),
  gravita: z.enum(RELAZIONE_GRAVITA),
  accaduto_il: z.string(),
  luogo: z.string(),
  descrizione: z.string(),
  provvedimenti: z.string(),
  motivo: z.string(),
  autore: Persona.nullable(),
  creata_il: z.string(),
});
export type RelazioneVersione = z.infer<typeof RelazioneVersioneOut>;

export const RelazioneOut = z.object({
  id: z.number(),
  stato: z.enum(RELAZIONE_STATI),
  rilevante: z.boolean(),
  provincia: z.string(),
  data_ora: z.string(),
  ricevuto_il: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  accuratezza: z.number().nullable(),
  operatore: Persona,
  turno: z
    .object({ id: z.number(), giorno: z.string(), cliente: z.string(), servizio: z.string(), indirizzo: z.string() })
    .nullable(),
  approvata_da: Persona.nullable(),
  approvata_il: z.string().nullable(),
  allarme_id: z.number().nullable(),
  /** Newest last; the last one is what the report says now. */
  versioni: z.array(RelazioneVersioneOut),
  /** Photos: GET /api/comunicazioni/relazioni/{id}/foto/{file}/. */
  foto: z.array(z.string()),
});
export type Relazione = z.infer<typeof RelazioneOut>;

/** POST /api/comunicazioni/relazioni/:id/versioni/: the office's amendment, with its reason. */
export const RelazioneModificaData = z.object({ ...CONTENUTO, motivo: testo(1000) });
export const RelazioneModificaBody = dataBody(RelazioneModificaData);
export type RelazioneModificaData = z.infer<typeof RelazioneModificaData>;

/** PUT /api/comunicazioni/relazioni/:id/: relevant for the police or not (before approval). */
export const RelazioneUpdateData = z.object({
  rilevante: z.boolean({ error: "Valore non valido (vero o falso)" }).optional(),
});
export const RelazioneUpdateBody = dataBody(RelazioneUpdateData);
export type RelazioneUpdateData = z.infer<typeof RelazioneUpdateData>;

export const RelazioneFotoParams = IdParams.extend({ file: z.uuid({ error: "Identificativo non valido (UUID)" }) });

/** A row of GET /api/comunicazioni/relazioni/. */
export const RelazioneRow = z.object({
  id: z.number(),
  ricevuto_il: z.string(),
  accaduto_il: z.string(),
  operatore: z.string(),
  operatore_id: z.number(),
  cliente: z.string(),
  servizio: z.string(),
  provincia: z.string(),
  categoria: z.string(),
  gravita: z.string(),
  luogo: z.string(),
  stato: z.string(),
  rilevante: z.boolean(),
  versioni: z.number(),
  foto: z.number(),
});
export type RelazioneRow = z.infer<typeof RelazioneRow>;

/** Console → Relazioni di servizio: those to approve first, then newest. */
export const RelazioneList = declareList({
  name: "relazioni",
  title: "Relazioni di servizio",
  fields: {
    id: { label: "N.", type: "integer", sortable: true },
    ricevuto_il: { label: "Ricevuta il", type: "datetime", sortable: true, filter: "range", param: "periodo" },
    accaduto_il: { label: "Accaduto il", type: "datetime", sortable: true },
    operatore: { label: "Operatore", type: "text", sortable: true, global: true, filter: "contains", groupable: true },
    operatore_id: { label: "ID operatore", type: "integer", filter: "eq", exportable: false },
    cliente: { label: "Cliente", type: "text", sortable: true, global: true, filter: "contains", groupable: true },
    servizio: { label: "Servizio", type: "text", sortable: true, global: true },
    provincia: { label: "Provincia", type: "text", sortable: true, filter: "in", groupable: true },
    categoria: { label: "Categoria", type: "text", sortable: true, filter: "in", groupable: true },
    gravita: { label: "Gravità", type: "text", sortable: true, filter: "in", groupable: true },
    luogo: { label: "Luogo", type: "text", global: true },
    stato: { label: "Stato", type: "text", sortable: true, filter: "in", groupable: true },
    rilevante: { label: "Rilevante per la Questura", type: "boolean", sortable: true, filter: "eq" },
    versioni: { label: "Versioni", type: "integer" },
    foto: { label: "Foto", type: "integer" },
  },
  defaultOrder: [
    // 'da_approvare' sorts after 'approvata': descending puts those to approve first.
    { field: "stato", asc: false },
    { field: "ricevuto_il", asc: false },
  ],
});
