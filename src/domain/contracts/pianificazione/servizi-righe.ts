/**
 * The contract of a service's rows under /api/pianificazione/contratti/{c}/servizi/{s}/: costi,
 * dotazioni, note-ed-allegati (the CRUD of ./contratti-righe.ts), allegati (upload, download,
 * delete) and operatori-assegnati (the operators over the whole service, with their hours).
 */
import { z } from "zod";
import { updateSchema } from "../update-schema";
import { OperatoreRef } from "./contratti-righe";
import { day, money, optDay, refId, text } from "./fields";

const costo = {
  tipo: z.string({ error: "Questo campo è obbligatorio" }).trim().min(1, "Questo campo è obbligatorio").max(200),
  importo: money(-1e9),
  data: day(),
  note: text(2000),
};
export const CostoData = z.object(costo);
export const CostoUpdateData = updateSchema(costo);
export type CostoInput = z.input<typeof CostoData>;

export const CostoOut = z.object({
  id: z.number(),
  tipo: z.string(),
  importo: z.number(),
  data: z.string(),
  note: z.string(),
});
export type Costo = z.infer<typeof CostoOut>;

const dotazione = {
  descrizione: z.string({ error: "Questo campo è obbligatorio" }).trim().min(1, "Questo campo è obbligatorio").max(300),
  quantita: z.coerce.number().int().min(1, "Quantità non valida").max(100000).default(1),
  operatore: z.preprocess((v) => (v === "" ? null : v), refId().nullable().optional()),
  consegnata_il: optDay(),
  restituita_il: optDay(),
  note: text(2000),
};
export const DotazioneData = z.object(dotazione);
export const DotazioneUpdateData = updateSchema(dotazione);
export type DotazioneInput = z.input<typeof DotazioneData>;

export const DotazioneOut = z.object({
  id: z.number(),
  descrizione: z.string(),
  quantita: z.number(),
  operatore: OperatoreRef.nullable(),
  operatore_nome: z.string().nullable(),
  consegnata_il: z.string().nullable(),
  restituita_il: z.string().nullable(),
  note: z.string(),
});
export type Dotazione = z.infer<typeof DotazioneOut>;

const allegato = {
  nota: text(5000),
  file: z.preprocess((v) => (v === "" ? null : v), z.uuid("File non valido").nullable().optional()),
};
export const NotaData = z.object(allegato);
export const NotaUpdateData = updateSchema(allegato);

/** A note, optionally with an uploaded file (also the answer of POST …/allegati/). */
export const NotaAllegatoOut = z.object({
  id: z.number(),
  nota: z.string(),
  file: z.object({ id: z.string(), nome: z.string(), mime: z.string(), dimensione: z.number() }).nullable(),
  file_nome: z.string().nullable(),
  created_at: z.string(),
});
export type NotaAllegato = z.infer<typeof NotaAllegatoOut>;

/** GET …/operatori-assegnati/ rows. */
export const OperatoreAssegnatoOut = z.object({
  id: z.number(),
  cognome: z.string(),
  nome: z.string(),
  turni: z.number(),
  turni_confermati: z.number(),
  secondi: z.number(),
  primo_giorno: z.string(),
  ultimo_giorno: z.string(),
});
export type OperatoreAssegnato = z.infer<typeof OperatoreAssegnatoOut>;
export const OperatoriAssegnatiOut = z.object({ results: z.array(OperatoreAssegnatoOut) });
