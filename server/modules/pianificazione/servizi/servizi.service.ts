/** Services: generation of days and shifts, the grid of SPEC §7, update and delete. */
import { sql } from "drizzle-orm";
import type {
  Giorno,
  Servizio,
  ServizioCreate,
  ServizioSummary,
  ServizioUpdate,
  Turno,
  TurnoCreate,
} from "../../../../src/domain/contracts/pianificazione/servizi";
import { giorniDelServizio } from "../../../../src/domain/turno";
import type { Executor } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { AZIONI, changeLog } from "../../../lib/audit";
import type { AppContext, ServiceContext } from "../../../lib/context";
import { conflict, validationError } from "../../../lib/errors";
import { audit, rel } from "../audit";
import { assertContratto } from "../contratti/contratti.service";
import { notaDeroga, sbloccoPassato } from "../passato";
import { servizioScope } from "../scope";
import { placeServizio } from "./servizio-place";

export const SERVIZIO_LABELS: Record<string, string> = {
  dal: "Dal",
  al: "Al",
  descrizione: "Descrizione",
  indirizzo: "Indirizzo",
  lat: "Latitudine",
  lng: "Longitudine",
  note: "Note",
};

interface ServizioRow {
  id: number;
  contratto_id: number;
  titolo: string;
  cliente_id: number;
  ragione_sociale: string;
  dal: string;
  al: string;
  descrizione: string;
  indirizzo: string;
  lat: number | null;
  lng: number | null;
  note: string;
}

const SERVIZIO_SELECT = sql`SELECT s.id, s.contratto_id, c.titolo, c.cliente_id, cl.ragione_sociale,
  to_char(s.dal, 'YYYY-MM-DD') AS dal, to_char(s.al, 'YYYY-MM-DD') AS al, s.descrizione, s.indirizzo, s.lat, s.lng, s.note
  FROM servizi s JOIN contratti c ON c.id = s.contratto_id JOIN clienti cl ON cl.id = c.cliente_id`;

/** Validates the qualifications named by shift templates (400 on an unknown one). */
export async function checkPosizioni(ex: Executor, turni: { posizione: number }[], prefix = "turni") {
  const ids = [...new Set(turni.map((t) => t.posizione))];
  if (!ids.length) return;
  const found = await queryRows<{ id: number }>(
    ex,
    sql`SELECT id FROM posizioni WHERE id IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  const ok = new Set(found.map((r) => r.id));
  const errors: Record<string, string> = {};
  turni.forEach((t, i) => {
    if (!ok.has(t.posizione)) errors[prefix ? `${prefix}.${i}.posizione` : "posizione"] = "Qualifica non trovata";
  });
  if (Object.keys(errors).length) throw validationError(errors);
}

/** Inserts the shift templates on the given days. */
export async function insertTurni(ex: Executor, giornoIds: number[], turni: TurnoCreate[]): Promise<number> {
  if (!giornoIds.length || !turni.length) return 0;
  const values = turni.map(
    (t) =>
      sql`(${t.inizio_f1}::time, ${t.fine_f1}::time, ${t.inizio_f2 ?? null}::time, ${t.fine_f2 ?? null}::time, ${t.posizione}::int, ${t.operatori_richiesti}::int, ${t.note ?? ""}::text)`,
  );
  const rows = await queryRows<{ n: number }>(
    ex,
    sql`WITH ins AS (
          INSERT INTO turni (giorno_id, inizio_f1, fine_f1, inizio_f2, fine_f2, posizione_id, operatori_richiesti, note)
          SELECT g.id, v.* FROM unnest(${`{${giornoIds.join(",")}}`}::int[]) AS g(id)
          CROSS JOIN (VALUES ${sql.join(values, sql`, `)}) AS v(a, b, c, d, e, f, n)
          ORDER BY g.id
          RETURNING 1)
        SELECT count(*)::int AS n FROM ins`,
  );
  return rows[0]?.n ?? 0;
}

export async function listServizi(ex: Executor, contrattoId: number) {
  await assertContratto(ex, contrattoId);
  return queryRows<ServizioSummary>(
    ex,
    sql`SELECT s.id, to_char(s.dal, 'YYYY-MM-DD') AS dal, to_char(s.al, 'YYYY-MM-DD') AS al, s.descrizione, s.indirizzo,
               (SELECT count(*)::int FROM giorni g WHERE g.servizio_id = s.id) AS giorni,
               (SELECT coalesce(sum(t.operatori_richiesti), 0)::int FROM giorni g JOIN turni t ON t.giorno_id = g.id
                 WHERE g.servizio_id = s.id) AS operatori_richiesti,
               (SELECT count(*)::int FROM giorni g JOIN turni t ON t.giorno_id = g.id
                 JOIN turni_operatori o ON o.turno_id = t.id WHERE g.servizio_id = s.id) AS operatori_assegnati
        FROM servizi s WHERE s.contratto_id = ${contrattoId} ORDER BY s.dal, s.id`,
  );
}

/** SPEC §7 GET …/servizi/{idServizio}/, optionally only the days between dal and al (one month of the grid). */
export async function getServizio(
  ex: Executor,
  contrattoId: number,
  servizioId: number,
  range: { dal?: string; al?: string } = {},
): Promise<Servizio> {
  await servizioScope(ex, contrattoId, servizioId);
  const s = (await queryOne<ServizioRow>(ex, sql`${SERVIZIO_SELECT} WHERE s.id = ${servizioId}`))!;
  const dal = range.dal ?? "0001-01-01";
  const al = range.al ?? "9999-12-31";
  const giorni = await queryRows<{ id: number; giorno: string }>(
    ex,
    sql`SELECT id, to_char(giorno, 'YYYY-MM-DD') AS giorno FROM giorni
        WHERE servizio_id = ${servizioId} AND giorno BETWEEN ${dal}::date AND ${al}::date ORDER BY giorno`,
  );
  const turni = await queryRows<
    Omit<Turno, "posizione" | "operatori"> & { giorno_id: number; posizione_id: number; posizione: string }
  >(
    ex,
    sql`SELECT t.id, t.giorno_id, t.inizio_f1::text, t.fine_f1::text, t.inizio_f2::text, t.fine_f2::text,
               t.posizione_id, p.descrizione AS posizione, t.operatori_richiesti, t.note
        FROM giorni g JOIN turni t ON t.giorno_id = g.id JOIN posizioni p ON p.id = t.posizione_id
        WHERE g.servizio_id = ${servizioId} AND g.giorno BETWEEN ${dal}::date AND ${al}::date
        ORDER BY t.inizio_f1, t.id`,
  );
  const ops = await queryRows<{ turno_id: number; id: number; cognome: string; nome: string; confermato: boolean }>(
    ex,
    sql`SELECT o.turno_id, op.id, op.cognome, op.nome, o.confermato
        FROM giorni g JOIN turni t ON t.giorno_id = g.id JOIN turni_operatori o ON o.turno_id = t.id
        JOIN operatori op ON op.id = o.operatore_id
        WHERE g.servizio_id = ${servizioId} AND g.giorno BETWEEN ${dal}::date AND ${al}::date
        ORDER BY op.cognome, op.nome, op.id`,
  );
  const byTurno = new Map<number, Turno["operatori"]>();
  for (const o of ops) {
    const list = byTurno.get(o.turno_id) ?? [];
    list.push({ id: o.id, cognome: o.cognome, nome: o.nome, confermato: o.confermato });
    byTurno.set(o.turno_id, list);
  }
  const byGiorno = new Map<number, Turno[]>();
  for (const t of turni) {
    const { giorno_id, posizione_id, posizione, ...rest } = t;
    const list = byGiorno.get(giorno_id) ?? [];
    list.push({ ...rest, posizione: { id: posizione_id, descrizione: posizione }, operatori: byTurno.get(t.id) ?? [] });
    byGiorno.set(giorno_id, list);
  }
  const days: Giorno[] = giorni.map((g) => ({ id: g.id, giorno: g.giorno, turni: byGiorno.get(g.id) ?? [] }));
  return {
    id: s.id,
    contratto: {
      id: s.contratto_id,
      titolo: s.titolo,
      cliente: { id: s.cliente_id, ragione_sociale: s.ragione_sociale },
    },
    dal: s.dal,
    al: s.al,
    descrizione: s.descrizione,
    indirizzo: s.indirizzo,
    lat: s.lat,
    lng: s.lng,
    note: s.note,
    giorni: days,
  };
}

/**
 * A whole service's writes follow the rule of single days (passato.ts, issue 30 item 9): creating
 * it, extending it, copying a week or deleting it creates or deletes its days, so a locked day
 * among them takes `deroga`, a reason, from a holder of erp_contratti_deroghe (409 giorno_passato
 * without one, 403 without the permission), written in the audit entry.
 */
export async function createServizio(
  ctx: ServiceContext & Partial<Pick<AppContext, "config">>,
  contrattoId: number,
  input: ServizioCreate,
  deroga?: string,
) {
  await assertContratto(ctx.db, contrattoId);
  const motivo = sbloccoPassato(ctx, giorniDelServizio(input.dal, input.al, input.giorni_settimana), deroga);
  const data = { ...input, ...(await placeServizio(ctx, contrattoId, null, input)) };
  return ctx.db.transaction(async (tx) => {
    await assertContratto(tx, contrattoId);
    await checkPosizioni(tx, data.turni);
    const row = await queryOne<{ id: number }>(
      tx,
      sql`INSERT INTO servizi (contratto_id, dal, al, descrizione, indirizzo, lat, lng, note)
          VALUES (${contrattoId}, ${data.dal}, ${data.al}, ${data.descrizione ?? ""}, ${data.indirizzo ?? ""},
                  ${data.lat ?? null}, ${data.lng ?? null}, ${data.note ?? ""}) RETURNING id`,
    );
    const servizioId = row!.id;
    const days = giorniDelServizio(data.dal, data.al, data.giorni_settimana);
    let giornoIds: number[] = [];
    if (days.length) {
      const ins = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO giorni (servizio_id, giorno) SELECT ${servizioId}, d FROM unnest(${`{${days.join(",")}}`}::date[]) AS d
            ORDER BY d RETURNING id`,
      );
      giornoIds = ins.map((r) => r.id);
    }
    const nTurni = await insertTurni(tx, giornoIds, data.turni);
    await audit(tx, ctx.actor, {
      azione: AZIONI.create,
      contentType: "servizio",
      objectId: servizioId,
      related: [rel("contratto", contrattoId)],
      note: notaDeroga(motivo),
      changeLog: [
        ...changeLog(null, data as Record<string, unknown>, SERVIZIO_LABELS),
        `Giorni generati: ${days.length}`,
        `Turni generati: ${nTurni}`,
      ],
    });
    return getServizio(tx, contrattoId, servizioId);
  });
}

export async function updateServizio(
  ctx: ServiceContext & Partial<Pick<AppContext, "config">>,
  contrattoId: number,
  servizioId: number,
  data: ServizioUpdate,
) {
  await servizioScope(ctx.db, contrattoId, servizioId);
  const stored = (await queryOne<ServizioRow>(ctx.db, sql`${SERVIZIO_SELECT} WHERE s.id = ${servizioId}`))!;
  const placed = await placeServizio(ctx, contrattoId, stored, data);
  return ctx.db.transaction(async (tx) => {
    await servizioScope(tx, contrattoId, servizioId);
    const before = (await queryOne<ServizioRow>(tx, sql`${SERVIZIO_SELECT} WHERE s.id = ${servizioId}`))!;
    const next = {
      ...before,
      ...Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)),
      ...(before.indirizzo === stored.indirizzo ? placed : {}),
    };
    if (next.al < next.dal) throw validationError({ al: "La data di fine non può precedere la data di inizio" });
    const outside = await queryOne<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM giorni WHERE servizio_id = ${servizioId}
          AND (giorno < ${next.dal}::date OR giorno > ${next.al}::date)`,
    );
    if (outside && outside.n > 0)
      throw validationError({
        [data.dal !== undefined && data.dal > before.dal ? "dal" : "al"]:
          `Ci sono ${outside.n} giorni pianificati fuori dal nuovo periodo: eliminali prima`,
      });
    await tx.execute(
      sql`UPDATE servizi SET dal = ${next.dal}, al = ${next.al}, descrizione = ${next.descrizione},
          indirizzo = ${next.indirizzo}, lat = ${next.lat}, lng = ${next.lng}, note = ${next.note}, updated_at = now()
          WHERE id = ${servizioId}`,
    );
    const lines = changeLog(before as never, next as never, SERVIZIO_LABELS);
    if (lines.length)
      await audit(tx, ctx.actor, {
        azione: AZIONI.update,
        contentType: "servizio",
        objectId: servizioId,
        related: [rel("contratto", contrattoId)],
        changeLog: lines,
      });
    return getServizio(tx, contrattoId, servizioId);
  });
}

/** 409 when the scope (a service, day or shift) has operators assigned. */
export async function refuseIfAssigned(ex: Executor, where: ReturnType<typeof sql>, what: string) {
  const n = await queryOne<{ n: number }>(
    ex,
    sql`SELECT count(*)::int AS n FROM turni_operatori o JOIN turni t ON t.id = o.turno_id
        JOIN giorni g ON g.id = t.giorno_id WHERE ${where}`,
  );
  if (n && n.n > 0)
    throw conflict(
      `${what} ha ${n.n === 1 ? "1 assegnazione" : `${n.n} assegnazioni`} di operatori: ${n.n === 1 ? "rimuovila" : "rimuovile"} prima di eliminarlo`,
      { reason: "assegnazioni_presenti", assegnazioni: n.n },
    );
}

export async function deleteServizio(
  ctx: ServiceContext & Partial<Pick<AppContext, "config">>,
  contrattoId: number,
  servizioId: number,
  deroga?: string,
) {
  await ctx.db.transaction(async (tx) => {
    await servizioScope(tx, contrattoId, servizioId);
    // Its first day decides: the later ones are locked only if it is.
    const first = await queryOne<{ giorno: string | null }>(
      tx,
      sql`SELECT to_char(min(giorno), 'YYYY-MM-DD') AS giorno FROM giorni WHERE servizio_id = ${servizioId}`,
    );
    const motivo = sbloccoPassato(ctx, first?.giorno ? [first.giorno] : [], deroga);
    await refuseIfAssigned(tx, sql`g.servizio_id = ${servizioId}`, "Il servizio");
    const before = (await queryOne<ServizioRow>(tx, sql`${SERVIZIO_SELECT} WHERE s.id = ${servizioId}`))!;
    await tx.execute(sql`DELETE FROM servizi WHERE id = ${servizioId}`);
    await audit(tx, ctx.actor, {
      azione: AZIONI.delete,
      contentType: "servizio",
      objectId: servizioId,
      related: [rel("contratto", contrattoId)],
      note: notaDeroga(motivo),
      changeLog: changeLog(before as never, null, SERVIZIO_LABELS),
    });
  });
}
