/**
 * The contract of a contract's rows under /api/pianificazione/contratti/{idContratto}/: prezzi,
 * compensi, non-graditi (GET {results}, POST {data} → 201 the row, PUT /{idRiga}/ {data} → the
 * row, DELETE → {result: "OK"}).
 */
import { z } from "zod";
import { updateSchema } from "../update-schema";
import { money, percent, refId, text } from "./fields";

/** A qualification as the server names it. */
export const PosizioneRef = z.object({ id: z.number(), descrizione: z.string() });
export type PosizioneRef = z.infer<typeof PosizioneRef>;

/** An operator as a row names it. */
export const OperatoreRef = z.object({ id: z.number(), cognome: z.string(), nome: z.string() });
export type OperatoreRef = z.infer<typeof OperatoreRef>;

const prezzo = {
  posizione: refId(),
  prezzo_orario: money(),
  maggiorazione_notturna: percent().default(0),
  maggiorazione_festiva: percent().default(0),
  maggiorazione_domenicale: percent().default(0),
};
export const PrezzoData = z.object(prezzo);
export const PrezzoUpdateData = updateSchema(prezzo);
export type PrezzoInput = z.input<typeof PrezzoData>;

/** GET …/prezzi/ rows (amounts as numbers, surcharges in %). */
export const PrezzoOut = z.object({
  id: z.number(),
  posizione: PosizioneRef,
  posizione_descrizione: z.string(),
  prezzo_orario: z.number(),
  maggiorazione_notturna: z.number(),
  maggiorazione_festiva: z.number(),
  maggiorazione_domenicale: z.number(),
});
export type PrezzoContratto = z.infer<typeof PrezzoOut>;

const compenso = {
  posizione: refId(),
  compenso_orario: money(),
  maggiorazione_notturna: percent().default(0),
  maggiorazione_festiva: percent().default(0),
  maggiorazione_domenicale: percent().default(0),
};
export const CompensoData = z.object(compenso);
export const CompensoUpdateData = updateSchema(compenso);
export type CompensoInput = z.input<typeof CompensoData>;

export const CompensoOut = z.object({
  id: z.number(),
  posizione: PosizioneRef,
  posizione_descrizione: z.string(),
  compenso_orario: z.number(),
  maggiorazione_notturna: z.number(),
  maggiorazione_festiva: z.number(),
  maggiorazione_domenicale: z.number(),
});
export type CompensoContratto = z.infer<typeof CompensoOut>;

const nonGradito = { operatore: refId(), motivo: text(1000) };
export const NonGraditoData = z.object(nonGradito);
/** The operator of a row is its identity: a PUT changes only the reason. */
export const NonGraditoUpdateData = updateSchema({ motivo: nonGradito.motivo });
export type NonGraditoInput = z.input<typeof NonGraditoData>;

export const NonGraditoOut = z.object({
  id: z.number(),
  operatore: OperatoreRef,
  operatore_nome: z.string(),
  motivo: z.string(),
  created_at: z.string(),
});
export type NonGradito = z.infer<typeof NonGraditoOut>;
