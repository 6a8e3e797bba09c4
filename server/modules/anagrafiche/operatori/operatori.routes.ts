/**
 * /api/anagrafiche/operatori/ — create, read (full record or ?quick_view=true), update, delete;
 * the tabs, uploads and GDPR routes are registered here too (same prefix). Who may do what:
 * see access.ts.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { contextOf } from "../../../lib/context";
import { forbidden } from "../../../lib/errors";
import { currentUser } from "../../../plugins/auth-guard";
import { ANY_OPERATORE_CAPABILITY, can, QUICK_VIEW_CAPABILITY } from "./access";
import { gdprRoutes } from "./gdpr.routes";
import { operatoriListRoutes } from "./operatori.list";
import { idParams, operatoreBody, recordQuery } from "./operatori.schema";
import { buildRecord, createOperatore, deleteOperatore, getOperatoreRow, updateOperatore } from "./operatori.service";
import { operatoriUploadRoutes } from "./operatori-upload.routes";
import { buildQuickView } from "./quick-view.service";
import { tabsRoutes } from "./tabs.routes";

const tags = ["anagrafiche"];

export const operatoriRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(operatoriListRoutes);

  app.post(
    "/",
    { config: { permissions: CAPABILITIES.operatoriAnagrafica }, schema: { tags, body: operatoreBody } },
    async (request, reply) => {
      const ctx = contextOf(request);
      const id = await createOperatore(ctx, request.body.data);
      return reply.code(201).send(await buildRecord(ctx, await getOperatoreRow(app.db, id)));
    },
  );

  app.get(
    "/:id/",
    {
      config: { permissions: ANY_OPERATORE_CAPABILITY },
      schema: { tags, params: idParams, querystring: recordQuery },
    },
    async (request) => {
      const user = currentUser(request);
      const { quick_view, cliente } = request.query;
      if (quick_view === "true" || quick_view === "1") {
        if (!QUICK_VIEW_CAPABILITY.some((p) => user.permissions.includes(p))) throw forbidden();
        return buildQuickView(app.db, request.params.id, app.clock(), cliente ?? null);
      }
      if (!can(user, "operatori")) throw forbidden();
      const row = await getOperatoreRow(app.db, request.params.id);
      return buildRecord(contextOf(request), row);
    },
  );

  app.put(
    "/:id/",
    {
      config: { permissions: [...new Set([...CAPABILITIES.operatoriAnagrafica, ...CAPABILITIES.operatoriAltro])] },
      schema: { tags, params: idParams, body: operatoreBody },
    },
    async (request) => {
      const ctx = contextOf(request);
      await updateOperatore(ctx, request.params.id, request.body.data);
      return buildRecord(ctx, await getOperatoreRow(app.db, request.params.id));
    },
  );

  app.delete(
    "/:id/",
    { config: { permissions: CAPABILITIES.operatoriAnagrafica }, schema: { tags, params: idParams } },
    async (request) => {
      await deleteOperatore(contextOf(request), request.params.id);
      return { result: "OK" };
    },
  );

  await app.register(tabsRoutes);
  await app.register(operatoriUploadRoutes);
  await app.register(gdprRoutes);
};
