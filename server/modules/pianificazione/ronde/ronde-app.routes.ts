/**
 * /api/app/ronde/ — the guard's rounds and scans (issue 34), the calls of rondeAppCalls
 * (contracts/pianificazione/ronde/calls.ts), mounted by the app module:
 *   GET  /ronde/            the rounds of the guard's shifts, 12 hours back to 12 ahead, with points
 *   POST /ronde/passaggi/   {data: {id (UUID from the app), ronda_id?, codice, metodo, data_ora, lat, lng, accuratezza}}
 *                           → 201 recorded, 200 already recorded (same id), 409 id reused
 * Writes take one hit of the operator's limit and are audited.
 */
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { rondeAppCalls as calls } from "../../../../src/domain/contracts/pianificazione/ronde/calls";
import { callRoutes } from "../../../lib/calls";
import { currentAppUser } from "../../../plugins/auth-guard";
import { takeWriteHit } from "../../console/app/app.service";
import { appPassaggio, appRonde } from "./ronde-app.service";

export const rondeAppRoutes: FastifyPluginAsync = async (app) => {
  const route = callRoutes(app, { tags: ["app"] });
  const actorOf = (request: FastifyRequest) => ({ user: currentAppUser(request), ip: request.ip });
  route.call(calls.appRonde, (request) => appRonde(app.db, currentAppUser(request), app.clock()));
  route.call(calls.appPassaggio, async (request, reply) => {
    await takeWriteHit(app.db, currentAppUser(request), app.clock());
    const { created, passaggio } = await appPassaggio(app.db, actorOf(request), request.body.data, app.clock());
    return reply.code(created ? 201 : 200).send(passaggio);
  });
};
