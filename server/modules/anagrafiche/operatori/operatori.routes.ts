/**
 * /api/anagrafiche/operatori/ — create, read (full record or ?quick_view=true), update, delete;
 * the tabs, uploads and GDPR routes are registered here too (same prefix). The record's calls are
 * declared in contracts/anagrafiche/operatori-record.ts. Who may do what: see access.ts.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operatoreCalls } from "../../../../src/domain/contracts/anagrafiche/record-calls";
import { callRoutes } from "../../../lib/calls";
import { contextOf } from "../../../lib/context";
import { forbidden } from "../../../lib/errors";
import { currentUser } from "../../../plugins/auth-guard";
import { can, QUICK_VIEW_CAPABILITY } from "./access";
import { gdprRoutes } from "./gdpr.routes";
import { operatoriListRoutes } from "./operatori.list";
import { buildRecord, createOperatore, deleteOperatore, getOperatoreRow, updateOperatore } from "./operatori.service";
import { operatoriUploadRoutes } from "./operatori-upload.routes";
import { buildQuickView } from "./quick-view.service";
import { tabsRoutes } from "./tabs.routes";

const tags = ["anagrafiche"];

export const operatoriRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(operatoriListRoutes);

  callRoutes(app, { tags }).record(operatoreCalls, {
    get: async (request) => {
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
    create: async (request) => {
      const ctx = contextOf(request);
      const id = await createOperatore(ctx, request.body.data);
      return buildRecord(ctx, await getOperatoreRow(app.db, id));
    },
    update: async (request) => {
      const ctx = contextOf(request);
      await updateOperatore(ctx, request.params.id, request.body.data);
      return buildRecord(ctx, await getOperatoreRow(app.db, request.params.id));
    },
    remove: (request) => deleteOperatore(contextOf(request), request.params.id),
  });

  await app.register(tabsRoutes);
  await app.register(operatoriUploadRoutes);
  await app.register(gdprRoutes);
};
