/** Request bodies of services, days and shifts. */
import { z } from "zod";
import { validateShiftTimes } from "../../../src/domain/shift-rules";
import { validatePeriodo } from "../../../src/domain/turno";
import { updateSchema } from "../../lib/update-schema";
import { day, optTime, refId, text, time } from "./common.schema";

const coord = (min: number, max: number) =>
  z.preprocess((v) => (v === "" ? null : v), z.coerce.number().min(min).max(max).nullable().optional());

const shiftFields = {
  inizio_f1: time(),
  fine_f1: time(),
  inizio_f2: optTime(),
  fine_f2: optTime(),
  posizione: refId(),
  operatori_richiesti: z.coerce
    .number({ error: "Numero non valido" })
    .int("Numero non valido")
    .min(0, "Numero non valido")
    .max(500, "Massimo 500 operatori"),
  note: text(2000),
};

function checkTimes(v: Record<string, unknown>, ctx: z.RefinementCtx) {
  if (typeof v.inizio_f1 !== "string" || typeof v.fine_f1 !== "string") return;
  for (const [field, message] of Object.entries(validateShiftTimes(v as never)))
    ctx.addIssue({ code: "custom", message, path: [field] });
}

export const turnoCreate = z
  .object({ ...shiftFields, operatori_richiesti: shiftFields.operatori_richiesti.default(1) })
  .superRefine(checkTimes);
export const turnoUpdate = updateSchema(turnoCreate);

const servizioFields = {
  dal: day(),
  al: day(),
  descrizione: text(500),
  indirizzo: text(500),
  lat: coord(-90, 90),
  lng: coord(-180, 180),
  note: text(5000),
};

function checkPeriodo(v: { dal?: string; al?: string }, ctx: z.RefinementCtx) {
  if (!v.dal || !v.al) return;
  for (const [field, message] of Object.entries(validatePeriodo(v.dal, v.al)))
    ctx.addIssue({ code: "custom", message, path: [field] });
}

export const servizioCreate = z
  .object({
    ...servizioFields,
    giorni_settimana: z
      .array(
        z.coerce.number().int().min(1, "Giorno della settimana non valido").max(7, "Giorno della settimana non valido"),
      )
      .max(7)
      .default([1, 2, 3, 4, 5, 6, 7]),
    turni: z.array(turnoCreate).max(50, "Massimo 50 turni al giorno").default([]),
  })
  .superRefine(checkPeriodo);

/** The service's own fields (its days and shifts have their own routes). */
export const servizioUpdate = updateSchema(servizioFields).superRefine(checkPeriodo);

export const giornoCreate = z.object({ giorno: day(), turni: z.array(turnoCreate).max(50).default([]) });
export const giornoUpdate = z.object({ giorno: day() });

export const periodoQuery = z.object({
  dal: day().optional(),
  al: day().optional(),
});

export type TurnoCreate = z.infer<typeof turnoCreate>;
export type TurnoUpdate = z.infer<typeof turnoUpdate>;
export type ServizioCreate = z.infer<typeof servizioCreate>;
export type ServizioUpdate = z.infer<typeof servizioUpdate>;
