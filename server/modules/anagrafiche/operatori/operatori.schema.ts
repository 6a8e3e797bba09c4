/**
 * Request shapes of /api/anagrafiche/operatori/. zod checks the TYPES (and answers 400 with
 * per-field errors); the business rules are src/domain/operatore.ts's validators, the same the
 * SPA's forms run.
 */
import { z } from "zod";

const MSG = "Valore non valido";

/** Text: null/undefined → '', numbers accepted, select objects ({value}|{id}|{label}) → their value. */
export const text = (max = 500) =>
  z.preprocess(
    (v) => {
      if (v === null || v === undefined) return "";
      if (typeof v === "number") return String(v);
      if (typeof v === "object" && !Array.isArray(v)) {
        const o = v as Record<string, unknown>;
        const inner = o.value ?? o.id ?? o.label ?? o.descrizione;
        return inner === null || inner === undefined ? "" : String(inner);
      }
      return v;
    },
    z.string({ error: MSG }).trim().max(max, `Testo troppo lungo (massimo ${max} caratteri)`),
  );

/** Date 'YYYY-MM-DD' or empty (→ null); the domain validators check it is a real day. */
export const day = () =>
  z.preprocess((v) => (v === "" || v === undefined ? null : v), z.string({ error: MSG }).max(30).nullable());

/** Integer or empty (→ null); numeric strings accepted. */
export const integer = () =>
  z.preprocess(
    (v) => (v === "" || v === undefined || v === null ? null : typeof v === "string" ? Number(v) : v),
    z.number({ error: "Inserisci un numero" }).int("Inserisci un numero intero").nullable(),
  );

export const decimal = () =>
  z.preprocess(
    (v) => (v === "" || v === undefined || v === null ? null : typeof v === "string" ? Number(v.replace(",", ".")) : v),
    z.number({ error: "Inserisci un numero" }).finite("Inserisci un numero").nullable(),
  );

export const flag = () => z.boolean({ error: MSG });

export const operatoreData = z.object({
  codice: text(30),
  cognome: text(100),
  nome: text(100),
  sesso: text(1),
  codice_fiscale: text(16 + 10),
  data_nascita: day(),
  luogo_nascita: text(100),
  prov_nascita: text(2 + 10),
  cittadinanza: text(100),
  indirizzo: text(200),
  numero: text(20),
  cap: text(10),
  citta: text(100),
  prov: text(12),
  d_indirizzo: text(200),
  d_numero: text(20),
  d_cap: text(10),
  d_citta: text(100),
  d_prov: text(12),
  cellulare: text(30),
  telefono: text(30),
  email: text(254),
  pec: text(254),
  iban: text(50),
  data_iban: day(),
  altezza: integer(),
  peso: integer(),
  titolo_studio: text(100),
  referente: text(100),
  area_agenzia: text(100),
  area_sede: text(100),
  attivo: flag(),
  cessato: flag(),
  black_list: flag(),
  data_disattivazione: day(),
  data_iscrizione: day(),
  ammortizzatori: flag(),
  amm_note: text(2000),
  applicazione: flag(),
  sms: flag(),
  cod_pref: text(30),
  cp_rilasciato_da: text(100),
  cp_rilasciato_il: day(),
  cp_scadenza: day(),
  rating: integer(),
  lat: decimal(),
  lng: decimal(),
  annotazioni: text(10000),
  note: text(10000),
  /** Qualifications: the record's own shape [{posizione: {id}}] or plain ids. */
  posizioni_operatore: z
    .array(
      z.union([
        z.number().int(),
        z.object({ posizione: z.object({ id: z.coerce.number().int() }) }),
        z.object({ id: z.coerce.number().int() }),
      ]),
      { error: MSG },
    )
    .max(50)
    .optional(),
});

export const operatoreBody = z.object({ data: operatoreData.partial() });
export type OperatoreInput = z.infer<typeof operatoreBody>["data"];

export const idParams = z.object({
  id: z.coerce.number({ error: "Identificativo non valido" }).int().positive("Identificativo non valido"),
});
export const subIdParams = idParams.extend({
  subId: z.coerce.number({ error: "Identificativo non valido" }).int().positive("Identificativo non valido"),
});

export const recordQuery = z.object({
  quick_view: z.enum(["true", "false", "1", "0"]).optional(),
  cliente: z.coerce.number().int().positive().optional(),
});

/** The qualification ids of a posizioni_operatore payload. */
export function posizioneIds(list: NonNullable<OperatoreInput["posizioni_operatore"]>): number[] {
  const ids = list.map((p) => (typeof p === "number" ? p : "posizione" in p ? p.posizione.id : p.id));
  return [...new Set(ids)];
}
