/**
 * The work of a sub-resource (./define.ts): read its rows, and create, update or delete one with
 * the rules every sub-resource keeps —
 *   - the parent first (its own 404), then the row of THAT parent (404 `notFound` for a row of
 *     another parent, whatever it is);
 *   - the body validated before the transaction (zod at the route, then `validate` on the row as it
 *     will be, then `prepare`'s database checks): a 400 writes nothing;
 *   - the write and its audit entry in one transaction, the parent as related object; an update
 *     writes only the columns the body names and only when a value differs, and an update that
 *     changes nothing writes no entry;
 *   - an attached file goes with its row (its bytes after the commit).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { queryOne, queryRows } from "../../db/query";
import { AZIONI, changeLog, writeAudit } from "../audit";
import { type AppContext, auditBy } from "../context";
import { notFound, validationError } from "../errors";
import { deleteFileRows, removeStoredFiles } from "../files";
import type { Azione, ChildCrud, PathIds, ReadContext, Row } from "./define";

const column = (name: string) => sql`x.${sql.identifier(name)}`;
const fromOf = <P>(def: ChildCrud<P>) => sql`FROM ${sql.identifier(def.table)} x ${def.joins ?? sql``}`;

async function present<P>(def: ChildCrud<P>, rows: Row[], read: ReadContext): Promise<Row[]> {
  return def.present && rows.length ? def.present(rows, read) : rows;
}

/** The parent's rows, in the declared order, as the API answers them (no check on the parent). */
export async function listChildren<P>(read: ReadContext, def: ChildCrud<P>, parentId: number): Promise<Row[]> {
  const rows = await queryRows<Row>(
    read.db,
    sql`SELECT ${def.select} ${fromOf(def)} WHERE ${column(def.parentColumn)} = ${parentId} ORDER BY ${def.orderBy}`,
  );
  return present(def, rows, read);
}

/** One row of that parent, as answered; undefined when absent or another parent's. `lock`: FOR UPDATE. */
export async function readChild<P>(
  read: ReadContext,
  def: ChildCrud<P>,
  parentId: number,
  id: number,
  lock = false,
): Promise<Row | undefined> {
  const rows = await queryRows<Row>(
    read.db,
    sql`SELECT ${def.select} ${fromOf(def)}
        WHERE ${column(def.parentColumn)} = ${parentId} AND x.id = ${id}${lock ? sql` FOR UPDATE OF x` : sql``}`,
  );
  return (await present(def, rows, read))[0];
}

/** The fields the body names (a PUT changes only those). */
const named = (data: Row): Row => Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));

/** Column → value for the declared columns the values name. */
function columnValues<P>(def: ChildCrud<P>, values: Row): [string, unknown][] {
  const v = def.toColumns ? def.toColumns(values) : values;
  return Object.entries(def.columns)
    .filter(([field]) => v[field] !== undefined)
    .map(([field, col]) => [col, v[field]]);
}

/** Validation and `prepare`: everything that may refuse the body, before any transaction. */
async function prepareWrite<P>(
  ctx: AppContext,
  def: ChildCrud<P>,
  parent: P,
  before: Row | null,
  values: Row,
  data: Row,
) {
  const errors = def.validate?.(before ? { ...before, ...values } : values) ?? {};
  if (Object.keys(errors).length) throw validationError(errors);
  const prepared = await def.prepare?.(ctx, { parent, before, values, data });
  return { values: prepared?.values ?? values, extra: prepared?.extra ?? {} };
}

function audit<P>(
  tx: Executor,
  ctx: AppContext,
  def: ChildCrud<P>,
  parent: P,
  azione: Azione,
  objectId: number,
  row: Row,
  lines: string[],
) {
  return writeAudit(tx, {
    azione,
    contentType: def.audit.contentType,
    objectId,
    ...auditBy(ctx.actor),
    note: def.audit.note?.(parent, row, azione) ?? null,
    related: def.parent.related(parent),
    changeLog: lines,
  });
}

/** POST: the new row as answered (plus `prepare`'s extra fields). */
export async function createChild<P>(ctx: AppContext, def: ChildCrud<P>, ids: PathIds, data: Row): Promise<Row> {
  const parent = await def.parent.find(ctx.db, ids);
  const parentId = def.parent.id(parent);
  const proposed = def.values?.(data, null) ?? named(data);
  const { values, extra } = await prepareWrite(ctx, def, parent, null, proposed, data);
  const row = await ctx.db.transaction(async (tx) => {
    const cols = columnValues(def, values);
    const names = [def.parentColumn, ...cols.map(([c]) => c)].map((c) => sql.identifier(c));
    const inserted = await queryOne<{ id: number }>(
      tx,
      sql`INSERT INTO ${sql.identifier(def.table)} (${sql.join(names, sql`, `)})
          VALUES (${sql.join([sql`${parentId}`, ...cols.map(([, v]) => sql`${v}`)], sql`, `)}) RETURNING id`,
    );
    const id = Number(inserted!.id);
    const after = (await readChild({ db: tx, clock: ctx.clock }, def, parentId, id))!;
    await audit(tx, ctx, def, parent, AZIONI.create, id, after, changeLog(null, after, def.audit.labels));
    await def.afterWrite?.(tx, ctx, { id, parentId });
    return after;
  });
  return { ...row, ...extra };
}

/** PUT: the row as answered after the change (plus `prepare`'s extra fields). */
export async function updateChild<P>(
  ctx: AppContext,
  def: ChildCrud<P>,
  ids: PathIds,
  id: number,
  data: Row,
): Promise<Row> {
  const parent = await def.parent.find(ctx.db, ids);
  const parentId = def.parent.id(parent);
  const current = await readChild(ctx, def, parentId, id);
  if (!current) throw notFound(def.notFound);
  const proposed = def.values?.(data, current) ?? named(data);
  if (Object.keys(proposed).length === 0) return current;
  const { values, extra } = await prepareWrite(ctx, def, parent, current, proposed, data);
  const row = await ctx.db.transaction(async (tx) => {
    const read = { db: tx, clock: ctx.clock };
    const before = await readChild(read, def, parentId, id, true);
    if (!before) throw notFound(def.notFound);
    const cols = columnValues(def, values);
    const changed = cols.length > 0 && (await updateIfDifferent(tx, def, id, cols, ctx.clock()));
    const after = changed ? (await readChild(read, def, parentId, id))! : before;
    const lines = changeLog(before, after, def.audit.labels);
    if (lines.length) await audit(tx, ctx, def, parent, AZIONI.update, id, after, lines);
    if (changed) await def.afterWrite?.(tx, ctx, { id, parentId });
    return after;
  });
  return { ...row, ...extra };
}

/** One UPDATE of the named columns, only when one of them differs; whether it wrote. */
async function updateIfDifferent<P>(
  tx: Executor,
  def: ChildCrud<P>,
  id: number,
  cols: [string, unknown][],
  now: Date,
): Promise<boolean> {
  const sets: SQL[] = cols.map(([c, v]) => sql`${sql.identifier(c)} = ${v}`);
  if (def.touch) sets.push(sql`${sql.identifier(def.touch)} = ${now.toISOString()}`);
  const differs = sql.join(
    cols.map(([c, v]) => sql`${sql.identifier(c)} IS DISTINCT FROM ${v}`),
    sql` OR `,
  );
  const written = await queryOne(
    tx,
    sql`UPDATE ${sql.identifier(def.table)} SET ${sql.join(sets, sql`, `)} WHERE id = ${id} AND (${differs}) RETURNING id`,
  );
  return written !== undefined;
}

/** DELETE: the row of that parent, its entry, and its attached file (bytes removed after the commit). */
export async function deleteChild<P>(ctx: AppContext, def: ChildCrud<P>, ids: PathIds, id: number): Promise<void> {
  const parent = await def.parent.find(ctx.db, ids);
  const parentId = def.parent.id(parent);
  const removed = await ctx.db.transaction(async (tx) => {
    const before = await readChild({ db: tx, clock: ctx.clock }, def, parentId, id, true);
    if (!before) throw notFound(def.notFound);
    const fileColumn = def.file ? sql`${sql.identifier(def.file.column)}::text` : sql`NULL::text`;
    const gone = await queryOne<{ file: string | null }>(
      tx,
      sql`DELETE FROM ${sql.identifier(def.table)} WHERE id = ${id} RETURNING ${fileColumn} AS file`,
    );
    const files = gone?.file ? await deleteFileRows(tx, [gone.file]) : [];
    await audit(tx, ctx, def, parent, AZIONI.delete, id, before, changeLog(before, null, def.audit.labels));
    return files;
  });
  await removeStoredFiles(ctx.config.dataDir, removed);
}
