/**
 * Field codecs of the anagrafiche bodies (lenient inputs: null → '', numbers from strings, a
 * select's object → its value) and the reference to an uploaded file in answers.
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

/** An uploaded file of the record (photo, CV, a document's or course's scan). */
export const FileRefOut = z.object({
  id: z.string(),
  /** Relative URL of the file route: /api/anagrafiche/files/{id}/ */
  url: z.string(),
  nome: z.string(),
  mime: z.string(),
});
export type FileRef = z.infer<typeof FileRefOut>;
