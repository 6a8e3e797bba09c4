/**
 * The routes of a sub-resource (./define.ts): GET and POST `${path}/`, PUT and DELETE
 * `${path}/:${item}/`, each with the declaration's permissions, its contract's body and answer
 * schemas (`schema.response` on every route), and a service of ./service.ts behind it.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { dataBody, ResultOk, ResultsOut } from "../../../src/domain/contracts/common";
import { pathWithin } from "../calls";
import { contextOf } from "../context";
import type { ChildCrud, PathIds, Row } from "./define";
import { createChild, deleteChild, listChildren, updateChild } from "./service";

const ids = (request: FastifyRequest) => request.params as PathIds;
const body = (request: FastifyRequest) => (request.body as { data: Row }).data;

/**
 * Registers the routes of one sub-resource on `app` (the schemas validate and serialise; the
 * handlers read what they produced).
 */
export function registerChildCrud<P>(app: FastifyInstance, def: ChildCrud<P>): void {
  const config = { permissions: def.permissions };
  const path = def.declared ? pathWithin(app.prefix, def.declared).replace(/\/$/, "") : def.path;
  if (path === undefined) throw new Error(`${def.table}: né path né declared`);
  const schema = (route: keyof NonNullable<ChildCrud<P>["summaries"]>, rest: object) => {
    const summary = def.summaries?.[route];
    return { tags: [...def.tags], ...(summary ? { summary } : {}), ...rest };
  };
  const itemId = (request: FastifyRequest) => ids(request)[def.item];
  const saved = def.contract.saved ?? def.contract.row;

  if (def.list) {
    const answer = def.list === "array" ? z.array(def.contract.row) : ResultsOut(def.contract.row);
    app.get(
      `${path}/`,
      { config, schema: schema("list", { params: def.params, response: { 200: answer } }) },
      async (request) => {
        const ctx = contextOf(request);
        const parent = await def.parent.find(ctx.db, ids(request));
        const rows = await listChildren(ctx, def, def.parent.id(parent));
        return def.list === "array" ? rows : { results: rows };
      },
    );
  }

  app.post(
    `${path}/`,
    {
      config,
      schema: schema("create", { params: def.params, body: dataBody(def.contract.create), response: { 201: saved } }),
    },
    async (request, reply) =>
      reply.code(201).send(await createChild(contextOf(request), def, ids(request), body(request))),
  );

  app.put(
    `${path}/:${def.item}/`,
    {
      config,
      schema: schema("update", {
        params: def.itemParams,
        body: dataBody(def.contract.update),
        response: { 200: saved },
      }),
    },
    async (request) => updateChild(contextOf(request), def, ids(request), itemId(request), body(request)),
  );

  app.delete(
    `${path}/:${def.item}/`,
    { config, schema: schema("remove", { params: def.itemParams, response: { 200: ResultOk } }) },
    async (request) => {
      await deleteChild(contextOf(request), def, ids(request), itemId(request));
      return { result: "OK" as const };
    },
  );
}

/** A plugin with the routes of these sub-resources (`app.register(childCrudRoutes(a, b), {prefix})`). */
export function childCrudRoutes(...defs: ChildCrud<unknown>[]): FastifyPluginAsync {
  return async (app) => {
    for (const def of defs) registerChildCrud(app, def);
  };
}
