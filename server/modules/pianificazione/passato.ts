/**
 * Days in the past are locked (issue 15 item 3, DM 269/2010): assigning, removing or confirming an
 * operator, changing, adding or removing a shift or a day before today (Europe/Rome) is refused
 * with 409 `giorno_passato` (derogabile) unless a holder of erp_contratti_deroghe gives a reason
 * (`deroga`). The reason goes with the change into the shift register and the audit log; the
 * register keeps the earlier version, being append-only.
 */
import { type SQL, sql } from "drizzle-orm";
import { CAPABILITIES, hasAny } from "../../../src/domain/permissions";
import { addDays, instantToRome } from "../../../src/domain/shift-rules";
import { GIORNO_PASSATO, giornoPassato } from "../../../src/domain/turno";
import type { AppContext, ServiceContext } from "../../lib/context";
import { conflict, HttpError } from "../../lib/errors";

export const DEROGA_NON_CONSENTITA = "Non disponi del permesso di derogare ai limiti di lavoro (erp_contratti_deroghe)";

export const MOTIVO_GIORNO_PASSATO = { code: "giorno_passato", message: GIORNO_PASSATO } as const;

/** The refusal of a change to a past day (409, overridable with a reason). */
export const giornoPassatoRefusal = () =>
  conflict(GIORNO_PASSATO, { reason: "giorno_passato", reasons: [MOTIVO_GIORNO_PASSATO], derogabile: true });

/** 403 when a derogation is asked by a user who may not give one. */
export function requireDeroghe(ctx: ServiceContext): void {
  if (!hasAny(ctx.actor.permissions, CAPABILITIES.contrattiDeroghe)) throw new HttpError(403, DEROGA_NON_CONSENTITA);
}

/**
 * For a change touching `giorni` (YYYY-MM-DD): null when none is locked; the reason when one is and
 * the user may override; else the refusal (409 without a reason, 403 without the permission).
 * Locked: more than PLAN_LOCK_DAYS (config.planLockDays) days before today by the server's clock.
 * Without a configuration (the seed and the CLI writing history) or with the lock off, nothing is.
 */
export function sbloccoPassato(
  ctx: ServiceContext & Partial<Pick<AppContext, "config">>,
  giorni: readonly string[],
  deroga: string | undefined,
): string | null {
  if (!giorni.some((g) => giornoBloccato(ctx, g))) return null;
  if (!deroga) throw giornoPassatoRefusal();
  requireDeroghe(ctx);
  return deroga;
}

/** Whether the day is locked for this context (see sbloccoPassato). */
export function giornoBloccato(ctx: ServiceContext & Partial<Pick<AppContext, "config">>, giorno: string): boolean {
  const days = ctx.config?.planLockDays;
  return days !== undefined && days !== null && giornoPassato(giorno, ctx.clock().getTime(), days);
}

/** The last locked day (YYYY-MM-DD) for this context, or null when nothing is locked. */
export function ultimoGiornoBloccato(ctx: ServiceContext & Partial<Pick<AppContext, "config">>): string | null {
  const days = ctx.config?.planLockDays;
  if (days === undefined || days === null) return null;
  return addDays(instantToRome(ctx.clock().getTime()).day, -days - 1);
}

/** The audit note of a change made by derogation. */
export const notaDeroga = (motivo: string | null) => (motivo ? `Deroga (giorno passato): ${motivo}` : null);

/**
 * The derogation of a change to one operator on a past day, for the report of derogations
 * (turni_deroghe, code giorno_passato): an INSERT to put in the change's statement, written only
 * when `when` holds (the change happened).
 */
export function derogaPassatoSql(
  ctx: ServiceContext,
  r: { turnoId: number; operatoreId: number; dettaglio: string; motivo: string },
  when: SQL = sql`true`,
): SQL {
  return sql`INSERT INTO turni_deroghe (turno_id, operatore_id, codici, dettaglio, motivo, utente_id)
    SELECT ${r.turnoId}::int, ${r.operatoreId}::int, '{giorno_passato}'::text[], ${r.dettaglio}::text, ${r.motivo}::text,
           ${ctx.actor.userId}::int WHERE ${when}`;
}
