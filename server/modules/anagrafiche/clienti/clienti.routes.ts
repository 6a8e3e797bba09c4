/**
 * /api/anagrafiche/clienti/ — clients with their sites (sedi) and contacts (contatti).
 *   GET  /                      list (generic engine; pickers: ?page_size=99999)
 *   POST /                      {data} → 201 the record + warnings
 *   GET/PUT/DELETE /{id}/       the record (with sedi, contatti, contratti) / {data} / {result:"OK"}
 *   POST /{id}/sedi/, PUT|DELETE /{id}/sedi/{subId}/          the client's operating sites
 *   POST /{id}/contatti/, PUT|DELETE /{id}/contatti/{subId}/  the client's contacts
 * Read: erp_clienti or erp_contratti (pickers of the contracts); write: erp_clienti.
 */
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { type AppContext, contextOf } from "../../../lib/context";
import { registerListRoute } from "../../../lib/list";
import { clientiList } from "./clienti.list";
import {
  ClienteData,
  ClienteOut,
  ClienteSavedOut,
  ContattoData,
  ContattoOut,
  IdParams,
  ResultOk,
  SedeData,
  SedeSavedOut,
  SubParams,
} from "./clienti.schema";
import {
  createCliente,
  deleteCliente,
  deleteContatto,
  deleteSede,
  getCliente,
  saveContatto,
  saveSede,
  updateCliente,
} from "./clienti.service";

const READ = [...new Set([...CAPABILITIES.clienti, ...CAPABILITIES.contratti])];
const WRITE = CAPABILITIES.clienti;
const tags = ["anagrafiche"];

export const clientiRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  registerListRoute(app, "/", clientiList, {
    permissions: READ,
    exportPermissions: WRITE,
    tags,
    summary: "Lista clienti",
  });

  app.post(
    "/",
    {
      config: { permissions: WRITE },
      schema: {
        tags,
        summary: "Nuovo cliente",
        body: z.object({ data: ClienteData }),
        response: { 201: ClienteSavedOut },
      },
    },
    async (request, reply) => reply.code(201).send(await createCliente(contextOf(request), request.body.data)),
  );

  app.get(
    "/:id/",
    {
      config: { permissions: READ },
      schema: { tags, summary: "Scheda cliente", params: IdParams, response: { 200: ClienteOut } },
    },
    async (request) => getCliente(app.db, request.params.id),
  );

  app.put(
    "/:id/",
    {
      config: { permissions: WRITE },
      schema: {
        tags,
        summary: "Modifica cliente",
        params: IdParams,
        body: z.object({ data: ClienteData }),
        response: { 200: ClienteSavedOut },
      },
    },
    async (request) => updateCliente(contextOf(request), request.params.id, request.body.data),
  );

  app.delete(
    "/:id/",
    {
      config: { permissions: WRITE },
      schema: { tags, summary: "Elimina cliente", params: IdParams, response: { 200: ResultOk } },
    },
    async (request) => {
      await deleteCliente(contextOf(request), request.params.id);
      return { result: "OK" as const };
    },
  );

  /**
   * POST /{id}/<path>/, PUT and DELETE /{id}/<path>/{subId}/ of one kind of client row. Declared on
   * the untyped instance: the zod schemas still validate and serialise, the handler reads what they
   * produced (the type provider cannot infer through the generic schemas).
   */
  const childRoutes = <D extends z.ZodType>(
    path: string,
    names: { create: string; update: string; remove: string },
    data: D,
    out: z.ZodType,
    save: (ctx: AppContext, clienteId: number, subId: number | null, data: z.infer<D>) => Promise<unknown>,
    remove: (ctx: AppContext, clienteId: number, subId: number) => Promise<void>,
  ) => {
    const body = z.object({ data });
    const sent = (request: FastifyRequest) => (request.body as { data: z.infer<D> }).data;
    const ids = (request: FastifyRequest) => request.params as { id: number; subId: number };
    base.post(
      `/:id/${path}/`,
      {
        config: { permissions: WRITE },
        schema: { tags, summary: names.create, params: IdParams, body, response: { 201: out } },
      },
      async (request, reply) =>
        reply.code(201).send(await save(contextOf(request), ids(request).id, null, sent(request))),
    );
    base.put(
      `/:id/${path}/:subId/`,
      {
        config: { permissions: WRITE },
        schema: { tags, summary: names.update, params: SubParams, body, response: { 200: out } },
      },
      async (request) => save(contextOf(request), ids(request).id, ids(request).subId, sent(request)),
    );
    base.delete(
      `/:id/${path}/:subId/`,
      {
        config: { permissions: WRITE },
        schema: { tags, summary: names.remove, params: SubParams, response: { 200: ResultOk } },
      },
      async (request) => {
        await remove(contextOf(request), ids(request).id, ids(request).subId);
        return { result: "OK" as const };
      },
    );
  };

  const SEDE = { create: "Nuova sede", update: "Modifica sede", remove: "Elimina sede" };
  childRoutes("sedi", SEDE, SedeData, SedeSavedOut, saveSede, deleteSede);
  const CONTATTO = { create: "Nuovo contatto", update: "Modifica contatto", remove: "Elimina contatto" };
  childRoutes("contatti", CONTATTO, ContattoData, ContattoOut, saveContatto, deleteContatto);
};
