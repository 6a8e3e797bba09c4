/**
 * The contract of assignment and confirmation (SPEC §7), advanced assignment and consolidation,
 * under /api/pianificazione/contratti/{c}/servizi/{s}/giorni/{g}/: the bodies (wrapped in
 * {data}), the answers, and the 409 refusal's body.
 */
import { z } from "zod";
import { ClienteRef } from "./contratti";
import { bool, day, refId } from "./fields";
import { OperatoreTurnoOut } from "./servizi";

/**
 * `deroga`: the reason for overriding the limits that refuse a change (erp_contratti_deroghe): the
 * working-time limits refusing an operator, or a past day (giorno_passato). Blank = none.
 */
export const deroga = () =>
  z
    .string()
    .trim()
    .max(1000, "Massimo 1000 caratteri")
    .optional()
    .transform((v) => v || undefined);

/** `?deroga=` of the calls that change a past day's days and shifts (no body, or a body of its own). */
export const DerogaQuery = z.object({ deroga: deroga() });
/**
 * DELETE …/turni/{t}/?rimuovi_operatori=true: the shift goes with its assignments, in one
 * transaction (each removal in the shift register); without it a shift with operators is a 409.
 */
export const DeleteTurnoQuery = DerogaQuery.extend({ rimuovi_operatori: bool().optional() });

/** POST turni/{t}/operatori/: assign (add true) or unassign an operator ({operatore: 5} or {operatore: {id: 5}}). */
export const AssignData = z.object({ operatore: refId(), add: bool(), deroga: deroga() });
/** POST turni/{t}/operatori-conf/: confirm (add true) or remove the confirmation. */
export const ConfirmData = z.object({ operatore: refId(), add: bool().optional(), deroga: deroga() });
/** POST turni/{t}/operatori/bulk/ */
export const BulkData = z.object({
  operatori: z.array(refId()).min(1, "Seleziona almeno un operatore").max(200, "Massimo 200 operatori"),
  conferma: bool().optional(),
});

/** The answer of an assign/confirm call: accepted, possibly with working-time warnings. */
export const AssignResultOut = z.object({
  result: z.literal("OK"),
  operatore: OperatoreTurnoOut.nullable(),
  warnings: z.array(z.string()),
});
export type AssignResult = z.infer<typeof AssignResultOut>;

/** Why an operator cannot take a shift (a 409 `reasons` item, a candidate's `reasons`): `code` a MotivoEsclusione (src/domain/turno.ts). */
export const MotivoOut = z.object({ code: z.string(), message: z.string() });
export type Motivo = z.infer<typeof MotivoOut>;

/** The body of a 409 refusal of an assign call (an error answer: not serialised by a schema). */
export interface AssignRefusal {
  detail: string;
  reason: string;
  reasons: Motivo[];
  /** Every reason may be overridden with a reason by a holder of erp_contratti_deroghe. */
  derogabile: boolean;
}

/** An operator ranked for a shift (advanced assignment), with what keeps them off it. */
export const CandidatoTurnoOut = z.object({
  id: z.number(),
  cognome: z.string(),
  nome: z.string(),
  rating: z.number().nullable(),
  eligible: z.boolean(),
  reasons: z.array(MotivoOut),
  warnings: z.array(z.string()),
  distanza_km: z.number().nullable(),
  /** Seconds already worked in the Monday–Sunday week of the shift (other shifts). */
  secondi_settimana: z.number(),
  assegnato: z.boolean(),
  confermato: z.boolean(),
});
export type Candidato = z.infer<typeof CandidatoTurnoOut>;

/** The shift as the advanced-assignment answers name it. */
export const TurnoHeaderOut = z.object({
  id: z.number(),
  inizio_f1: z.string(),
  fine_f1: z.string(),
  inizio_f2: z.string().nullable(),
  fine_f2: z.string().nullable(),
  posizione: z.object({ id: z.number(), descrizione: z.string() }),
  operatori_richiesti: z.number(),
});
export type TurnoHeader = z.infer<typeof TurnoHeaderOut>;

const CandidatiHeader = {
  cliente: ClienteRef,
  contratto: z.object({ id: z.number(), titolo: z.string() }),
  servizio: z.object({ id: z.number(), indirizzo: z.string() }),
  giorno: z.object({ id: z.number(), giorno: z.string() }),
};

/** GET …/turni/{idTurno}/candidati/ */
export const CandidatiTurnoOut = z.object({
  ...CandidatiHeader,
  turno: TurnoHeaderOut,
  results: z.array(CandidatoTurnoOut),
});
export type CandidatiTurno = z.infer<typeof CandidatiTurnoOut>;

/** GET …/giorni/{idGiorno}/candidati/[?turno=]: every shift of the day (or one) with its ranked operators. */
export const CandidatiGiornoOut = z.object({
  ...CandidatiHeader,
  turni: z.array(TurnoHeaderOut.extend({ results: z.array(CandidatoTurnoOut) })),
});
export type CandidatiGiorno = z.infer<typeof CandidatiGiornoOut>;

/** POST …/operatori/bulk/: who was assigned (with warnings) and who was refused (with why). */
export const BulkOutcomeOut = z.object({
  assegnati: z.array(OperatoreTurnoOut.extend({ warnings: z.array(z.string()) })),
  falliti: z.array(z.object({ id: z.number(), detail: z.string(), reason: z.string().nullable() })),
});
export type BulkOutcome = z.infer<typeof BulkOutcomeOut>;

/** A shift left uncovered by a consolidation. */
export const ScopertoOut = z.object({
  turno_id: z.number(),
  giorno: z.string(),
  inizio_f1: z.string(),
  fine_f1: z.string(),
  inizio_f2: z.string().nullable(),
  fine_f2: z.string().nullable(),
  posizione: z.string(),
  operatori_richiesti: z.number(),
  assegnati: z.number(),
  mancanti: z.number(),
});
export type Scoperto = z.infer<typeof ScopertoOut>;

/** POST …/consolida/ (a day) and …/turni/{t}/consolida/ (a shift). */
export const ConsolidaOut = z.object({
  result: z.literal("OK"),
  confermati: z.number(),
  scoperti: z.array(ScopertoOut),
});
export type ConsolidaResult = z.infer<typeof ConsolidaOut>;

/** The longest period confirmed (or worked on for one operator) in one call. */
export const MAX_GIORNI_PERIODO = 62;

/**
 * POST …/servizi/{s}/consolida/ {data:{dal, al}} (issue 32 item 6, "Conferma settimana"): confirms every
 * assigned, unconfirmed place of the service's days in the period (at most 62 days) in one
 * transaction; the past days' (locked) are skipped and reported unless a derogation is given (?deroga).
 */
export const ConsolidaPeriodoData = z.object({ dal: day(), al: day() }).superRefine((v, ctx) => {
  if (v.al < v.dal)
    ctx.addIssue({ code: "custom", path: ["al"], message: "La data di fine non può precedere la data di inizio" });
});
export type ConsolidaPeriodoData = z.infer<typeof ConsolidaPeriodoData>;

export const ConsolidaPeriodoOut = ConsolidaOut.extend({
  /** Assignments left unconfirmed, with the reason (a past day without a derogation). */
  saltati: z.array(
    z.object({
      turno_id: z.number(),
      giorno: z.string(),
      operatore_id: z.number(),
      cognome: z.string(),
      nome: z.string(),
      detail: z.string(),
    }),
  ),
});
export type ConsolidaPeriodoResult = z.infer<typeof ConsolidaPeriodoOut>;

/**
 * POST …/servizi/{s}/operatori-periodo/: one operator on every shift of the service between dal and
 * al (at most 62 days) — assigned (optionally confirmed) where they fit, removed, or unconfirmed.
 */
export const OperatorePeriodoData = z
  .object({
    operatore: refId(),
    dal: day(),
    al: day(),
    azione: z.enum(["assegna", "rimuovi", "annulla_conferma"], { error: "Azione non valida" }),
    conferma: bool().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.al < v.dal)
      ctx.addIssue({ code: "custom", path: ["al"], message: "La data di fine non può precedere la data di inizio" });
  });

const TurnoDelPeriodo = z.object({ turno_id: z.number(), giorno: z.string(), orario: z.string() });

/** What was done on which shift, and which were skipped with the server's reason. */
export const OperatorePeriodoOut = z.object({
  eseguiti: z.array(TurnoDelPeriodo.extend({ warnings: z.array(z.string()) })),
  saltati: z.array(TurnoDelPeriodo.extend({ detail: z.string(), reason: z.string().nullable() })),
});
export type OperatorePeriodoResult = z.infer<typeof OperatorePeriodoOut>;
