/**
 * One operator across the shifts of a service (issue 15 item 4): on every shift between two days,
 * assign them where they fit (each shift through `assign`, with its rules), remove them, or remove
 * their confirmation; what could not be done is skipped and reported with the server's reason.
 */
import { sql } from "drizzle-orm";
import {
  MAX_GIORNI_PERIODO,
  type OperatorePeriodoResult,
} from "../../../../src/domain/contracts/pianificazione/assegnazione";
import { formatTime } from "../../../../src/domain/format";
import { daysBetween } from "../../../../src/domain/shift-rules";
import { queryRows } from "../../../db/query";
import type { ServiceContext } from "../../../lib/context";
import { HttpError, validationError } from "../../../lib/errors";
import { servizioScope } from "../scope";
import { assign, confirm, unassign } from "./assegnazione.service";

export interface OperatorePeriodo {
  operatore: number;
  dal: string;
  al: string;
  azione: "assegna" | "rimuovi" | "annulla_conferma";
  conferma?: boolean;
}

export async function operatorePeriodo(
  ctx: ServiceContext,
  ids: { idContratto: number; idServizio: number },
  data: OperatorePeriodo,
): Promise<OperatorePeriodoResult> {
  if (daysBetween(data.dal, data.al) + 1 > MAX_GIORNI_PERIODO)
    throw validationError({ al: `Il periodo può coprire al massimo ${MAX_GIORNI_PERIODO} giorni` });
  await servizioScope(ctx.db, ids.idContratto, ids.idServizio);
  const turni = await queryRows<{
    turno_id: number;
    giorno_id: number;
    giorno: string;
    inizio_f1: string;
    fine_f1: string;
    assegnato: boolean;
    confermato: boolean;
  }>(
    ctx.db,
    sql`SELECT t.id AS turno_id, g.id AS giorno_id, to_char(g.giorno, 'YYYY-MM-DD') AS giorno,
               t.inizio_f1::text, t.fine_f1::text, (a.id IS NOT NULL) AS assegnato, coalesce(a.confermato, false) AS confermato
        FROM giorni g JOIN turni t ON t.giorno_id = g.id
        LEFT JOIN turni_operatori a ON a.turno_id = t.id AND a.operatore_id = ${data.operatore}
        WHERE g.servizio_id = ${ids.idServizio} AND g.giorno BETWEEN ${data.dal}::date AND ${data.al}::date
        ORDER BY g.giorno, t.inizio_f1, t.id`,
  );
  const out: OperatorePeriodoResult = { eseguiti: [], saltati: [] };
  for (const t of turni) {
    const which = {
      turno_id: t.turno_id,
      giorno: t.giorno,
      orario: `${formatTime(t.inizio_f1)}–${formatTime(t.fine_f1)}`,
    };
    const path = { ...ids, idGiorno: t.giorno_id, idTurno: t.turno_id };
    // Nothing to do on this shift: not reported.
    if (data.azione === "assegna" && t.assegnato && (t.confermato || !data.conferma)) continue;
    if (data.azione === "rimuovi" && !t.assegnato) continue;
    if (data.azione === "annulla_conferma" && !t.confermato) continue;
    try {
      const r =
        data.azione === "assegna"
          ? await assign(ctx, path, data.operatore, { conferma: data.conferma })
          : data.azione === "rimuovi"
            ? await unassign(ctx, path, data.operatore)
            : await confirm(ctx, path, data.operatore, false);
      out.eseguiti.push({ ...which, warnings: r.warnings });
    } catch (e) {
      if (!(e instanceof HttpError) || e.statusCode >= 500) throw e;
      out.saltati.push({ ...which, detail: e.detail, reason: (e.extra?.reason as string | undefined) ?? null });
    }
  }
  return out;
}
