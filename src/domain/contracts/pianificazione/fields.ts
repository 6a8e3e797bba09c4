/** Zod building blocks of the pianificazione bodies (Italian messages, SPEC §5 empty-string rules). */
import { z } from "zod";
import { normalizeTime, parseDay } from "../../shift-rules";
import { dbId } from "../common";

export const REQUIRED = "Questo campo è obbligatorio";

/** An id (1 … 2^31 − 1): the shared rule of common.ts. */
export const id = dbId;

/** Optional text: '' becomes null; missing stays missing (a partial update leaves it alone). */
export const optText = (max = 2000) =>
  z.preprocess(
    (v) => (v === "" ? null : v),
    z.string({ error: "Testo non valido" }).trim().max(max, `Massimo ${max} caratteri`).nullable().optional(),
  );

/** Text that is never null: null becomes ''; missing stays missing. */
export const text = (max = 2000) =>
  z.preprocess(
    (v) => (v === null ? "" : v),
    z.string({ error: "Testo non valido" }).trim().max(max, `Massimo ${max} caratteri`).optional(),
  );

export const reqText = (max = 500) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `Massimo ${max} caratteri`);

const isDay = (v: string) => parseDay(v) !== null;

export const day = () =>
  z
    .string({ error: REQUIRED })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Data non valida (AAAA-MM-GG)")
    .refine(isDay, "Data non valida");

/** Optional day: '' and missing become null. */
export const optDay = () => z.preprocess((v) => (v === "" ? null : v), day().nullable().optional());

/** 'HH:mm' or 'HH:mm:ss' → 'HH:mm:ss'. */
export const time = () =>
  z
    .string({ error: REQUIRED })
    .refine((v) => normalizeTime(v) !== null, "Orario non valido (HH:mm)")
    .transform((v) => normalizeTime(v)!);

export const optTime = () => z.preprocess((v) => (v === "" ? null : v), time().nullable().optional());

/** Booleans may come as 'true'/'false' from selects. */
export const bool = () =>
  z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean({ error: "Valore non valido" }));

export const money = (min = 0) =>
  z.coerce
    .number({ error: "Importo non valido" })
    .refine((n) => Number.isFinite(n), "Importo non valido")
    .refine((n) => n >= min, `Il valore non può essere inferiore a ${min}`)
    .refine((n) => Math.abs(n) < 1e10, "Importo troppo grande");

export const percent = () =>
  z.coerce
    .number({ error: "Percentuale non valida" })
    .min(0, "La percentuale non può essere negativa")
    .max(1000, "Percentuale non valida");

/** {operatore: 5} or {operatore: {id: 5}} → 5 */
export const refId = () =>
  z.preprocess((v) => (v && typeof v === "object" && "id" in v ? (v as { id: unknown }).id : v), id());

export const wrap = <T extends z.ZodType>(data: T) => z.object({ data });

export const OK = { result: "OK" } as const;
