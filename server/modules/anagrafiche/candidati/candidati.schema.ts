/** Request and response schemas of /api/anagrafiche/candidati/ and the public /candidature/. */
import { z } from "zod";
import { STATI_CANDIDATO } from "../../../../src/domain/candidato";

const text = (max: number) => z.string().max(max).nullish();
const ids = z.array(z.number().int().positive().max(2147483647)).max(50);

export const CandidatoData = z.object({
  nome: text(100),
  cognome: text(100),
  sesso: z.enum(["M", "F"]).nullish(),
  data_nascita: text(10),
  codice_fiscale: text(16),
  email: text(254),
  cellulare: text(30),
  citta: text(120),
  prov: text(4),
  posizioni: ids.nullish(),
  giorni_disponibili: z.array(z.number().int()).max(7).nullish(),
  turni_notturni: z.boolean().nullish(),
  trasferte: z.boolean().nullish(),
  stato: z.enum(STATI_CANDIDATO).nullish(),
  valutazione: z.number().int().nullish(),
  note: text(5000),
});
export type CandidatoData = z.infer<typeof CandidatoData>;

export const IdParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

export const CandidatoOut = z.object({
  id: z.number(),
  nome: z.string(),
  cognome: z.string(),
  sesso: z.enum(["M", "F"]),
  data_nascita: z.string().nullable(),
  codice_fiscale: z.string(),
  email: z.string(),
  cellulare: z.string(),
  citta: z.string(),
  prov: z.string(),
  posizioni: z.array(z.number()),
  posizioni_desiderate: z.array(z.object({ id: z.number(), descrizione: z.string() })),
  giorni_disponibili: z.array(z.number()),
  turni_notturni: z.boolean(),
  trasferte: z.boolean(),
  stato: z.enum(STATI_CANDIDATO),
  valutazione: z.number().nullable(),
  note: z.string(),
  messaggio: z.string(),
  cv: z.object({ id: z.string(), nome: z.string(), dimensione: z.number() }).nullable(),
  origine: z.enum(["manuale", "form"]),
  privacy_accettata_il: z.string().nullable(),
  operatore_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const ResultOk = z.object({ result: z.literal("OK") });
