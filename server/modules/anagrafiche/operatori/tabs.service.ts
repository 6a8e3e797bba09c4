/**
 * The tab sub-resources of an operator: lists for the record, and the audited CRUD used by
 * tabs.routes.ts. Every write records an entry with related = the operator.
 */
import { and, eq } from "drizzle-orm";
import { toApiDate } from "../../../../src/domain/format";
import type { DisponibilitaGiorno } from "../../../../src/domain/operatore";
import type { Executor } from "../../../db/client";
import { operatori, operatoriDisponibilita } from "../../../db/schema/anagrafiche-operatori";
import { AZIONI, changeLog, writeAudit } from "../../../lib/audit";
import { type AppContext, auditBy } from "../../../lib/context";
import { notFound, validationError } from "../../../lib/errors";
import { deleteFileRows, removeStoredFiles } from "../../../lib/files";
import { can } from "./access";
import { fileRefs } from "./file-refs";
import { TABS, type TabDef, toColumns } from "./tabs.definitions";

type Row = Record<string, unknown>;

const related = (operatoreId: number) => [{ content_type: "operatore", object_id: operatoreId }];

async function operatoreName(ex: Executor, id: number): Promise<string> {
  const [row] = await ex
    .select({ cognome: operatori.cognome, nome: operatori.nome })
    .from(operatori)
    .where(eq(operatori.id, id));
  if (!row) throw notFound("Operatore non trovato");
  return `${row.cognome} ${row.nome}`;
}

export async function listTab(ex: Executor, def: TabDef, operatoreId: number, today: string): Promise<Row[]> {
  const rows = (await ex
    .select()
    .from(def.table)
    .where(eq(def.table.operatore_id, operatoreId))
    .orderBy(...def.orderBy(def.table))) as Row[];
  const refs = def.hasFile
    ? await fileRefs(
        ex,
        rows.map((r) => r.file_id as string | null),
      )
    : new Map();
  return rows.map((r) => def.serialize(r, refs, today));
}

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
  ex: Executor,
  operatoreId: number,
  user: { permissions: readonly string[] },
  today: string,
): Promise<Row> {
  const out: Row = {};
  for (const def of TABS) if (can(user, def.capability)) out[def.name] = await listTab(ex, def, operatoreId, today);
  if (can(user, "operatoriIndisponibilita")) out.disponibilita = await getDisponibilita(ex, operatoreId);
  return out;
}

async function getItem(ex: Executor, def: TabDef, operatoreId: number, itemId: number): Promise<Row> {
  const [row] = (await ex
    .select()
    .from(def.table)
    .where(and(eq(def.table.id, itemId), eq(def.table.operatore_id, operatoreId)))) as Row[];
  if (!row) throw notFound(`${def.label} non trovato`);
  return row;
}

export async function serializeItem(ex: Executor, def: TabDef, row: Row, today: string): Promise<Row> {
  const refs = def.hasFile ? await fileRefs(ex, [row.file_id as string | null]) : new Map();
  return def.serialize(row, refs, today);
}

function check(def: TabDef, values: Row) {
  const errors = def.validate(values);
  if (Object.keys(errors).length) throw validationError(errors);
}

export async function createItem(ctx: AppContext, def: TabDef, operatoreId: number, values: Row): Promise<Row> {
  const name = await operatoreName(ctx.db, operatoreId);
  check(def, values);
  return ctx.db.transaction(async (tx) => {
    const [row] = (await tx
      .insert(def.table)
      .values({ ...toColumns(def, values), operatore_id: operatoreId })
      .returning()) as Row[];
    const out = await serializeItem(tx, def, row, toApiDate(ctx.clock()));
    await writeAudit(tx, {
      azione: AZIONI.create,
      contentType: def.contentType,
      objectId: row.id as number,
      ...auditBy(ctx.actor),
      note: `${def.label} di ${name}`,
      related: related(operatoreId),
      changeLog: changeLog(null, out, def.labels),
    });
    return out;
  });
}

export async function updateItem(
  ctx: AppContext,
  def: TabDef,
  operatoreId: number,
  itemId: number,
  values: Row,
): Promise<Row> {
  const name = await operatoreName(ctx.db, operatoreId);
  const current = await getItem(ctx.db, def, operatoreId, itemId);
  const before = await serializeItem(ctx.db, def, current, toApiDate(ctx.clock()));
  const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length === 0) return before;
  check(def, { ...before, ...changes });
  return ctx.db.transaction(async (tx) => {
    const [row] = (await tx
      .update(def.table)
      .set(toColumns(def, changes))
      .where(eq(def.table.id, itemId))
      .returning()) as Row[];
    const out = await serializeItem(tx, def, row, toApiDate(ctx.clock()));
    await writeAudit(tx, {
      azione: AZIONI.update,
      contentType: def.contentType,
      objectId: itemId,
      ...auditBy(ctx.actor),
      note: `${def.label} di ${name}`,
      related: related(operatoreId),
      changeLog: changeLog(before, out, def.labels),
    });
    return out;
  });
}

export async function deleteItem(ctx: AppContext, def: TabDef, operatoreId: number, itemId: number): Promise<void> {
  const name = await operatoreName(ctx.db, operatoreId);
  const current = await getItem(ctx.db, def, operatoreId, itemId);
  const before = await serializeItem(ctx.db, def, current, toApiDate(ctx.clock()));
  const removed = await ctx.db.transaction(async (tx) => {
    await tx.delete(def.table).where(eq(def.table.id, itemId));
    const gone = current.file_id ? await deleteFileRows(tx, [current.file_id as string]) : [];
    await writeAudit(tx, {
      azione: AZIONI.delete,
      contentType: def.contentType,
      objectId: itemId,
      ...auditBy(ctx.actor),
      note: `${def.label} di ${name}`,
      related: related(operatoreId),
      changeLog: changeLog(before, null, def.labels),
    });
    return gone;
  });
  await removeStoredFiles(ctx.config.dataDir, removed);
}

const GIORNI = ["Lunedì", "Martedì", "Mercoledì", "Giovedì", "Venerdì", "Sabato", "Domenica"];

/** PUT the seven days (missing days keep their value). */
export async function putDisponibilita(
  ctx: AppContext,
  operatoreId: number,
  days: DisponibilitaGiorno[],
): Promise<DisponibilitaGiorno[]> {
  const name = await operatoreName(ctx.db, operatoreId);
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
      related: related(operatoreId),
      changeLog: changeLog(asMap(before), asMap(after), labels),
    });
    return after;
  });
}
