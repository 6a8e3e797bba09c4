/**
 * buildApp(config): the whole API server as a Fastify instance, without listening.
 * main.ts listens; tests call app.inject().
 */
import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppConfig } from "./config";
import { type Database, type Db, openDatabase } from "./db/client";
import { checkListJoins, JoinsError } from "./lib/list";
import { textLogStream } from "./lib/log-format";
import { createMailer, type Mailer } from "./lib/mail";
import { requestIdFor } from "./lib/request-context";
import { responseSerializerCompiler } from "./lib/response-serializer";
import { MODULES } from "./modules";
import { authGuardPlugin } from "./plugins/auth-guard";
import { errorsPlugin } from "./plugins/errors";
import { inputGuardPlugin } from "./plugins/input-guard";
import { metricsPlugin } from "./plugins/metrics";
import { openapiPlugin } from "./plugins/openapi";
import { requestIdPlugin } from "./plugins/request-id";
import { securityPlugin } from "./plugins/security";
import { webPlugin } from "./plugins/web";

z.config(z.locales.it());

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    mailer: Mailer;
    /** The current time; tests replace it to move through expiries. */
    clock: () => Date;
  }
}

export interface AppServices {
  database?: Database;
  mailer?: Mailer;
  clock?: () => Date;
}

export async function buildApp(config: AppConfig, services: AppServices = {}): Promise<FastifyInstance> {
  const database = services.database ?? (await openDatabase(config));
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : { level: config.logLevel, ...(config.logFormat === "text" ? { stream: textLogStream() } : {}) },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // The request id (plugins/request-id.ts): behind a trusted proxy (TRUST_PROXY) its well-formed
    // X-Request-Id, else a UUID — a client cannot pick the id its audit entries carry.
    requestIdHeader: false,
    genReqId: config.trustProxy ? (req) => requestIdFor(req.headers["x-request-id"]) : () => requestIdFor(undefined),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("mailer", services.mailer ?? createMailer(config));
  app.decorate("clock", services.clock ?? (() => new Date()));
  if (!services.database) app.addHook("onClose", async () => database.close());

  await app.register(requestIdPlugin);
  await app.register(metricsPlugin);
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(authGuardPlugin);
  await app.register(inputGuardPlugin);
  await app.register(openapiPlugin);
  for (const m of MODULES) await app.register(m.plugin, { prefix: m.prefix });
  // A list's join declared to one row on columns that are not a unique key refuses the start
  // (server/lib/list/check-joins.ts): its counts would not match its pages.
  // A database that does not answer yet is readiness's to report (/api/health/ready/), not a reason
  // not to start: the check is then skipped, with a warning.
  app.addHook("onReady", async () => {
    const wrong = await checkListJoins(database.db).then(
      () => null,
      (e: Error) => e,
    );
    if (wrong instanceof JoinsError) throw wrong;
    if (wrong)
      app.log.warn({ err: wrong }, "Controllo delle join degli elenchi non eseguito: database non raggiungibile");
  });
  await app.register(webPlugin);
  return app;
}
