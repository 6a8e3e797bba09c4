/**
 * /api/app/ — the guards' app, the other client of this server (issue 12 item 1). Every route but
 * the sign-in declares `permissions: "app"`: only an app token opens it (server/plugins/auth-guard.ts).
 *   POST /login/                {username, password} → {token, operatore}      (public, rate-limited)
 *   POST /logout/               revokes the token
 *   GET  /turni/                the guard's shifts, 7 days back to 30 ahead, with their check-ins
 *   POST /timbrature/           {data: {id (UUID from the app), turno_id, tipo, data_ora, lat, lng, accuratezza}}
 *                               → 201 recorded, 200 already recorded (same id), 409 id reused
 *   GET  /ticket/               the guard's tickets;  POST /ticket/ {data: {tipo, oggetto, testo}} → 201
 *   GET  /ticket/:id/           one of them with the office's replies
 *   POST /ticket/:id/foto/      a photo for it (multipart `foto`, checked by content): ./app-foto.routes.ts
 *   GET  /comunicazioni/        the company's communications to the guard (marks them delivered)
 *   POST /comunicazioni/:id/letta/     confirms reading;  GET /comunicazioni/:id/allegato/  the attachment
 * Writes take one hit of the operator's limit (60 a minute) and are audited.
 */
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DetailOut, FileDownload, IdParams } from "../../../../src/domain/contracts/common";
import {
  AppComunicazioneOut,
  AppComunicazioniOut,
  AppLoginBody,
  AppLoginOut,
  AppTicketBody,
  AppTicketOut,
  AppTicketsOut,
  AppTimbraturaBody,
  AppTimbraturaOut,
  AppTurniOut,
} from "../../../../src/domain/contracts/console/app";
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
import { appAllegato, appComunicazioni, appConfermaLettura } from "./app-comunicazioni.service";
import { appFotoRoutes } from "./app-foto.routes";

const tags = ["app"];
const APP = "app" as const;
const security = [{ token: [] }];

export const appRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await app.register(appFotoRoutes);
  const actorOf = (request: FastifyRequest) => ({ user: currentAppUser(request), ip: request.ip });
  const writeHit = (request: FastifyRequest) => takeWriteHit(app.db, currentAppUser(request), app.clock());

  app.post(
    "/login/",
    {
      config: { permissions: "public" },
      schema: {
        tags,
        summary: "Accesso della guardia all'app",
        security: [],
        body: AppLoginBody,
        response: { 200: AppLoginOut },
      },
    },
    async (request) => appLogin(app.db, app.config, request.body, request.ip, app.clock()),
  );

  app.post(
    "/logout/",
    {
      config: { permissions: APP },
      schema: { tags, security, summary: "Uscita dall'app", response: { 200: DetailOut } },
    },
    async (request) => {
      await appLogout(app.db, actorOf(request), app.clock());
      return { detail: "Disconnessione effettuata" };
    },
  );

  app.get(
    "/turni/",
    {
      config: { permissions: APP },
      schema: {
        tags,
        security,
        summary: "I turni della guardia (7 giorni prima, 30 dopo)",
        response: { 200: AppTurniOut },
      },
    },
    async (request) => appTurni(app.db, currentAppUser(request), app.clock()),
  );

  app.post(
    "/timbrature/",
    {
      config: { permissions: APP },
      schema: {
        tags,
        security,
        summary: "Ingresso o uscita dal turno (idempotente per id)",
        body: AppTimbraturaBody,
        response: { 200: AppTimbraturaOut, 201: AppTimbraturaOut },
      },
    },
    async (request, reply) => {
      await writeHit(request);
      const { created, timbratura } = await appTimbra(app.db, actorOf(request), request.body.data, app.clock());
      return reply.code(created ? 201 : 200).send(timbratura);
    },
  );

  app.get(
    "/ticket/",
    {
      config: { permissions: APP },
      schema: { tags, security, summary: "I ticket della guardia", response: { 200: AppTicketsOut } },
    },
    async (request) => appTickets(app.db, currentAppUser(request)),
  );

  app.post(
    "/ticket/",
    {
      config: { permissions: APP },
      schema: {
        tags,
        security,
        summary: "Apre un ticket di supporto",
        body: AppTicketBody,
        response: { 201: AppTicketOut },
      },
    },
    async (request, reply) => {
      await writeHit(request);
      return reply.code(201).send(await appApriTicket(app.db, actorOf(request), request.body.data, app.clock()));
    },
  );

  app.get(
    "/ticket/:id/",
    {
      config: { permissions: APP },
      schema: {
        tags,
        security,
        summary: "Un ticket con le risposte dell'ufficio",
        params: IdParams,
        response: { 200: AppTicketOut },
      },
    },
    async (request) => appTicket(app.db, currentAppUser(request), request.params.id),
  );

  app.get(
    "/comunicazioni/",
    {
      config: { permissions: APP },
      schema: {
        tags,
        security,
        summary: "Le comunicazioni dell'azienda alla guardia (le segna consegnate)",
        response: { 200: AppComunicazioniOut },
      },
    },
    async (request) => appComunicazioni(app.db, actorOf(request), app.clock()),
  );

  app.post(
    "/comunicazioni/:id/letta/",
    {
      config: { permissions: APP },
      schema: {
        tags,
        security,
        summary: "Conferma di lettura",
        params: IdParams,
        response: { 200: AppComunicazioneOut },
      },
    },
    async (request) => {
      await writeHit(request);
      return appConfermaLettura(app.db, actorOf(request), request.params.id, app.clock());
    },
  );

  app.get(
    "/comunicazioni/:id/allegato/",
    {
      config: { permissions: APP },
      schema: {
        tags,
        security,
        summary: "L'allegato di una comunicazione",
        params: IdParams,
        response: { 200: FileDownload("L'allegato", ["application/pdf", "image/jpeg", "image/png", "image/webp"]) },
      },
    },
    async (request, reply) =>
      sendStoredFile(reply, app.config.dataDir, await appAllegato(app.db, currentAppUser(request), request.params.id)),
  );
};
