import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { HealthOut } from "../../../src/domain/contracts/health";

/** GET /api/health/ — no auth; answers once the database answers. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    "/",
    { config: { permissions: "public" }, schema: { tags: ["health"], response: { 200: HealthOut } } },
    async (_req, reply) => {
      await app.db.execute(sql`SELECT 1`);
      return reply.send({ status: "ok" });
    },
  );
};
