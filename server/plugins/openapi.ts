/** OpenAPI document and Swagger UI at /api/docs, generated from the routes' zod schemas. */
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: "Vigilanza ERP — API", version: "1.0.0", description: "API del gestionale (in italiano)." },
      components: {
        securitySchemes: {
          token: { type: "apiKey", in: "header", name: "Authorization", description: "Token <token>" },
        },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
});
