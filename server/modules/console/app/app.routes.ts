/**
 * /api/app/ — the guards' app, the other client of this server (issue 12 item 1): the calls of
 * contracts/console/app-guardie/calls.ts, each handled by a service. Every route but the sign-in is
 * `permissions: "app"`: only an app token opens it (server/plugins/auth-guard.ts).
 *   POST /login/                {username, password} → {token, operatore}      (public, rate-limited)
 *   POST /logout/               revokes the token
 *   GET  /informativa/          the notice on positions: version, retention, acknowledged or not
 *   POST /informativa/          {data: {versione}} → the acknowledgement (once per version, audited)
 *   GET  /turni/                the guard's shifts, 7 days back to 30 ahead, with their check-ins
 *   POST /timbrature/           {data: {id (UUID from the app), turno_id, tipo, data_ora, lat, lng, accuratezza}}
 *                               → 201 recorded, 200 already recorded (same id), 409 id reused
 *   GET  /ticket/               the guard's tickets;  POST /ticket/ {data: {id?, tipo, oggetto, testo}}
 *                               → 201 opened, 200 already opened (same id from the app), 409 id reused
 *   GET  /ticket/:id/           one of them with the office's replies
 *   POST /ticket/:id/foto/      a photo for it (multipart `foto`, checked by content): ./app-foto.routes.ts
 *   GET  /comunicazioni/        the company's communications to the guard (marks them delivered)
 *   POST /comunicazioni/:id/letta/     confirms reading;  GET /comunicazioni/:id/allegato/  the attachment
 *   POST /allarmi/              {data: {id (UUID from the app), data_ora, lat, lng, accuratezza, silenzioso, turno_id?}}
 *                               → 201 recorded, 200 already recorded (same id), 409 id reused: ./app-allarmi.service.ts
 *   GET  /allarmi/:uuid/        its state and who took it ("ricevuto da …")
 *   GET  /relazioni/            the guard's service reports (30 days); POST /relazioni/ {data: {id (UUID), data_ora,
 *                               categoria, gravita, accaduto_il, luogo, descrizione, provvedimenti, lat, lng, accuratezza}}
 *                               → 201 / 200 same id / 409 id reused; an emergenza raises an alarm: ./app-relazioni.service.ts
 *   POST /relazioni/:uuid/foto/ a photo for it (multipart `foto`): ./app-foto.routes.ts
 * Writes take one hit of the operator's limit (60 a minute) and are audited.
 */
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { appCalls as calls } from "../../../../src/domain/contracts/console/app-guardie/calls";
import { callRoutes } from "../../../lib/calls";
import { sendStoredFile } from "../../../lib/files";
import { currentAppUser } from "../../../plugins/auth-guard";
import {
  appApriTicket,
  appLogin,
  appLogout,
  appTicket,
  appTickets,
  appTimbra,
  appTurni,
  takeWriteHit,
} from "./app.service";
import { appAllarme, appStatoAllarme } from "./app-allarmi.service";
import { appAllegato, appComunicazioni, appConfermaLettura } from "./app-comunicazioni.service";
import { appFotoRoutes } from "./app-foto.routes";
import { appConfermaInformativa, appInformativa } from "./app-informativa.service";
import { appInviaRelazione, appRelazioni } from "./app-relazioni.service";

export const appRoutes: FastifyPluginAsync = async (app) => {
  await app.register(appFotoRoutes);
  const route = callRoutes(app, { tags: ["app"] });
  const actorOf = (request: FastifyRequest) => ({ user: currentAppUser(request), ip: request.ip });
  const writeHit = (request: FastifyRequest) => takeWriteHit(app.db, currentAppUser(request), app.clock());

  route.call(calls.appLogin, (request) => appLogin(app.db, app.config, request.body, request.ip, app.clock()));
  route.call(calls.appLogout, async (request) => {
    await appLogout(app.db, actorOf(request), app.clock());
    return { detail: "Disconnessione effettuata" };
  });
  const giorni = app.config.positionRetentionDays;
  route.call(calls.appInformativa, (request) => appInformativa(app.db, currentAppUser(request), giorni));
  route.call(calls.appConfermaInformativa, async (request) => {
    await writeHit(request);
    return appConfermaInformativa(app.db, actorOf(request), request.body.data.versione, giorni, app.clock());
  });
  route.call(calls.appTurni, (request) => appTurni(app.db, currentAppUser(request), app.clock()));
  route.call(calls.appTimbra, async (request, reply) => {
    await writeHit(request);
    const { created, timbratura } = await appTimbra(app.db, actorOf(request), request.body.data, app.clock());
    return reply.code(created ? 201 : 200).send(timbratura);
  });
  route.call(calls.appTickets, (request) => appTickets(app.db, currentAppUser(request)));
  route.call(calls.appApriTicket, async (request, reply) => {
    await writeHit(request);
    const { created, ticket } = await appApriTicket(app.db, actorOf(request), request.body.data, app.clock());
    return reply.code(created ? 201 : 200).send(ticket);
  });
  route.call(calls.appTicket, (request) => appTicket(app.db, currentAppUser(request), request.params.id));
  route.call(calls.appComunicazioni, (request) => appComunicazioni(app.db, actorOf(request), app.clock()));
  route.call(calls.appConfermaLettura, async (request) => {
    await writeHit(request);
    return appConfermaLettura(app.db, actorOf(request), request.params.id, app.clock());
  });
  route.call(calls.appAllegato, async (request, reply) =>
    sendStoredFile(reply, app.config.dataDir, await appAllegato(app.db, currentAppUser(request), request.params.id)),
  );
  route.call(calls.appAllarme, async (request, reply) => {
    await writeHit(request);
    const { created, allarme } = await appAllarme(app.db, actorOf(request), request.body.data, app.clock());
    return reply.code(created ? 201 : 200).send(allarme);
  });
  route.call(calls.appStatoAllarme, (request) => appStatoAllarme(app.db, currentAppUser(request), request.params.id));
  route.call(calls.appRelazioni, (request) => appRelazioni(app.db, currentAppUser(request), app.clock()));
  route.call(calls.appInviaRelazione, async (request, reply) => {
    await writeHit(request);
    const { created, relazione } = await appInviaRelazione(app.db, actorOf(request), request.body.data, app.clock());
    return reply.code(created ? 201 : 200).send(relazione);
  });
};
