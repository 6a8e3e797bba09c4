/** Field codecs of the CMS bodies (lenient inputs, as the other modules': null → '', an {id} object → its id). */
import { z } from "zod";

const MSG = "Valore non valido";

/** Text: null/undefined → undefined on PUT is handled by updateSchema; here null → ''. */
export const text = (max = 500) =>
  z.preprocess(
    (v) => (v === null ? "" : typeof v === "number" ? String(v) : v),
    z.string({ error: MSG }).trim().max(max, `Testo troppo lungo (massimo ${max} caratteri)`).optional(),
  );

/** An id, or an object carrying it ({id} or {value}, what a select gives); null clears it. */
export const ref = () =>
  z.preprocess((v) => {
    if (v && typeof v === "object" && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      return o.id ?? o.value ?? null;
    }
    return v === "" ? null : v;
  }, z.coerce.number({ error: MSG }).int(MSG).positive(MSG).max(2147483647, MSG).nullable().optional());

/** A list of ids (or of {id} objects). */
export const refs = () =>
  z.preprocess(
    (v) =>
      Array.isArray(v)
        ? v.map((x) => (x && typeof x === "object" ? ((x as Record<string, unknown>).id ?? x) : x))
        : v === null
          ? []
          : v,
    z
      .array(z.coerce.number({ error: MSG }).int(MSG).positive(MSG).max(2147483647, MSG), { error: MSG })
      .max(1000)
      .optional(),
  );

export const flag = () => z.boolean({ error: MSG }).nullish();

export const percent = () =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v) : v),
    z.number({ error: "Inserisci un numero" }).int("Inserisci un numero intero").optional(),
  );

/** A user of the CMS as other records show them (an event's viewers and stewards). */
export const UtenteRef = z.object({ id: z.number(), first_name: z.string(), last_name: z.string() });
export type UtenteRef = z.infer<typeof UtenteRef>;
