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
import { registerListRoute } from "../../../lib/list";
import { currentUser } from "../../../plugins/auth-guard";
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
  type Actor,
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

const actor = (request: FastifyRequest): Actor => ({ userId: currentUser(request).id, ip: request.ip });

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
    async (request, reply) => reply.code(201).send(await createCliente(app, request.body.data, actor(request))),
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
    async (request) => updateCliente(app, request.params.id, request.body.data, actor(request)),
  );

  app.delete(
    "/:id/",
    {
      config: { permissions: WRITE },
      schema: { tags, summary: "Elimina cliente", params: IdParams, response: { 200: ResultOk } },
    },
    async (request) => {
      await deleteCliente(app, request.params.id, actor(request));
      return { result: "OK" as const };
    },
  );

  // ——— sedi ———
  app.post(
    "/:id/sedi/",
    {
      config: { permissions: WRITE },
      schema: {
        tags,
        summary: "Nuova sede",
        params: IdParams,
        body: z.object({ data: SedeData }),
        response: { 201: SedeSavedOut },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await saveSede(app, request.params.id, null, request.body.data, actor(request))),
  );
  app.put(
    "/:id/sedi/:subId/",
    {
      config: { permissions: WRITE },
      schema: {
        tags,
        summary: "Modifica sede",
        params: SubParams,
        body: z.object({ data: SedeData }),
        response: { 200: SedeSavedOut },
      },
    },
    async (request) => saveSede(app, request.params.id, request.params.subId, request.body.data, actor(request)),
  );
  app.delete(
    "/:id/sedi/:subId/",
    {
      config: { permissions: WRITE },
      schema: { tags, summary: "Elimina sede", params: SubParams, response: { 200: ResultOk } },
    },
    async (request) => {
      await deleteSede(app, request.params.id, request.params.subId, actor(request));
      return { result: "OK" as const };
    },
  );

  // ——— contatti ———
  app.post(
    "/:id/contatti/",
    {
      config: { permissions: WRITE },
      schema: {
        tags,
        summary: "Nuovo contatto",
        params: IdParams,
        body: z.object({ data: ContattoData }),
        response: { 201: ContattoOut },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await saveContatto(app, request.params.id, null, request.body.data, actor(request))),
  );
  app.put(
    "/:id/contatti/:subId/",
    {
      config: { permissions: WRITE },
      schema: {
        tags,
        summary: "Modifica contatto",
        params: SubParams,
        body: z.object({ data: ContattoData }),
        response: { 200: ContattoOut },
      },
    },
    async (request) => saveContatto(app, request.params.id, request.params.subId, request.body.data, actor(request)),
  );
  app.delete(
    "/:id/contatti/:subId/",
    {
      config: { permissions: WRITE },
      schema: { tags, summary: "Elimina contatto", params: SubParams, response: { 200: ResultOk } },
    },
    async (request) => {
      await deleteContatto(app, request.params.id, request.params.subId, actor(request));
      return { result: "OK" as const };
    },
  );
};
