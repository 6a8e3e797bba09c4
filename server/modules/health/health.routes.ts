import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";

/** GET /api/health/ — no auth; answers once the database answers. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get("/", { config: { permissions: "public" }, schema: { tags: ["health"] } }, async (_req, reply) => {
    await app.db.execute(sql`SELECT 1`);
    return reply.send({ status: "ok" });
  });
};
