/**
 * Growing a plan from what is planned (issue 15 item 1): a week's shifts copied onto the following
 * weeks, and a service extended by a period whose days take the shifts of the last planned day of
 * the same weekday. Shifts are copied, never their operators; a day already planned is left as it
 * is and reported. One transaction with its audit entry. A locked (past) day among those created
 * takes a derogation, as a single day does (passato.ts, issue 30 item 9): without one the
 * transaction is rolled back and nothing is created.
 */
import { sql } from "drizzle-orm";
import { addDays, daysBetween, weekday, weekStart } from "../../../../src/domain/shift-rules";
import { MAX_GIORNI_SERVIZIO } from "../../../../src/domain/turno";
import type { Executor } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { AZIONI } from "../../../lib/audit";
import type { AppContext, ServiceContext } from "../../../lib/context";
import { validationError } from "../../../lib/errors";
import { audit, rel } from "../audit";
import { notaDeroga, sbloccoPassato } from "../passato";
import { servizioScope } from "../scope";

export interface PianoCopiato {
  giorni_creati: string[];
  turni_creati: number;
  giorni_esistenti: string[];
}

/** Creates each target day with the shifts of its source day; days already there are skipped. */
async function copyDays(
  tx: Executor,
  servizioId: number,
  pairs: { from: number; to: string }[],
): Promise<PianoCopiato> {
  const out: PianoCopiato = { giorni_creati: [], turni_creati: 0, giorni_esistenti: [] };
  for (const { from, to } of pairs) {
    const g = await queryOne<{ id: number }>(
      tx,
      sql`INSERT INTO giorni (servizio_id, giorno) VALUES (${servizioId}, ${to}) ON CONFLICT (servizio_id, giorno) DO NOTHING RETURNING id`,
    );
    if (!g) {
      out.giorni_esistenti.push(to);
      continue;
    }
    out.giorni_creati.push(to);
    const n = await queryOne<{ n: number }>(
      tx,
      sql`WITH ins AS (
            INSERT INTO turni (giorno_id, inizio_f1, fine_f1, inizio_f2, fine_f2, posizione_id, operatori_richiesti, note)
            SELECT ${g.id}, inizio_f1, fine_f1, inizio_f2, fine_f2, posizione_id, operatori_richiesti, note
            FROM turni WHERE giorno_id = ${from} ORDER BY inizio_f1, id RETURNING 1)
          SELECT count(*)::int AS n FROM ins`,
    );
    out.turni_creati += n?.n ?? 0;
  }
  return out;
}

async function widen(tx: Executor, servizioId: number, s: { dal: string; al: string }, dal: string, al: string) {
  const next = { dal: dal < s.dal ? dal : s.dal, al: al > s.al ? al : s.al };
  if (daysBetween(next.dal, next.al) + 1 > MAX_GIORNI_SERVIZIO)
    throw validationError({ al: `Un servizio può coprire al massimo ${MAX_GIORNI_SERVIZIO} giorni` });
  if (next.dal !== s.dal || next.al !== s.al)
    await tx.execute(
      sql`UPDATE servizi SET dal = ${next.dal}, al = ${next.al}, updated_at = now() WHERE id = ${servizioId}`,
    );
  return next;
}

/** The days (with their shifts) of the week of `settimana` copied onto the next `settimane` weeks. */
export async function copiaSettimana(
  ctx: ServiceContext & Partial<Pick<AppContext, "config">>,
  ids: { idContratto: number; idServizio: number },
  data: { settimana: string; settimane: number },
  deroga?: string,
): Promise<PianoCopiato> {
  return ctx.db.transaction(async (tx) => {
    const s = await servizioScope(tx, ids.idContratto, ids.idServizio);
    const monday = weekStart(data.settimana);
    const source = await queryRows<{ id: number; giorno: string }>(
      tx,
      sql`SELECT id, to_char(giorno, 'YYYY-MM-DD') AS giorno FROM giorni WHERE servizio_id = ${ids.idServizio}
          AND giorno BETWEEN ${monday}::date AND ${addDays(monday, 6)}::date ORDER BY giorno`,
    );
    if (!source.length) throw validationError({ settimana: "La settimana scelta non ha giorni pianificati" });
    const pairs = Array.from({ length: data.settimane }, (_, w) =>
      source.map((g) => ({ from: g.id, to: addDays(g.giorno, 7 * (w + 1)) })),
    ).flat();
    const period = await widen(tx, ids.idServizio, s, s.dal, pairs.at(-1)?.to ?? s.al);
    const out = await copyDays(tx, ids.idServizio, pairs);
    const motivo = sbloccoPassato(ctx, out.giorni_creati, deroga);
    await audit(tx, ctx.actor, {
      azione: "Copia settimana",
      contentType: "servizio",
      objectId: ids.idServizio,
      related: [rel("contratto", ids.idContratto)],
      note: notaDeroga(motivo),
      changeLog: [
        `Settimana copiata: ${monday} → ${data.settimane} settimane`,
        `Giorni creati: ${out.giorni_creati.length}`,
        `Turni creati: ${out.turni_creati}`,
        ...(period.al !== s.al ? [`Al: "${s.al}" → "${period.al}"`] : []),
      ],
    });
    return out;
  });
}

/** The service extended to cover dal–al: each new day takes the shifts of the last planned day of its weekday. */
export async function estendiServizio(
  ctx: ServiceContext & Partial<Pick<AppContext, "config">>,
  ids: { idContratto: number; idServizio: number },
  data: { dal: string; al: string },
  deroga?: string,
): Promise<PianoCopiato> {
  return ctx.db.transaction(async (tx) => {
    const s = await servizioScope(tx, ids.idContratto, ids.idServizio);
    const period = await widen(tx, ids.idServizio, s, data.dal, data.al);
    const models = await queryRows<{ id: number; dow: number }>(
      tx,
      sql`SELECT DISTINCT ON (extract(isodow FROM giorno)) id, extract(isodow FROM giorno)::int AS dow
          FROM giorni WHERE servizio_id = ${ids.idServizio} ORDER BY extract(isodow FROM giorno), giorno DESC`,
    );
    const byDow = new Map(models.map((m) => [m.dow, m.id]));
    const pairs: { from: number; to: string }[] = [];
    for (let d = data.dal; d <= data.al; d = addDays(d, 1)) {
      const from = byDow.get(weekday(d));
      if (from !== undefined) pairs.push({ from, to: d });
    }
    const out = await copyDays(tx, ids.idServizio, pairs);
    const motivo = sbloccoPassato(ctx, out.giorni_creati, deroga);
    await audit(tx, ctx.actor, {
      azione: AZIONI.update,
      contentType: "servizio",
      objectId: ids.idServizio,
      related: [rel("contratto", ids.idContratto)],
      note: notaDeroga(motivo),
      changeLog: [
        ...(period.dal !== s.dal ? [`Dal: "${s.dal}" → "${period.dal}"`] : []),
        ...(period.al !== s.al ? [`Al: "${s.al}" → "${period.al}"`] : []),
        `Giorni creati: ${out.giorni_creati.length}`,
        `Turni creati: ${out.turni_creati}`,
      ],
    });
    return out;
  });
}
