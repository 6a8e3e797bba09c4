/**
 * The contract of a contract's services, days and shifts (/api/pianificazione/contratti/
 * {idContratto}/servizi/…): bodies wrapped in {data}, the service with its days and shifts
 * (SPEC §3 Service, Day, Shift), the list of a contract's services, a saved day or shift.
 */
import { z } from "zod";
import { validateShiftTimes } from "../../shift-rules";
import { validatePeriodo } from "../../turno";
import { updateSchema } from "../update-schema";
import { ClienteRef } from "./contratti";
import { day, optTime, refId, text, time } from "./fields";

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

// ---------------------------------------------------------------- answers

/** An operator on a shift. */
export const OperatoreTurnoOut = z.object({
  id: z.number(),
  cognome: z.string(),
  nome: z.string(),
  confermato: z.boolean(),
});
export type OperatoreTurno = z.infer<typeof OperatoreTurnoOut>;

/** SPEC §3 Shift (turno): times 'HH:mm:ss', the qualification, who is on it. */
export const TurnoOut = z.object({
  id: z.number(),
  inizio_f1: z.string(),
  fine_f1: z.string(),
  inizio_f2: z.string().nullable(),
  fine_f2: z.string().nullable(),
  operatori_richiesti: z.number(),
  note: z.string(),
  posizione: z.object({ id: z.number(), descrizione: z.string() }),
  operatori: z.array(OperatoreTurnoOut),
});
export type Turno = z.infer<typeof TurnoOut>;

/** SPEC §3 Day (giorno 'YYYY-MM-DD') with its shifts. */
export const GiornoOut = z.object({ id: z.number(), giorno: z.string(), turni: z.array(TurnoOut) });
export type Giorno = z.infer<typeof GiornoOut>;

/** SPEC §7: GET …/servizi/{idServizio}/[?dal&al] (also the answer of its POST and PUT). */
export const ServizioOut = z.object({
  id: z.number(),
  contratto: z.object({ id: z.number(), titolo: z.string(), cliente: ClienteRef }),
  dal: z.string(),
  al: z.string(),
  descrizione: z.string(),
  indirizzo: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  note: z.string(),
  giorni: z.array(GiornoOut),
  /**
   * GET only: the last locked day (days up to it are in the past, issue 15 item 3: changing them
   * needs a derogation with a reason, `deroga`); null when nothing is locked (PLAN_LOCK_DAYS off).
   */
  bloccato_fino_al: z.string().nullable().optional(),
});
export type Servizio = z.infer<typeof ServizioOut>;

/** GET …/contratti/{id}/servizi/ rows, with the counts of days and operators. */
export const ServizioSummaryOut = z.object({
  id: z.number(),
  dal: z.string(),
  al: z.string(),
  descrizione: z.string(),
  indirizzo: z.string(),
  giorni: z.number(),
  operatori_richiesti: z.number(),
  operatori_assegnati: z.number(),
});
export type ServizioSummary = z.infer<typeof ServizioSummaryOut>;
export const ServiziOut = z.object({ results: z.array(ServizioSummaryOut) });

/** POST …/giorni/ → 201, PUT …/giorni/{idGiorno}/ */
export const GiornoSavedOut = z.object({ id: z.number(), giorno: z.string() });

/** POST …/turni/ → 201, PUT …/turni/{idTurno}/: the shift's own columns (the qualification by id). */
export const TurnoSavedOut = z.object({
  id: z.number(),
  inizio_f1: z.string(),
  fine_f1: z.string(),
  inizio_f2: z.string().nullable(),
  fine_f2: z.string().nullable(),
  posizione: z.number(),
  operatori_richiesti: z.number(),
  note: z.string(),
});
export type TurnoSaved = z.infer<typeof TurnoSavedOut>;

/** POST …/servizi/{s}/copia-settimana/: the week of `settimana` (any of its days) onto the next weeks. */
export const CopiaSettimanaData = z.object({
  settimana: day(),
  settimane: z.coerce
    .number({ error: "Numero non valido" })
    .int("Numero non valido")
    .min(1, "Almeno 1")
    .max(52, "Massimo 52"),
});
/** POST …/servizi/{s}/estendi/: the period the service is extended by. */
export const EstendiServizioData = z.object({ dal: day(), al: day() }).superRefine(checkPeriodo);
/** The answer of both: the days created (with how many shifts) and those already planned. */
export const PianoCopiatoOut = z.object({
  giorni_creati: z.array(z.string()),
  turni_creati: z.number(),
  giorni_esistenti: z.array(z.string()),
});
export type PianoCopiato = z.infer<typeof PianoCopiatoOut>;
