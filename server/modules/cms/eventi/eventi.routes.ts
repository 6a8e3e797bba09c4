/**
 * /api/cms/eventi/ — the CMS's events (SPEC §7 CMS).
 *   GET  /                      list (filters globalsearch, descrizione, citta, data_inizio, data_fine; periodo)
 *   POST /                      {data: titolo, descrizione, visualizzatori, indirizzo, citta, prov, contatore,
 *                               data_inizio, data_fine, abilitato} → 201 the record
 *   GET/PUT/DELETE /{id}/       the record (gates, thresholds, devices, linked users) / {data} / {result:"OK"}
 *                               (declared in contracts/cms/eventi-record.ts)
 *   POST /{id}/varchi/, PUT|DELETE /{id}/varchi/{subId}/             the gates
 *   POST /{id}/dispositivi/, PUT|DELETE /{id}/dispositivi/{subId}/   the counting devices (eventi-righe.crud.ts)
 * Read: cms_view, cms_edit, cms_admin; write: cms_edit, cms_admin; delete an event: cms_admin.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { EventoRow } from "../../../../src/domain/contracts/cms/eventi";
import { eventoCalls } from "../../../../src/domain/contracts/cms/record-calls";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { callRoutes } from "../../../lib/calls";
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

  callRoutes(app, { tags }).record(eventoCalls, {
    get: (request) => getEvento(contextOf(request), request.params.id),
    create: (request) => createEvento(contextOf(request), request.body.data),
    update: (request) => updateEvento(contextOf(request), request.params.id, request.body.data),
    remove: (request) => deleteEvento(contextOf(request), request.params.id),
  });

  registerChildCrud(base, varchi);
  registerChildCrud(base, dispositivi);
};
