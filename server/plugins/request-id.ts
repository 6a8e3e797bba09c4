/**
 * The request id (issue 36 item 4): Fastify's `genReqId` (app.ts) takes a well-formed incoming
 * X-Request-Id (a load balancer's) or makes a UUID; this plugin returns it in `X-Request-Id` and
 * runs the request's hooks and handler inside the request context (lib/request-context.ts), so the
 * audit entries the request writes carry it. Registered first: the auth guard's refusals are
 * audited with the id too.
 *
 * The context is entered twice: at onRequest, and again at preHandler — a body arrives on the
 * socket's own async context, so what follows body parsing may have left the first one.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type RequestStore, requestContext } from "../lib/request-context";

declare module "fastify" {
  interface FastifyRequest {
    requestStore?: RequestStore;
  }
}

export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    const store = { requestId: request.id };
    request.requestStore = store;
    requestContext.run(store, done);
  });
  app.addHook("preHandler", (request, _reply, done) => {
    if (request.requestStore) requestContext.run(request.requestStore, done);
    else done();
  });
});
