/**
 * Single days and single shifts of a service. Changing a shift's times moves its assignments' ranges.
 * A day before today is locked: each change touching one takes `deroga`, a reason, from a holder of
 * erp_contratti_deroghe (passato.ts), written in the audit entry and the shift register.
 */
import { sql } from "drizzle-orm";
import type { TurnoCreate, TurnoUpdate } from "../../../../src/domain/contracts/pianificazione/servizi";
import { validateShiftTimes } from "../../../../src/domain/shift-rules";
import type { Executor } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { AZIONI, changeLog } from "../../../lib/audit";
import type { ServiceContext } from "../../../lib/context";
import { conflict, validationError } from "../../../lib/errors";
import { evaluate } from "../assegnazione/eligibility.service";
import { insertPeriodi, isExclusionViolation, turnoIntervals } from "../assegnazione/periodi";
import { audit, rel } from "../audit";
import { derogaPassatoSql, notaDeroga, sbloccoPassato } from "../passato";
import { registroInsertSql } from "../registro-turni/registro";
import { giornoScope, servizioScope, turnoScope } from "../scope";
import { checkPosizioni, insertTurni, refuseIfAssigned } from "./servizi.service";

export const TURNO_LABELS: Record<string, string> = {
  inizio_f1: "Inizio prima fascia",
  fine_f1: "Fine prima fascia",
  inizio_f2: "Inizio seconda fascia",
  fine_f2: "Fine seconda fascia",
  posizione: "Qualifica",
  operatori_richiesti: "Operatori richiesti",
  note: "Note",
};

export interface TurnoIds {
  idContratto: number;
  idServizio: number;
  idGiorno: number;
  idTurno: number;
}

async function readTurno(ex: Executor, id: number) {
  return queryOne<{
    id: number;
    inizio_f1: string;
    fine_f1: string;
    inizio_f2: string | null;
    fine_f2: string | null;
    posizione: number;
    operatori_richiesti: number;
    note: string;
  }>(
    ex,
    sql`SELECT id, inizio_f1::text, fine_f1::text, inizio_f2::text, fine_f2::text, posizione_id AS posizione,
               operatori_richiesti, note FROM turni WHERE id = ${id}`,
  );
}

export async function createGiorno(
  ctx: ServiceContext,
  idContratto: number,
  idServizio: number,
  data: { giorno: string; turni: TurnoCreate[] },
  deroga?: string,
) {
  return ctx.db.transaction(async (tx) => {
    const s = await servizioScope(tx, idContratto, idServizio);
    const motivo = sbloccoPassato(ctx, [data.giorno], deroga);
    if (data.giorno < s.dal || data.giorno > s.al)
      throw validationError({ giorno: "Il giorno è fuori dal periodo del servizio" });
    if (await queryOne(tx, sql`SELECT 1 FROM giorni WHERE servizio_id = ${idServizio} AND giorno = ${data.giorno}`))
      throw validationError({ giorno: "Il giorno è già presente nel servizio" });
    await checkPosizioni(tx, data.turni);
    const row = (await queryOne<{ id: number }>(
      tx,
      sql`INSERT INTO giorni (servizio_id, giorno) VALUES (${idServizio}, ${data.giorno}) RETURNING id`,
    ))!;
    const n = await insertTurni(tx, [row.id], data.turni);
    await audit(tx, ctx.actor, {
      azione: AZIONI.create,
      contentType: "giorno",
      objectId: row.id,
      related: [rel("servizio", idServizio), rel("contratto", idContratto)],
      note: notaDeroga(motivo),
      changeLog: [`Giorno: "—" → "${data.giorno}"`, `Turni: ${n}`],
    });
    return { id: row.id, giorno: data.giorno };
  });
}

export async function updateGiorno(
  ctx: ServiceContext,
  idContratto: number,
  idServizio: number,
  idGiorno: number,
  giorno: string,
  deroga?: string,
) {
  return ctx.db.transaction(async (tx) => {
    const g = await giornoScope(tx, idContratto, idServizio, idGiorno);
    if (giorno === g.giorno) return { id: idGiorno, giorno };
    const motivo = sbloccoPassato(ctx, [g.giorno, giorno], deroga);
    if (giorno < g.dal || giorno > g.al)
      throw validationError({ giorno: "Il giorno è fuori dal periodo del servizio" });
    await refuseIfAssigned(tx, sql`g.id = ${idGiorno}`, "Il giorno");
    if (await queryOne(tx, sql`SELECT 1 FROM giorni WHERE servizio_id = ${idServizio} AND giorno = ${giorno}`))
      throw validationError({ giorno: "Il giorno è già presente nel servizio" });
    await tx.execute(sql`UPDATE giorni SET giorno = ${giorno} WHERE id = ${idGiorno}`);
    await audit(tx, ctx.actor, {
      azione: AZIONI.update,
      contentType: "giorno",
      objectId: idGiorno,
      related: [rel("servizio", idServizio), rel("contratto", idContratto)],
      note: notaDeroga(motivo),
      changeLog: [`Giorno: "${g.giorno}" → "${giorno}"`],
    });
    return { id: idGiorno, giorno };
  });
}

export async function deleteGiorno(
  ctx: ServiceContext,
  idContratto: number,
  idServizio: number,
  idGiorno: number,
  deroga?: string,
) {
  await ctx.db.transaction(async (tx) => {
    const g = await giornoScope(tx, idContratto, idServizio, idGiorno);
    const motivo = sbloccoPassato(ctx, [g.giorno], deroga);
    await refuseIfAssigned(tx, sql`g.id = ${idGiorno}`, "Il giorno");
    await tx.execute(sql`DELETE FROM giorni WHERE id = ${idGiorno}`);
    await audit(tx, ctx.actor, {
      azione: AZIONI.delete,
      contentType: "giorno",
      objectId: idGiorno,
      related: [rel("servizio", idServizio), rel("contratto", idContratto)],
      note: notaDeroga(motivo),
      changeLog: [`Giorno: "${g.giorno}" → "—"`],
    });
  });
}

export async function createTurno(
  ctx: ServiceContext,
  idContratto: number,
  idServizio: number,
  idGiorno: number,
  data: TurnoCreate,
  deroga?: string,
) {
  return ctx.db.transaction(async (tx) => {
    const g = await giornoScope(tx, idContratto, idServizio, idGiorno);
    const motivo = sbloccoPassato(ctx, [g.giorno], deroga);
    await checkPosizioni(tx, [data], "");
    const row = (await queryOne<{ id: number }>(
      tx,
      sql`INSERT INTO turni (giorno_id, inizio_f1, fine_f1, inizio_f2, fine_f2, posizione_id, operatori_richiesti, note)
          VALUES (${idGiorno}, ${data.inizio_f1}, ${data.fine_f1}, ${data.inizio_f2 ?? null}, ${data.fine_f2 ?? null},
                  ${data.posizione}, ${data.operatori_richiesti}, ${data.note ?? ""}) RETURNING id`,
    ))!;
    const after = (await readTurno(tx, row.id))!;
    await audit(tx, ctx.actor, {
      azione: AZIONI.create,
      contentType: "turno",
      objectId: row.id,
      related: [rel("servizio", idServizio), rel("contratto", idContratto), rel("giorno", idGiorno)],
      note: notaDeroga(motivo),
      changeLog: changeLog(null, after, TURNO_LABELS),
    });
    return after;
  });
}

export async function updateTurno(ctx: ServiceContext, ids: TurnoIds, data: TurnoUpdate, deroga?: string) {
  try {
    return await ctx.db.transaction(async (tx) => {
      const scope = await turnoScope(tx, ids);
      const before = (await readTurno(tx, ids.idTurno))!;
      const next = { ...before, ...Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) };
      const unchanged = Object.keys(before).every(
        (k) => (before as Record<string, unknown>)[k] === (next as Record<string, unknown>)[k],
      );
      const motivo = unchanged ? null : sbloccoPassato(ctx, [scope.giorno], deroga);
      const errors = validateShiftTimes(next);
      if (Object.keys(errors).length) throw validationError(errors);
      if (data.posizione !== undefined) await checkPosizioni(tx, [next], "");
      await tx.execute(
        sql`UPDATE turni SET inizio_f1 = ${next.inizio_f1}, fine_f1 = ${next.fine_f1}, inizio_f2 = ${next.inizio_f2},
            fine_f2 = ${next.fine_f2}, posizione_id = ${next.posizione}, operatori_richiesti = ${next.operatori_richiesti},
            note = ${next.note} WHERE id = ${ids.idTurno}`,
      );
      const after = (await readTurno(tx, ids.idTurno))!;
      if (before.posizione !== after.posizione) await refuseUnqualifiedAssigned(tx, ids);
      const timesChanged = ["inizio_f1", "fine_f1", "inizio_f2", "fine_f2"].some(
        (k) => (before as Record<string, unknown>)[k] !== (after as Record<string, unknown>)[k],
      );
      if (timesChanged) {
        const assigned = await queryRows<{ id: number; operatore_id: number }>(
          tx,
          sql`SELECT id, operatore_id FROM turni_operatori WHERE turno_id = ${ids.idTurno}`,
        );
        await tx.execute(sql`DELETE FROM turni_operatori_periodi WHERE turno_id = ${ids.idTurno}`);
        const intervals = turnoIntervals({ ...after, giorno: scope.giorno });
        for (const a of assigned)
          await insertPeriodi(
            tx,
            { turnoOperatoreId: a.id, turnoId: ids.idTurno, operatoreId: a.operatore_id },
            intervals,
          );
        if (assigned.length)
          await tx.execute(
            registroInsertSql(
              "modifica_orari",
              ctx.actor.userId,
              sql`turni_operatori a`,
              sql`a.turno_id = ${ids.idTurno}`,
              motivo ?? "",
            ),
          );
      }
      const lines = changeLog(before, after, TURNO_LABELS);
      if (lines.length)
        await audit(tx, ctx.actor, {
          azione: AZIONI.update,
          contentType: "turno",
          objectId: ids.idTurno,
          related: [rel("servizio", ids.idServizio), rel("contratto", ids.idContratto), rel("giorno", ids.idGiorno)],
          note: notaDeroga(motivo),
          changeLog: lines,
        });
      return after;
    });
  } catch (e) {
    if (isExclusionViolation(e))
      throw conflict("Con i nuovi orari un operatore assegnato risulterebbe su due turni sovrapposti", {
        reason: "turno_sovrapposto",
      });
    throw e;
  }
}

/**
 * After a shift's qualification changed: every operator already on it must have the new
 * qualification and the licences it requires on that day, else 409 naming them (the planner
 * removes them first) and the transaction — the change included — rolls back.
 */
async function refuseUnqualifiedAssigned(tx: Executor, ids: TurnoIds): Promise<void> {
  const assigned = await queryRows<{ operatore_id: number }>(
    tx,
    sql`SELECT operatore_id FROM turni_operatori WHERE turno_id = ${ids.idTurno}`,
  );
  if (!assigned.length) return;
  const scope = await turnoScope(tx, ids);
  const missing = (
    await evaluate(
      tx,
      scope,
      assigned.map((a) => a.operatore_id),
    )
  )
    .map((v) => ({ v, why: v.reasons.filter((r) => r.code === "qualifica_mancante" || r.code === "licenza_mancante") }))
    .filter((x) => x.why.length > 0);
  if (!missing.length) return;
  const names = missing.map((x) => `${x.v.cognome} ${x.v.nome}`).join(", ");
  throw conflict(
    `Non puoi cambiare la qualifica: ${missing.length === 1 ? "l'operatore assegnato" : "gli operatori assegnati"} ${names} non ${missing.length === 1 ? "ha" : "hanno"} i requisiti della nuova qualifica (${scope.posizione}). Rimuovili prima dal turno.`,
    {
      reason: "qualifica_mancante",
      reasons: missing.flatMap((x) =>
        x.why.map((r) => ({ code: r.code, message: `${x.v.cognome} ${x.v.nome}: ${r.message}` })),
      ),
    },
  );
}

/**
 * Deletes a shift. With operators assigned it is a 409 (`assegnazioni_presenti`, how many) unless
 * `rimuoviOperatori`: then every assignment goes first, in the same transaction — each removal in
 * the shift register (DM 269/2010) and, on a past day, with the derogation the deletion needs
 * (issue 32 item 3: the dialog offers "rimuovi gli operatori ed elimina" instead of failing).
 */
export async function deleteTurno(ctx: ServiceContext, ids: TurnoIds, deroga?: string, rimuoviOperatori = false) {
  await ctx.db.transaction(async (tx) => {
    const scope = await turnoScope(tx, ids);
    const motivo = sbloccoPassato(ctx, [scope.giorno], deroga);
    if (!rimuoviOperatori) await refuseIfAssigned(tx, sql`t.id = ${ids.idTurno}`, "Il turno");
    const rimossi = rimuoviOperatori ? await removeAssignments(tx, ctx, ids.idTurno, motivo) : [];
    const before = (await readTurno(tx, ids.idTurno))!;
    await tx.execute(sql`DELETE FROM turni WHERE id = ${ids.idTurno}`);
    const nota = [
      rimossi.length ? `Operatori rimossi con il turno: ${rimossi.map((o) => o.nome).join(", ")}` : null,
      notaDeroga(motivo),
    ]
      .filter(Boolean)
      .join(" — ");
    await audit(tx, ctx.actor, {
      azione: AZIONI.delete,
      contentType: "turno",
      objectId: ids.idTurno,
      related: [
        rel("servizio", ids.idServizio),
        rel("contratto", ids.idContratto),
        rel("giorno", ids.idGiorno),
        ...rimossi.map((o) => rel("operatore", o.id)),
      ],
      note: nota || undefined,
      changeLog: changeLog(before, null, TURNO_LABELS),
    });
  });
}

/** Removes every assignment of a shift, each as a removal in the shift register (with its derogation on a past day). */
async function removeAssignments(
  tx: Executor,
  ctx: ServiceContext,
  turnoId: number,
  motivo: string | null,
): Promise<{ id: number; nome: string }[]> {
  const removed = await queryRows<{ id: number; nome: string }>(
    tx,
    sql`WITH d AS (DELETE FROM turni_operatori WHERE turno_id = ${turnoId}
                   RETURNING id, turno_id, operatore_id, confermato),
             r AS (${registroInsertSql("rimozione", ctx.actor.userId, sql`d a`, sql`true`, motivo ?? "")})
        SELECT o.id, trim(o.cognome || ' ' || o.nome) AS nome
          FROM d JOIN operatori o ON o.id = d.operatore_id ORDER BY o.cognome, o.nome`,
  );
  if (motivo)
    for (const o of removed)
      await tx.execute(
        derogaPassatoSql(ctx, { turnoId, operatoreId: o.id, dettaglio: `Rimozione di ${o.nome}`, motivo }),
      );
  return removed;
}
