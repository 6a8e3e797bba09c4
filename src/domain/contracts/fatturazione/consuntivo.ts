/**
 * The Consuntivo (issue 35 item 1): per contract and month, each assignment's planned and worked
 * hours, the office's corrections (with a reason, the original kept) and the month's approval.
 *
 *   GET  /api/fatturazione/consuntivo/?contratto=&mese=YYYY-MM   (list engine)
 *   GET  /api/fatturazione/consuntivo/stato/?contratto=&mese=    → ConsuntivoStatoOut
 *   POST /api/fatturazione/consuntivo/rettifiche/  {data: RettificaData}  → RettificaOut
 *   POST /api/fatturazione/consuntivo/approvazioni/ {data: ApprovazioneData} → ConsuntivoStatoOut
 */
import { z } from "zod";
import { dbId } from "../common";
import { declareList } from "../list";
import { REQUIRED, reqText } from "../pianificazione/fields";

export const MESE_NON_VALIDO = "Mese non valido (AAAA-MM)";
/** 'YYYY-MM'. */
export const mese = () =>
  z
    .string({ error: REQUIRED })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, MESE_NON_VALIDO)
    .refine((v) => Number(v.slice(0, 4)) >= 2000 && Number(v.slice(0, 4)) <= 2100, MESE_NON_VALIDO);

/** Where an assignment's worked hours come from. */
export const FONTI_CONSUNTIVO = {
  effettive: "Timbrature",
  pianificate: "Pianificate",
  rettificate: "Rettifica",
} as const;

export const ConsuntivoRow = z.object({
  giorno: z.string(),
  servizio: z.string(),
  posizione: z.string(),
  operatore: z.string(),
  orario: z.string(),
  pianificate: z.number(),
  ingresso: z.string().nullable(),
  uscita: z.string().nullable(),
  lavorate: z.number().nullable(),
  fonte: z.string(),
  aperto: z.boolean(),
  motivo: z.string(),
  id: z.number(),
  operatore_id: z.number(),
});
export type ConsuntivoRiga = z.infer<typeof ConsuntivoRow>;

export const ConsuntivoList = declareList({
  name: "consuntivo",
  title: "Consuntivo ore",
  fields: {
    giorno: { label: "Giorno", type: "date", sortable: true, groupable: true },
    servizio: { label: "Servizio", type: "text", sortable: true, global: true, groupable: true },
    posizione: { label: "Qualifica", type: "text" },
    operatore: { label: "Operatore", type: "text", sortable: true, global: true, groupable: true },
    orario: { label: "Orario pianificato", type: "text" },
    pianificate: { label: "Ore pianificate", type: "hours", aggregate: "sum" },
    ingresso: { label: "Ingresso", type: "datetime" },
    uscita: { label: "Uscita", type: "datetime" },
    lavorate: { label: "Ore lavorate", type: "hours", aggregate: "sum" },
    fonte: { label: "Fonte", type: "text", filter: "eq" },
    aperto: { label: "Ingresso senza uscita", type: "boolean", sortable: true, filter: "eq" },
    motivo: { label: "Motivo della rettifica", type: "text" },
  },
  defaultOrder: [
    { field: "aperto", asc: false },
    { field: "giorno", asc: true },
    { field: "operatore", asc: true },
  ],
});

/** A worked period as the office corrects it: two instants (ISO 8601 with offset). */
export const PeriodoData = z
  .object({
    inizio: z.iso.datetime({ offset: true, error: "Data e ora non valide" }),
    fine: z.iso.datetime({ offset: true, error: "Data e ora non valide" }),
  })
  .refine((p) => Date.parse(p.fine) > Date.parse(p.inizio), {
    path: ["fine"],
    error: "L'uscita deve seguire l'ingresso",
  })
  .refine((p) => Date.parse(p.fine) - Date.parse(p.inizio) <= 24 * 3600_000, {
    path: ["fine"],
    error: "Un periodo lavorato dura al massimo 24 ore",
  });

export const RettificaData = z.object({
  turno_operatore: dbId(),
  periodi: z.array(PeriodoData, { error: REQUIRED }).min(1, REQUIRED).max(2, "Al massimo due periodi (turno spezzato)"),
  motivo: reqText(500),
  /** The month is approved: the correction is a derogation (erp_contratti_deroghe). */
  deroga: z.boolean().optional(),
});
export type RettificaData = z.infer<typeof RettificaData>;

export const RettificaOut = z.object({
  id: z.number(),
  turno_operatore: z.number(),
  lavorate: z.number(),
  deroga: z.boolean(),
});
export type RettificaOut = z.infer<typeof RettificaOut>;

export const ConsuntivoQuery = z.object({ contratto: dbId(), mese: mese() });

export const ApprovazioneData = ConsuntivoQuery;
export type ApprovazioneData = z.infer<typeof ApprovazioneData>;

export const ConsuntivoStatoOut = z.object({
  contratto: z.number(),
  mese: z.string(),
  approvato: z.boolean(),
  approvato_il: z.string().nullable(),
  approvato_da: z.string().nullable(),
  assegnazioni: z.number(),
  aperti: z.number(),
});
export type ConsuntivoStato = z.infer<typeof ConsuntivoStatoOut>;

export const MESE_APPROVATO =
  "Il mese è già approvato: una rettifica ora è una deroga (indica il motivo e conferma la deroga)";
export const TURNI_APERTI = (n: number) =>
  n === 1
    ? "C'è un turno con ingresso senza uscita: rettificalo prima di approvare il mese"
    : `Ci sono ${n} turni con ingresso senza uscita: rettificali prima di approvare il mese`;
