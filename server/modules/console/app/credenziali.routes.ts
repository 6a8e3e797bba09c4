/**
 * /api/comunicazioni/operatori/:id/credenziali-app/ — HR sets or resets a guard's credentials for
 * the app: POST {data: {username, password?, password_utente}} → {result, operatore_id, username,
 * password (only when generated)}. Only with erp_operatori_anagrafica (HR), not every planner's
 * erp_operatori, and confirmed with the staff user's own password (issue 30 item 5: whoever can
 * set a guard's password can sign in as the guard, check in and be paid). A POST, not a PUT: it replaces the credentials as a whole (a
 * password left out is generated), an action rather than a partial update of a record.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { IdParams } from "../../../../src/domain/contracts/common";
import { CredenzialiAppBody, CredenzialiAppOut } from "../../../../src/domain/contracts/console/app";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { contextOf } from "../../../lib/context";
import { impostaCredenzialiApp } from "./credenziali.service";

export const credenzialiAppRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/operatori/:id/credenziali-app/",
    {
      config: { permissions: CAPABILITIES.operatoriAnagrafica },
      schema: {
        tags: ["app"],
        summary: "Imposta o reimposta le credenziali dell'app di un operatore",
        params: IdParams,
        body: CredenzialiAppBody,
        response: { 200: CredenzialiAppOut },
      },
    },
    async (request) => impostaCredenzialiApp(contextOf(request), request.params.id, request.body.data),
  );
};
