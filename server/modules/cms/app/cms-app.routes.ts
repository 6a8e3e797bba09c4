/**
 * /api/app/cms/ — the stewards' counting app (issue 14 item 3), the CMS's other client. Every route
 * but the sign-in declares `permissions: "app-cms"`: only the counting app's own token kind opens it
 * (server/lib/cms-app-tokens.ts, decided by the guard on the matched route like the guards' "app").
 *   POST /login/                    {codice_accesso, evento_id?} → {token, scade_il, utente, evento}
 *                                   (public; only while the event's counting window is open)
 *   POST /eventi/                   {codice_accesso} → {results: [{id, titolo, data_inizio, data_fine}]}
 *                                   (public, the sign-in's limits: the events to choose from)
 *   POST /logout/                   revokes the token
 *   GET  /evento/                   the event's current total and per gate
 *   POST /varchi/{id}/conteggi/     {data: {device_id, seq, in, out, at}} or {data: [...]} (≤ 500)
 *                                   → {accettati, duplicati, totale}; idempotent by (device, seq)
 * Counts are limited per device (RATE_RULES.cmsDevice) and per steward and event whatever the
 * devices (RATE_RULES.cmsAddetto), wrong codes per address.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  AppCmsEventiBody,
  AppCmsEventiOut,
  AppCmsEventoOut,
  AppCmsLoginBody,
  AppCmsLoginOut,
  ConteggiBody,
  ConteggiOut,
} from "../../../../src/domain/contracts/cms/app";
import { DetailOut, IdParams } from "../../../../src/domain/contracts/common";
import { currentCmsAppUser } from "../../../plugins/auth-guard";
import { cmsAppEventi, cmsAppLogin, cmsAppLogout, eventoTotale, postConteggi } from "./cms-app.service";
import { conteggiNotifier } from "./conteggi-notify";

const tags = ["app-cms"];
const APP_CMS = "app-cms" as const;
const security = [{ token: [] }];

export const cmsAppRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const notifier = conteggiNotifier(app.db, (err) => app.log.warn({ err }, "cms: NOTIFY non riuscito"));

  app.post(
    "/login/",
    {
      config: { permissions: "public" },
      schema: {
        tags,
        summary: "Accesso all'app conta-persone con il codice di accesso (finestra di conteggio aperta)",
        security: [],
        body: AppCmsLoginBody,
        response: { 200: AppCmsLoginOut },
      },
    },
    async (request) => cmsAppLogin(app.db, request.body, request.ip, app.clock()),
  );

  app.post(
    "/eventi/",
    {
      config: { permissions: "public" },
      schema: {
        tags,
        summary: "Eventi in cui il codice di accesso può contare ora (per scegliere quello da contare)",
        security: [],
        body: AppCmsEventiBody,
        response: { 200: AppCmsEventiOut },
      },
    },
    async (request) => cmsAppEventi(app.db, request.body, request.ip, app.clock()),
  );

  app.post(
    "/logout/",
    {
      config: { permissions: APP_CMS },
      schema: { tags, security, summary: "Uscita dall'app conta-persone", response: { 200: DetailOut } },
    },
    async (request) => {
      await cmsAppLogout(app.db, currentCmsAppUser(request), request.ip, app.clock());
      return { detail: "Disconnessione effettuata" };
    },
  );

  app.get(
    "/evento/",
    {
      config: { permissions: APP_CMS },
      schema: {
        tags,
        security,
        summary: "Totale attuale dell'evento e dei suoi varchi",
        response: { 200: AppCmsEventoOut },
      },
    },
    async (request) => eventoTotale(app.db, currentCmsAppUser(request)),
  );

  app.post(
    "/varchi/:id/conteggi/",
    {
      config: { permissions: APP_CMS },
      schema: {
        tags,
        security,
        summary: "Conteggi di un varco (idempotenti per dispositivo e seq; anche in lotti, in qualsiasi ordine)",
        params: IdParams,
        body: ConteggiBody,
        response: { 200: ConteggiOut },
      },
    },
    async (request) =>
      postConteggi(app.db, notifier, currentCmsAppUser(request), request.params.id, request.body.data, app.clock()),
  );
};
