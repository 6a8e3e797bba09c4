/**
 * /api/comunicazioni/operatori/:id/credenziali-app/ — HR sets or resets a guard's credentials for
 * the app: the call of contracts/console/credenziali-app/calls.ts (why HR only, why a POST: there).
 */
import type { FastifyPluginAsync } from "fastify";
import { credenzialiAppCalls as calls } from "../../../../src/domain/contracts/console/credenziali-app/calls";
import { callRoutes } from "../../../lib/calls";
import { contextOf } from "../../../lib/context";
import { impostaCredenzialiApp } from "./credenziali-app.service";

export const credenzialiAppRoutes: FastifyPluginAsync = async (app) => {
  // Issue 37: issuing credentials needs a fresh re-authentication (checked by the guard).
  callRoutes(app, { tags: ["app"] }).call(
    calls.impostaCredenzialiApp,
    (request) => impostaCredenzialiApp(contextOf(request), request.params.id, request.body.data),
    { reauth: true },
  );
};
