/**
 * /api/anagrafiche/clienti/ — clients with their sites (sedi) and contacts (contatti).
 *   GET  /                      list (generic engine; pickers: ?page_size=99999)
 *   POST /                      {data} → 201 the record + warnings
 *   GET/PUT/DELETE /{id}/       the record (with sedi, contatti, contratti) / {data} / {result:"OK"}
 *                               (declared in contracts/anagrafiche/clienti-record.ts)
 *   POST /{id}/sedi/, PUT|DELETE /{id}/sedi/{subId}/          the client's operating sites
 *   POST /{id}/contatti/, PUT|DELETE /{id}/contatti/{subId}/  the client's contacts (clienti-righe.crud.ts)
 * Read: erp_clienti or erp_contratti (pickers of the contracts); write: erp_clienti.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ClienteRow } from "../../../../src/domain/contracts/anagrafiche/clienti";
import { clienteRecord } from "../../../../src/domain/contracts/anagrafiche/clienti-record";
import { clienteCalls } from "../../../../src/domain/contracts/anagrafiche/record-calls";
import { callRoutes } from "../../../lib/calls";
import { contextOf } from "../../../lib/context";
import { registerChildCrud } from "../../../lib/crud";
import { registerListRoute } from "../../../lib/list";
import { clientiList } from "./clienti.list";
import { createCliente, deleteCliente, getCliente, updateCliente } from "./clienti.service";
import { contatti, sedi } from "./clienti-righe.crud";

const { get: READ, create: WRITE } = clienteRecord.permissions;
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

  callRoutes(app, { tags }).record(clienteCalls, {
    get: (request) => getCliente(contextOf(request), request.params.id),
    create: (request) => createCliente(contextOf(request), request.body.data),
    update: (request) => updateCliente(contextOf(request), request.params.id, request.body.data),
    remove: (request) => deleteCliente(contextOf(request), request.params.id),
  });

  registerChildCrud(base, sedi);
  registerChildCrud(base, contatti);
};
