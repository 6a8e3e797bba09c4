/**
 * /api/anagrafiche/clienti/ — clients with their sites (sedi) and contacts (contatti).
 *   GET  /                      list (generic engine; pickers: ?page_size=99999)
 *   POST /                      {data} → 201 the record + warnings
 *   GET/PUT/DELETE /{id}/       the record (with sedi, contatti, contratti) / {data} / {result:"OK"}
 *   POST /{id}/sedi/, PUT|DELETE /{id}/sedi/{subId}/          the client's operating sites
 *   POST /{id}/contatti/, PUT|DELETE /{id}/contatti/{subId}/  the client's contacts (clienti-righe.crud.ts)
 * Read: erp_clienti or erp_contratti (pickers of the contracts); write: erp_clienti.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ClienteData,
  ClienteOut,
  ClienteRow,
  ClienteSavedOut,
  IdParams,
  ResultOk,
} from "../../../../src/domain/contracts/anagrafiche/clienti";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { contextOf } from "../../../lib/context";
import { registerChildCrud } from "../../../lib/crud";
import { registerListRoute } from "../../../lib/list";
import { clientiList } from "./clienti.list";
import { createCliente, deleteCliente, getCliente, updateCliente } from "./clienti.service";
import { contatti, sedi } from "./clienti-righe.crud";

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
    row: ClienteRow,
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
    async (request) => getCliente(contextOf(request), request.params.id),
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

  registerChildCrud(base, sedi);
  registerChildCrud(base, contatti);
};
