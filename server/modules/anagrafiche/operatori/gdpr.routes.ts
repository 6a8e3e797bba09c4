/**
 * The 'altro' tab's data-protection routes (see gdpr.service.ts for the rules):
 * GET /{id}/export/ → a zip download; POST /{id}/anonimizza/ → {result: 'OK'} or 409 {detail, reasons}.
 * Both need erp_operatori_altro; the export also needs erp_operatori_anagrafica, since it holds
 * every personal datum. Both need a recent re-authentication (issue 37).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "../../../../src/domain/contracts/anagrafiche/operatori";
import { FileDownload, ResultOk } from "../../../../src/domain/contracts/common";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { contextOf } from "../../../lib/context";
import { forbidden } from "../../../lib/errors";
import { sendFile } from "../../../lib/files";
import { currentUser, requireRecentAuth } from "../../../plugins/auth-guard";
import { can } from "./access";
import { anonimizzaOperatore, exportOperatore } from "./gdpr.service";

const config = { permissions: CAPABILITIES.operatoriAltro };
const tags = ["anagrafiche"];

export const gdprRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/:id/export/",
    {
      config,
      schema: {
        tags,
        params: idParams,
        response: { 200: FileDownload("I dati dell'operatore (zip)", ["application/zip"]) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!can(user, "operatoriAnagrafica")) throw forbidden();
      // Not `config.reauth`: the tab's 403 answers before the re-authentication's.
      await requireRecentAuth(app, request);
      const { filename, data } = await exportOperatore(contextOf(request), request.params.id);
      return sendFile(reply, { data, mime: "application/zip", filename });
    },
  );

  app.post(
    "/:id/anonimizza/",
    { config: { ...config, reauth: true }, schema: { tags, params: idParams, response: { 200: ResultOk } } },
    async (request) => {
      await anonimizzaOperatore(contextOf(request), request.params.id);
      return { result: "OK" as const };
    },
  );
};
