/**
 * What the operator's record reads of its tabs (the lists of tabs.crud.ts the caller may see, and
 * the weekly availability), and the weekly availability's PUT, audited with the operator as
 * related object.
 */
import { eq } from "drizzle-orm";
import type { DisponibilitaGiorno } from "../../../../src/domain/contracts/anagrafiche/operatori-tabs";
import { hasAny } from "../../../../src/domain/permissions";
import type { Executor } from "../../../db/client";
import { operatoriDisponibilita } from "../../../db/schema/anagrafiche-operatori";
import { AZIONI, changeLog, writeAudit } from "../../../lib/audit";
import { type AppContext, auditBy } from "../../../lib/context";
import { listChildren, type ReadContext, type Row } from "../../../lib/crud";
import { can } from "./access";
import { operatoreOfTab, relatedToOperatore, TABS } from "./tabs.crud";

export async function getDisponibilita(ex: Executor, operatoreId: number): Promise<DisponibilitaGiorno[]> {
  const rows = await ex
    .select()
    .from(operatoriDisponibilita)
    .where(eq(operatoriDisponibilita.operatore_id, operatoreId));
  const byDay = new Map(rows.map((r) => [r.giorno_settimana, r.disponibile]));
  // A day without a row counts as available.
  return [1, 2, 3, 4, 5, 6, 7].map((g) => ({ giorno: g, disponibile: byDay.get(g) ?? true }));
}

/** The lists of the record the user may see (a list is omitted without its tab's permission). */
export async function loadTabs(
  read: ReadContext,
  operatoreId: number,
  user: { permissions: readonly string[] },
): Promise<Row> {
  const out: Row = {};
  for (const [name, tab] of Object.entries(TABS))
    if (hasAny(user.permissions, tab.permissions)) out[name] = await listChildren(read, tab, operatoreId);
  if (can(user, "operatoriIndisponibilita")) out.disponibilita = await getDisponibilita(read.db, operatoreId);
  return out;
}

const GIORNI = ["Lunedì", "Martedì", "Mercoledì", "Giovedì", "Venerdì", "Sabato", "Domenica"];

/** PUT the seven days (missing days keep their value). */
export async function putDisponibilita(
  ctx: AppContext,
  operatoreId: number,
  days: DisponibilitaGiorno[],
): Promise<DisponibilitaGiorno[]> {
  const { nome: name } = await operatoreOfTab(ctx.db, operatoreId);
  const before = await getDisponibilita(ctx.db, operatoreId);
  return ctx.db.transaction(async (tx) => {
    for (const d of days) {
      await tx
        .insert(operatoriDisponibilita)
        .values({ operatore_id: operatoreId, giorno_settimana: d.giorno, disponibile: d.disponibile })
        .onConflictDoUpdate({
          target: [operatoriDisponibilita.operatore_id, operatoriDisponibilita.giorno_settimana],
          set: { disponibile: d.disponibile },
        });
    }
    const after = await getDisponibilita(tx, operatoreId);
    const labels = Object.fromEntries(GIORNI.map((g, i) => [String(i + 1), g]));
    const asMap = (list: DisponibilitaGiorno[]) =>
      Object.fromEntries(list.map((d) => [String(d.giorno), d.disponibile]));
    await writeAudit(tx, {
      azione: AZIONI.update,
      contentType: "operatore_disponibilita",
      objectId: operatoreId,
      ...auditBy(ctx.actor),
      note: `Disponibilità settimanale di ${name}`,
      related: relatedToOperatore(operatoreId),
      changeLog: changeLog(asMap(before), asMap(after), labels),
    });
    return after;
  });
}
