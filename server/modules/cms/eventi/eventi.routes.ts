/**
 * /api/cms/eventi/ — the CMS's events (SPEC §7 CMS).
 *   GET  /                      list (filters globalsearch, descrizione, citta, data_inizio, data_fine; periodo)
 *   POST /                      {data: titolo, descrizione, visualizzatori, indirizzo, citta, prov, contatore,
 *                               data_inizio, data_fine, abilitato} → 201 the record
 *   GET/PUT/DELETE /{id}/       the record (gates, thresholds, devices, linked users) / {data} / {result:"OK"}
 *   POST /{id}/varchi/, PUT|DELETE /{id}/varchi/{subId}/             the gates
 *   POST /{id}/dispositivi/, PUT|DELETE /{id}/dispositivi/{subId}/   the counting devices (eventi-righe.crud.ts)
 * Read: cms_view, cms_edit, cms_admin; write: cms_edit, cms_admin; delete an event: cms_admin.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { EventoData, EventoOut, EventoRow, IdParams, ResultOk } from "../../../../src/domain/contracts/cms/eventi";
import { updateSchema } from "../../../../src/domain/contracts/update-schema";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { contextOf } from "../../../lib/context";
import { registerChildCrud } from "../../../lib/crud";
import { registerListRoute } from "../../../lib/list";
import { eventiList } from "./eventi.list";
import { createEvento, deleteEvento, getEvento, updateEvento } from "./eventi.service";
import { dispositivi, varchi } from "./eventi-righe.crud";

const tags = ["cms"];

export const eventiRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  registerListRoute(app, "/", eventiList, {
    permissions: CAPABILITIES.cmsView,
    tags,
    summary: "Lista eventi",
    row: EventoRow,
  });

  app.post(
    "/",
    {
      config: { permissions: CAPABILITIES.cmsEdit },
      schema: { tags, summary: "Nuovo evento", body: z.object({ data: EventoData }), response: { 201: EventoOut } },
    },
    async (request, reply) => reply.code(201).send(await createEvento(contextOf(request), request.body.data)),
  );

  app.get(
    "/:id/",
    {
      config: { permissions: CAPABILITIES.cmsView },
      schema: { tags, summary: "Scheda evento", params: IdParams, response: { 200: EventoOut } },
    },
    async (request) => getEvento(contextOf(request), request.params.id),
  );

  app.put(
    "/:id/",
    {
      config: { permissions: CAPABILITIES.cmsEdit },
      schema: {
        tags,
        summary: "Modifica evento",
        params: IdParams,
        body: z.object({ data: updateSchema(EventoData) }),
        response: { 200: EventoOut },
      },
    },
    async (request) => updateEvento(contextOf(request), request.params.id, request.body.data),
  );

  app.delete(
    "/:id/",
    {
      config: { permissions: CAPABILITIES.cmsAdmin },
      schema: { tags, summary: "Elimina evento", params: IdParams, response: { 200: ResultOk } },
    },
    async (request) => {
      await deleteEvento(contextOf(request), request.params.id);
      return { result: "OK" as const };
    },
  );

  registerChildCrud(base, varchi);
  registerChildCrud(base, dispositivi);
};
