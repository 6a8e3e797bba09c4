/**
 * The audit trail as a generic list (SPEC §3 Log entry). Filters: content_type, object_id,
 * only_related=true (entries whose `related` contains the object), show_related=true (the object's
 * own entries plus the related ones), azione, utente_id, data_ora_dal / data_ora_al.
 */
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { LogList } from "../../../src/domain/contracts/log/log";
import { defineList, type ListContext, type ListSql } from "../../lib/list";

const text = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v[0] : v).trim());
const flag = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v[0] : v).toLowerCase())
  .pipe(z.enum(["true", "false", "1", "0"], { error: "Valore non valido (true o false)" }))
  .transform((v) => v === "true" || v === "1");

const ID = /^[\w.:-]{1,64}$/;
const objectId = text.pipe(z.string().regex(ID, { error: "Identificativo non valido" }));
const contentType = text.pipe(z.string().regex(/^[a-z_][a-z0-9_-]{0,63}$/, { error: "Tipo di log non valido" }));

/** `related @> [{content_type, object_id?}]`, served by the GIN (jsonb_path_ops) index. */
function relatedContains(ct: string, oid: string | undefined): SQL {
  const probe = JSON.stringify([oid === undefined ? { content_type: ct } : { content_type: ct, object_id: oid }]);
  return sql`l.related @> ${probe}::jsonb`;
}

function objectCondition(ctx: ListContext): SQL | undefined {
  const ct = ctx.filters.content_type as string | undefined;
  const oid = ctx.filters.object_id as string | undefined;
  const only = ctx.filters.only_related === true;
  const show = ctx.filters.show_related === true;
  if (ct === undefined) return oid === undefined ? undefined : sql`l.object_id = ${oid}`;
  const own = oid === undefined ? sql`l.content_type = ${ct}` : sql`l.content_type = ${ct} AND l.object_id = ${oid}`;
  if (only) return relatedContains(ct, oid);
  if (show) return sql`((${own}) OR ${relatedContains(ct, oid)})`;
  return own;
}

/** How every log list reads an entry: the generic list and a record's own history. */
const ENTRY: Omit<ListSql<typeof LogList.fields>, "filters" | "where"> = {
  from: sql`log_entries l`,
  joins: { u: { table: "users", on: { id: sql`l.utente_id` }, left: true } },
  key: sql`l.id`,
  sql: {
    id: sql`l.id`,
    azione: sql`l.azione`,
    data_ora: sql`l.data_ora`,
    utente: {
      sql: sql`trim(concat_ws(' ', u.nome, u.cognome))`,
      orderBy: sql`lower(concat_ws(' ', u.cognome, u.nome))`,
    },
    utente_id: sql`l.utente_id`,
    note: sql`l.note`,
    content_type: sql`l.content_type`,
    object_id: sql`l.object_id`,
    change_log: sql`coalesce(l.dati->'change_log', '[]'::jsonb)`,
  },
  columns: {
    first_name: sql`u.nome`,
    last_name: sql`u.cognome`,
    related: sql`l.related`,
  },
  map: (r) => ({
    id: r.id,
    azione: r.azione,
    data_ora: r.data_ora,
    utente: r.first_name === null && r.last_name === null ? null : { first_name: r.first_name, last_name: r.last_name },
    note: r.note,
    content_type: r.content_type,
    object_id: r.object_id,
    related: r.related,
    dati: { change_log: r.change_log },
  }),
};

export const logList = defineList(LogList, {
  ...ENTRY,
  filters: {
    content_type: { schema: contentType, where: (_v, ctx) => objectCondition(ctx) },
    object_id: {
      schema: objectId,
      where: (_v, ctx) => (ctx.filters.content_type === undefined ? objectCondition(ctx) : undefined),
    },
    only_related: { schema: flag, where: () => undefined },
    show_related: { schema: flag, where: () => undefined },
  },
  // A record's Log tab (its own entries, and with show_related those naming it), newest first:
  // log_entries_object_idx and the GIN index on related (migration 0001).
  commonQueries: [
    { content_type: "operatore", object_id: "7" },
    { content_type: "operatore", object_id: "7", show_related: "true" },
  ],
});

/**
 * GET /api/log/turno/:id/ — one shift's own entries (assignments, confirmations, edits), for the
 * planners who work on it (issue 32 item 1): the route's permission is the shift's, and the list
 * cannot be widened to other objects (no content/object filters).
 */
export const turnoLogList = defineList(LogList, {
  ...ENTRY,
  where: (ctx) => sql`l.content_type = 'turno' AND l.object_id = ${ctx.params.id}`,
});

/** One alarm's own entries, for whoever handles alarms (the Allarmi page's Log). */
export const allarmeLogList = defineList(LogList, {
  ...ENTRY,
  where: (ctx) => sql`l.content_type = 'allarme' AND l.object_id = ${ctx.params.id}`,
});
