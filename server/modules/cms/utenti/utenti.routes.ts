/**
 * /api/cms/utenti/ — the CMS's users (SPEC §7 CMS).
 *   GET    /                          list (filters global, email, cellulare, stato T/A/N, tipologia_id)
 *   GET    /erp/?global=&page_size=50 ERP operators to link (the drawer's search, 500 ms debounce)
 *   POST   /                          {data} → 201 the row
 *   PUT    /{id}/                     {data} → the row (only what it names)
 *   DELETE /{id}                      {result: "OK"}
 *   POST   /{id}/codice-accesso/      a new access code
 * Read: cms_view, cms_edit, cms_admin; write: cms_edit, cms_admin; delete and new code: cms_admin.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CodiceAccessoOut,
  IdParams,
  OperatoriErpOut,
  OperatoriErpQuery,
  ResultOk,
  UtenteCmsData,
  UtenteCmsRow,
  UtenteCmsUpdate,
} from "../../../../src/domain/contracts/cms/utenti";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { contextOf } from "../../../lib/context";
import { registerListRoute } from "../../../lib/list";
import { utentiCmsList } from "./utenti.list";
import {
  cercaOperatoriErp,
  createUtenteCms,
  deleteUtenteCms,
  reissueCodiceAccesso,
  updateUtenteCms,
} from "./utenti.service";

const tags = ["cms"];

export const utentiCmsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  registerListRoute(app, "/", utentiCmsList, {
    permissions: CAPABILITIES.cmsView,
    tags,
    summary: "Lista utenti CMS",
    row: UtenteCmsRow,
  });

  app.get(
    "/erp/",
    {
      config: { permissions: CAPABILITIES.cmsEdit },
      schema: {
        tags,
        summary: "Operatori ERP da collegare a un utente CMS",
        querystring: OperatoriErpQuery,
        response: { 200: OperatoriErpOut },
      },
    },
    async (request) => cercaOperatoriErp(app.db, request.query.global ?? "", request.query.page_size ?? 50),
  );

  app.post(
    "/",
    {
      config: { permissions: CAPABILITIES.cmsEdit },
      schema: {
        tags,
        summary: "Nuovo utente CMS",
        body: z.object({ data: UtenteCmsData }),
        response: { 201: UtenteCmsRow },
      },
    },
    async (request, reply) => reply.code(201).send(await createUtenteCms(contextOf(request), request.body.data)),
  );

  app.put(
    "/:id/",
    {
      config: { permissions: CAPABILITIES.cmsEdit },
      schema: {
        tags,
        summary: "Modifica utente CMS",
        params: IdParams,
        body: z.object({ data: UtenteCmsUpdate }),
        response: { 200: UtenteCmsRow },
      },
    },
    async (request) => updateUtenteCms(contextOf(request), request.params.id, request.body.data),
  );

  app.delete(
    "/:id",
    {
      config: { permissions: CAPABILITIES.cmsAdmin },
      schema: { tags, summary: "Elimina utente CMS", params: IdParams, response: { 200: ResultOk } },
    },
    async (request) => {
      await deleteUtenteCms(contextOf(request), request.params.id);
      return { result: "OK" as const };
    },
  );

  app.post(
    "/:id/codice-accesso/",
    {
      config: { permissions: CAPABILITIES.cmsAdmin },
      schema: {
        tags,
        summary: "Rigenera il codice di accesso",
        params: IdParams,
        response: { 200: CodiceAccessoOut },
      },
    },
    async (request) => reissueCodiceAccesso(contextOf(request), request.params.id),
  );
};
