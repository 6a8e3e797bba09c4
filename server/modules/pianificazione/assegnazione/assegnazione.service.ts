/**
 * Assignment and confirmation of operators on shifts (SPEC §7), with the checks of
 * eligibility.service.ts. The database's exclusion constraint is the last word on overlaps: two
 * planners assigning one operator at the same instant get one success and one 409.
 */

import { type SQL, sql } from "drizzle-orm";
import {
  type AssignResult,
  type BulkOutcome,
  type ConsolidaPeriodoResult,
  type ConsolidaResult,
  MAX_GIORNI_PERIODO,
  type Scoperto,
} from "../../../../src/domain/contracts/pianificazione/assegnazione";
import { daysBetween } from "../../../../src/domain/shift-rules";
import { derogabile, GIORNO_PASSATO } from "../../../../src/domain/turno";
import type { Executor } from "../../../db/client";
import { queryOne, queryRows, queryRowsPrepared } from "../../../db/query";
import { auditInsertSql } from "../../../lib/audit";
import type { AppContext, ServiceContext } from "../../../lib/context";
import { conflict, HttpError, notFound, validationError } from "../../../lib/errors";
import { audit, auditEntry, rel } from "../audit";
import {
  derogaPassatoSql,
  giornoBloccato,
  MOTIVO_GIORNO_PASSATO,
  notaDeroga,
  requireDeroghe,
  sbloccoPassato,
  ultimoGiornoBloccato,
} from "../passato";
import { registroInsertSql } from "../registro-turni/registro";
import { type TurnoScope, turnoScope } from "../scope";
import { describeTurni, evaluate, type Valutazione } from "./eligibility.service";
import { isExclusionViolation, isUniqueViolation, overlapsSql, rangeSql, turnoIntervals } from "./periodi";

export const AZIONI_TURNO = {
  assign: "Assegnazione operatore",
  unassign: "Rimozione operatore",
  confirm: "Conferma operatore",
  unconfirm: "Annullamento conferma operatore",
} as const;

export interface TurnoIds {
  idContratto: number;
  idServizio: number;
  idGiorno: number;
  idTurno: number;
}

const related = (t: TurnoScope, operatoreId: number) => [
  rel("servizio", t.servizio_id),
  rel("contratto", t.contratto_id),
  rel("operatore", operatoreId),
  rel("giorno", t.giorno_id),
];

const fullName = (v: { cognome: string; nome: string }) => `${v.cognome} ${v.nome}`;

function refusal(v: Valutazione): HttpError {
  const first = v.reasons[0];
  return conflict(first.message, { reason: first.code, reasons: v.reasons, derogabile: derogabile(v.reasons) });
}

/** 409 explaining which shift the operator is already on, after the exclusion constraint refused. */
async function overlapRefusal(ex: Executor, t: TurnoScope, operatoreId: number): Promise<HttpError> {
  const cf = await queryOne<{ turno_id: number }>(
    ex,
    sql`SELECT turno_id FROM turni_operatori_periodi p WHERE p.operatore_id = ${operatoreId} AND p.turno_id <> ${t.turno_id}
        AND (${overlapsSql("p.periodo", turnoIntervals(t))}) LIMIT 1`,
  );
  const d = cf ? (await describeTurni(ex, [cf.turno_id])).get(cf.turno_id) : undefined;
  const message = `L'operatore è già assegnato a un turno sovrapposto${d ? `: ${d}` : ""}`;
  return conflict(message, { reason: "turno_sovrapposto", reasons: [{ code: "turno_sovrapposto", message }] });
}

/**
 * Assigns (optionally confirming at once). Refuses with 409 + reason; answers warnings. With
 * `deroga` (a reason) a holder of erp_contratti_deroghe assigns an operator whom only overridable
 * limits refuse: the derogation is written with the assignment, in the same statement. A past day
 * is one more such limit (giorno_passato, first of the reasons).
 */
export async function assign(
  ctx: ServiceContext,
  ids: TurnoIds,
  operatoreId: number,
  opts: { conferma?: boolean; scope?: TurnoScope; deroga?: string } = {},
): Promise<AssignResult> {
  const t = opts.scope ?? (await turnoScope(ctx.db, ids));
  const [found] = await evaluate(ctx.db, t, [operatoreId]);
  if (!found) throw notFound("Operatore non trovato");
  const v = giornoBloccato(ctx, t.giorno)
    ? { ...found, eligible: false, reasons: [MOTIVO_GIORNO_PASSATO, ...found.reasons] }
    : found;
  if (v.assegnato) {
    if (opts.conferma && !v.confermato) return confirm(ctx, ids, operatoreId, true, t, opts.deroga);
    return {
      result: "OK",
      operatore: { id: v.id, cognome: v.cognome, nome: v.nome, confermato: v.confermato },
      warnings: [],
    };
  }
  const deroga = !v.eligible && opts.deroga ? opts.deroga : null;
  if (!v.eligible && !(deroga && derogabile(v.reasons))) throw refusal(v);
  if (deroga) requireDeroghe(ctx);
  const confermato = Boolean(opts.conferma);
  const userId = ctx.actor.userId;
  const dettaglio = v.reasons.map((r) => r.message).join("; ");
  const codici = `{${v.reasons.map((r) => r.code).join(",")}}`;
  // One statement, so one transaction: the assignment, its time ranges (where the exclusion
  // constraint has the last word) and the audit entry. Prepared (a handful of shapes: derogation or
  // not, confirmed or not, one or two ranges): planning it was ~2 ms of every assign call.
  const ranges = turnoIntervals(t).map((i) => sql`(${rangeSql(i)})`);
  try {
    await queryRowsPrepared(
      ctx.db,
      sql`WITH ${
        deroga
          ? sql`d AS (
            INSERT INTO turni_deroghe (turno_id, operatore_id, codici, dettaglio, motivo, utente_id)
            VALUES (${t.turno_id}, ${operatoreId}, ${codici}::text[], ${dettaglio}, ${deroga}, ${userId}) RETURNING id),`
          : sql``
      } a AS (
            INSERT INTO turni_operatori (turno_id, operatore_id, confermato, assegnato_da, confermato_da, confermato_il, deroga_id)
            VALUES (${t.turno_id}, ${operatoreId}, ${confermato}, ${userId}, ${confermato ? userId : null},
                    ${confermato ? sql`now()` : null}, ${deroga ? sql`(SELECT id FROM d)` : null})
            RETURNING id, turno_id, operatore_id, confermato),
          r AS (${registroInsertSql("assegnazione", userId, sql`a`, sql`true`, deroga ?? "")}),
          p AS (
            INSERT INTO turni_operatori_periodi (turno_operatore_id, turno_id, operatore_id, periodo)
            SELECT a.id, ${t.turno_id}, ${operatoreId}, r.periodo FROM a, (VALUES ${sql.join(ranges, sql`, `)}) r(periodo)),
          l AS (${auditInsertSql(
            auditEntry(ctx.actor, {
              azione: AZIONI_TURNO.assign,
              contentType: "turno",
              objectId: t.turno_id,
              related: related(t, operatoreId),
              note:
                [
                  ...(deroga ? [`Deroga: ${deroga} (${dettaglio})`] : []),
                  ...(v.warnings.length ? [`Avvisi: ${v.warnings.join("; ")}`] : []),
                ].join(" — ") || null,
              changeLog: [
                `Operatore: "—" → "${fullName(v)}"`,
                ...(deroga ? [`Deroga: "—" → "${deroga}"`] : []),
                ...(confermato ? [`Confermato ${fullName(v)}: "No" → "Sì"`] : []),
              ],
            }),
            sql`EXISTS (SELECT 1 FROM a)`,
          )})
          SELECT id FROM a`,
    );
  } catch (e) {
    if (isExclusionViolation(e)) throw await overlapRefusal(ctx.db, t, operatoreId);
    if (isUniqueViolation(e))
      return {
        result: "OK",
        operatore: { id: v.id, cognome: v.cognome, nome: v.nome, confermato: false },
        warnings: [],
      };
    throw e;
  }
  return { result: "OK", operatore: { id: v.id, cognome: v.cognome, nome: v.nome, confermato }, warnings: v.warnings };
}

async function operatorName(ex: Executor, id: number) {
  const o = await queryOne<{ cognome: string; nome: string }>(
    ex,
    sql`SELECT cognome, nome FROM operatori WHERE id = ${id}`,
  );
  if (!o) throw notFound("Operatore non trovato");
  return o;
}

/** Removes an operator; on a past day only by derogation (`deroga`, the reason). */
export async function unassign(
  ctx: ServiceContext,
  ids: TurnoIds,
  operatoreId: number,
  deroga?: string,
): Promise<AssignResult> {
  const t = await turnoScope(ctx.db, ids);
  const motivo = sbloccoPassato(ctx, [t.giorno], deroga);
  const o = await operatorName(ctx.db, operatoreId);
  // One statement: the removal (its ranges go with it, ON DELETE CASCADE), its row in the shift
  // register, on a past day the derogation, and, if there was one, its audit entry. Prepared, as the
  // assign's (two shapes: with or without the past day's derogation).
  await queryRowsPrepared(
    ctx.db,
    sql`WITH d AS (DELETE FROM turni_operatori WHERE turno_id = ${t.turno_id} AND operatore_id = ${operatoreId}
                   RETURNING id, turno_id, operatore_id, confermato),
             r AS (${registroInsertSql("rimozione", ctx.actor.userId, sql`d a`, sql`true`, motivo ?? "")}),
             x AS (${
               motivo
                 ? derogaPassatoSql(
                     ctx,
                     { turnoId: t.turno_id, operatoreId, dettaglio: `Rimozione di ${fullName(o)}`, motivo },
                     sql`EXISTS (SELECT 1 FROM d)`,
                   )
                 : sql`SELECT 1`
             })
        ${auditInsertSql(
          auditEntry(ctx.actor, {
            azione: AZIONI_TURNO.unassign,
            contentType: "turno",
            objectId: t.turno_id,
            related: related(t, operatoreId),
            note: notaDeroga(motivo),
            changeLog: [`Operatore: "${fullName(o)}" → "—"`],
          }),
          sql`EXISTS (SELECT 1 FROM d)`,
        )}`,
  );
  return { result: "OK", operatore: null, warnings: [] };
}

/**
 * Confirms (add true) or removes the confirmation (add false) of an assigned operator; on a past
 * day only by derogation (`deroga`, the reason).
 */
export async function confirm(
  ctx: ServiceContext,
  ids: TurnoIds,
  operatoreId: number,
  add: boolean,
  scope?: TurnoScope,
  deroga?: string,
): Promise<AssignResult> {
  const t = scope ?? (await turnoScope(ctx.db, ids));
  const motivo = sbloccoPassato(ctx, [t.giorno], deroga);
  const o = await operatorName(ctx.db, operatoreId);
  const userId = ctx.actor.userId;
  return ctx.db.transaction(async (tx) => {
    const cur = await queryOne<{ confermato: boolean }>(
      tx,
      sql`SELECT confermato FROM turni_operatori WHERE turno_id = ${t.turno_id} AND operatore_id = ${operatoreId} FOR UPDATE`,
    );
    if (!cur)
      throw conflict("L'operatore non è assegnato a questo turno", {
        reason: "non_assegnato",
        reasons: [{ code: "non_assegnato", message: "L'operatore non è assegnato a questo turno" }],
      });
    if (cur.confermato !== add) {
      await tx.execute(
        sql`UPDATE turni_operatori SET confermato = ${add}, confermato_da = ${add ? userId : null},
            confermato_il = ${add ? sql`now()` : null} WHERE turno_id = ${t.turno_id} AND operatore_id = ${operatoreId}`,
      );
      await tx.execute(
        registroInsertSql(
          add ? "conferma" : "annullamento_conferma",
          userId,
          sql`turni_operatori a`,
          sql`a.turno_id = ${t.turno_id} AND a.operatore_id = ${operatoreId}`,
          motivo ?? "",
        ),
      );
      if (motivo)
        await tx.execute(
          derogaPassatoSql(ctx, {
            turnoId: t.turno_id,
            operatoreId,
            dettaglio: `${add ? "Conferma" : "Annullamento conferma"} di ${fullName(o)}`,
            motivo,
          }),
        );
      await audit(tx, ctx.actor, {
        azione: add ? AZIONI_TURNO.confirm : AZIONI_TURNO.unconfirm,
        contentType: "turno",
        objectId: t.turno_id,
        related: related(t, operatoreId),
        note: notaDeroga(motivo),
        changeLog: [`Confermato ${fullName(o)}: "${add ? "No" : "Sì"}" → "${add ? "Sì" : "No"}"`],
      });
    }
    return { result: "OK" as const, operatore: { id: operatoreId, ...o, confermato: add }, warnings: [] };
  });
}

/** Assigns each operator in turn; a failure is reported and the next one is tried. */
export async function bulkAssign(
  ctx: ServiceContext,
  ids: TurnoIds,
  operatori: number[],
  conferma: boolean,
): Promise<BulkOutcome> {
  const t = await turnoScope(ctx.db, ids);
  const out: BulkOutcome = { assegnati: [], falliti: [] };
  for (const id of [...new Set(operatori)]) {
    try {
      const r = await assign(ctx, ids, id, { conferma, scope: t });
      out.assegnati.push({ ...r.operatore!, warnings: r.warnings });
    } catch (e) {
      if (!(e instanceof HttpError) || e.statusCode >= 500) throw e;
      out.falliti.push({ id, detail: e.detail, reason: (e.extra?.reason as string | undefined) ?? null });
    }
  }
  return out;
}

/**
 * Confirms every unconfirmed assignment of a day (or of one shift) and answers what stays
 * uncovered; on a past day only by derogation (`deroga`, the reason).
 */
export async function consolidate(
  ctx: ServiceContext,
  scope: { contrattoId: number; servizioId: number; giornoId: number; giorno: string; turnoId?: number },
  deroga?: string,
): Promise<ConsolidaResult> {
  const motivo = sbloccoPassato(ctx, [scope.giorno], deroga);
  const where = scope.turnoId ? sql`t.id = ${scope.turnoId}` : sql`t.giorno_id = ${scope.giornoId}`;
  const confermati = await confermaTutti(ctx, scope, where, motivo);
  return { result: "OK", confermati: confermati.length, scoperti: await scopertiDove(ctx.db, where) };
}

/**
 * "Conferma settimana" (issue 32 item 6): every unconfirmed assignment of the service's days from
 * `dal` to `al` confirmed in one transaction; the locked past days' are skipped and reported, unless
 * a derogation is given (then confirmed, each recorded as a derogation).
 */
export async function consolidaPeriodo(
  ctx: AppContext,
  scope: { contrattoId: number; servizioId: number },
  periodo: { dal: string; al: string },
  deroga?: string,
): Promise<ConsolidaPeriodoResult> {
  if (daysBetween(periodo.dal, periodo.al) + 1 > MAX_GIORNI_PERIODO)
    throw validationError({ al: `Il periodo può coprire al massimo ${MAX_GIORNI_PERIODO} giorni` });
  const bloccatoFino = ultimoGiornoBloccato(ctx);
  const bloccati = bloccatoFino !== null && periodo.dal <= bloccatoFino;
  if (bloccati && deroga) requireDeroghe(ctx);
  const motivo = bloccati && deroga ? deroga : null;
  const inPeriodo = sql`t.giorno_id IN (SELECT g.id FROM giorni g WHERE g.servizio_id = ${scope.servizioId}
                          AND g.giorno BETWEEN ${periodo.dal}::date AND ${periodo.al}::date)`;
  const aperti =
    bloccati && !motivo
      ? sql`t.giorno_id IN (SELECT g.id FROM giorni g WHERE g.servizio_id = ${scope.servizioId}
              AND g.giorno BETWEEN ${periodo.dal}::date AND ${periodo.al}::date AND g.giorno > ${bloccatoFino}::date)`
      : inPeriodo;
  const confermati = await confermaTutti(ctx, scope, aperti, motivo);
  const saltati =
    bloccati && !motivo
      ? await queryRows<ConsolidaPeriodoResult["saltati"][number]>(
          ctx.db,
          sql`SELECT t.id AS turno_id, to_char(g.giorno, 'YYYY-MM-DD') AS giorno, o.operatore_id, op.cognome, op.nome,
                     ${GIORNO_PASSATO}::text AS detail
                FROM turni t JOIN giorni g ON g.id = t.giorno_id JOIN turni_operatori o ON o.turno_id = t.id
                JOIN operatori op ON op.id = o.operatore_id
               WHERE ${inPeriodo} AND g.giorno <= ${bloccatoFino}::date AND NOT o.confermato
               ORDER BY g.giorno, t.inizio_f1, t.id, op.cognome, op.nome`,
        )
      : [];
  return {
    result: "OK",
    confermati: confermati.length,
    saltati,
    scoperti: await scopertiDove(ctx.db, inPeriodo),
  };
}

/** Confirms the unconfirmed assignments of the shifts `where` selects: registro, derogation and audit per shift. */
async function confermaTutti(
  ctx: ServiceContext,
  scope: { contrattoId: number; servizioId: number },
  where: SQL,
  motivo: string | null,
) {
  const userId = ctx.actor.userId;
  return ctx.db.transaction(async (tx) => {
    const rows = await queryRows<{
      turno_id: number;
      giorno_id: number;
      operatore_id: number;
      cognome: string;
      nome: string;
    }>(
      tx,
      sql`UPDATE turni_operatori o SET confermato = true, confermato_da = ${userId}, confermato_il = now()
          FROM turni t, operatori op
          WHERE t.id = o.turno_id AND op.id = o.operatore_id AND ${where} AND NOT o.confermato
          RETURNING o.turno_id, t.giorno_id, o.operatore_id, op.cognome, op.nome`,
    );
    if (rows.length)
      await tx.execute(
        registroInsertSql(
          "conferma",
          userId,
          sql`turni_operatori a`,
          sql`(a.turno_id, a.operatore_id) IN (${sql.join(
            rows.map((r) => sql`(${r.turno_id}::int, ${r.operatore_id}::int)`),
            sql`, `,
          )})`,
          motivo ?? "",
        ),
      );
    if (motivo)
      for (const r of rows)
        await tx.execute(
          derogaPassatoSql(ctx, {
            turnoId: r.turno_id,
            operatoreId: r.operatore_id,
            dettaglio: `Conferma di ${fullName(r)} (consolidamento)`,
            motivo,
          }),
        );
    const byTurno = new Map<number, typeof rows>();
    for (const r of rows) byTurno.set(r.turno_id, [...(byTurno.get(r.turno_id) ?? []), r]);
    for (const [turnoId, list] of byTurno)
      await audit(tx, ctx.actor, {
        azione: "Consolidamento turno",
        contentType: "turno",
        objectId: turnoId,
        related: [
          rel("servizio", scope.servizioId),
          rel("contratto", scope.contrattoId),
          rel("giorno", list[0].giorno_id),
          ...list.map((r) => rel("operatore", r.operatore_id)),
        ],
        note: notaDeroga(motivo),
        changeLog: list.map((r) => `Confermato ${fullName(r)}: "No" → "Sì"`),
      });
    return rows;
  });
}

/** The shifts `where` selects that have fewer operators than asked. */
function scopertiDove(ex: Executor, where: SQL) {
  return queryRows<Scoperto>(
    ex,
    sql`SELECT t.id AS turno_id, to_char(g.giorno, 'YYYY-MM-DD') AS giorno, t.inizio_f1::text, t.fine_f1::text,
               t.inizio_f2::text, t.fine_f2::text, p.descrizione AS posizione, t.operatori_richiesti,
               count(o.id)::int AS assegnati, (t.operatori_richiesti - count(o.id))::int AS mancanti
        FROM turni t JOIN giorni g ON g.id = t.giorno_id JOIN posizioni p ON p.id = t.posizione_id
        LEFT JOIN turni_operatori o ON o.turno_id = t.id
        WHERE ${where}
        GROUP BY t.id, g.giorno, p.descrizione HAVING count(o.id) < t.operatori_richiesti
        ORDER BY g.giorno, t.inizio_f1, t.id`,
  );
}
