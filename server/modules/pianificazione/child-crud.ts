/**
 * CRUD of the small tables that hang off a contract or a service (prezzi, compensi, non-graditi,
 * costi, dotazioni, note-ed-allegati): GET list, POST, PUT /{id}/, DELETE /{id}/, each write with
 * its audit entry in the same transaction. Each resource file declares its columns and labels.
 */
import { type SQL, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Executor } from "../../db/client";
import { queryOne, queryRows } from "../../db/query";
import { AZIONI, changeLog, type RelatedObject } from "../../lib/audit";
import { contextOf } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { audit } from "./audit";
import { id, OK, wrap } from "./common.schema";

export interface ChildCrud<P extends z.ZodObject> {
  path: string;
  params: P;
  permissions: readonly string[];
  table: string;
  parentColumn: string;
  /** Parent id from the params, after checking the parent exists (404 otherwise). */
  parent(ex: Executor, params: z.infer<P>): Promise<number>;
  related(params: z.infer<P>): RelatedObject[];
  contentType: string;
  /** Body field → column. */
  columns: Record<string, string>;
  labels: Record<string, string>;
  create: z.ZodType<Record<string, unknown>>;
  update: z.ZodType<Record<string, unknown>>;
  /** SELECT list (columns of alias x) in the API shape; the FROM is `${table} x` plus `joins`. */
  select: SQL;
  joins?: SQL;
  orderBy: SQL;
  /** Extra checks on the body before writing (400 on bad references); parentId is the parent's id. */
  check?(ex: Executor, data: Record<string, unknown>, parentId: number): Promise<void>;
  /** Called after the write (inside the transaction), e.g. to validate cross-field rules. */
}

export function registerChildCrud<P extends z.ZodObject>(base: FastifyInstance, def: ChildCrud<P>) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const config = { permissions: def.permissions };
  const tags = ["pianificazione"];
  const itemParams = def.params.extend({ idRiga: id() });
  const from = sql`FROM ${sql.raw(def.table)} x ${def.joins ?? sql``}`;

  const readOne = (ex: Executor, parentId: number, rowId: number) =>
    queryOne<Record<string, unknown>>(
      ex,
      sql`SELECT ${def.select} ${from} WHERE x.${sql.raw(def.parentColumn)} = ${parentId} AND x.id = ${rowId}`,
    );

  app.get(`${def.path}/`, { config, schema: { tags, params: def.params } }, async (req) => {
    const parentId = await def.parent(app.db, req.params as z.infer<P>);
    return {
      results: await queryRows(
        app.db,
        sql`SELECT ${def.select} ${from} WHERE x.${sql.raw(def.parentColumn)} = ${parentId} ORDER BY ${def.orderBy}`,
      ),
    };
  });

  const write = async (req: FastifyRequest, rowId: number | null, data: Record<string, unknown>) => {
    const params = req.params as z.infer<P>;
    return app.db.transaction(async (tx) => {
      const parentId = await def.parent(tx, params);
      await def.check?.(tx, data, parentId);
      const before = rowId === null ? null : await readOne(tx, parentId, rowId);
      if (rowId !== null && !before) throw notFound();
      const fields = Object.entries(def.columns).filter(([k]) => data[k] !== undefined);
      let idValue = rowId;
      if (rowId === null) {
        const cols = [def.parentColumn, ...fields.map(([, c]) => c)];
        const vals = [sql`${parentId}`, ...fields.map(([k]) => sql`${data[k]}`)];
        idValue = (await queryOne<{ id: number }>(
          tx,
          sql`INSERT INTO ${sql.raw(def.table)} (${sql.raw(cols.join(", "))}) VALUES (${sql.join(vals, sql`, `)}) RETURNING id`,
        ))!.id;
      } else if (fields.length) {
        await tx.execute(
          sql`UPDATE ${sql.raw(def.table)} SET ${sql.join(
            fields.map(([k, c]) => sql`${sql.raw(c)} = ${data[k]}`),
            sql`, `,
          )} WHERE id = ${rowId}`,
        );
      }
      const after = (await readOne(tx, parentId, idValue!))!;
      const lines = changeLog(before ?? null, after, def.labels);
      if (rowId === null || lines.length)
        await audit(tx, contextOf(req).actor, {
          azione: rowId === null ? AZIONI.create : AZIONI.update,
          contentType: def.contentType,
          objectId: idValue,
          related: def.related(params),
          changeLog: lines,
        });
      return after;
    });
  };

  app.post(
    `${def.path}/`,
    { config, schema: { tags, params: def.params, body: wrap(def.create) } },
    async (req, reply) =>
      reply.code(201).send(await write(req, null, (req.body as { data: Record<string, unknown> }).data)),
  );
  app.put(
    `${def.path}/:idRiga/`,
    { config, schema: { tags, params: itemParams, body: wrap(def.update) } },
    async (req) =>
      write(req, (req.params as { idRiga: number }).idRiga, (req.body as { data: Record<string, unknown> }).data),
  );
  app.delete(`${def.path}/:idRiga/`, { config, schema: { tags, params: itemParams } }, async (req) => {
    const params = req.params as z.infer<P> & { idRiga: number };
    await app.db.transaction(async (tx) => {
      const parentId = await def.parent(tx, params);
      const before = await readOne(tx, parentId, params.idRiga);
      if (!before) throw notFound();
      await tx.execute(sql`DELETE FROM ${sql.raw(def.table)} WHERE id = ${params.idRiga}`);
      await audit(tx, contextOf(req).actor, {
        azione: AZIONI.delete,
        contentType: def.contentType,
        objectId: params.idRiga,
        related: def.related(params),
        changeLog: changeLog(before, null, def.labels),
      });
    });
    return OK;
  });
}
