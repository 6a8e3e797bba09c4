import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { HealthOut, type Ready, ReadyOut } from "../../../src/domain/contracts/health";
import { listMigrations } from "../../db/migrate";
import { queryRows } from "../../db/query";

/** How long the readiness check waits for the database before answering "not ready". */
export const READY_TIMEOUT_MS = 2_000;

/**
 * GET /api/health/ — no auth; answers once the database answers (one SELECT 1: it stays cheap).
 * GET /api/health/ready/ — no auth; readiness (issue 36 item 4): 503 while the database does not
 * answer within READY_TIMEOUT_MS, while a migration this build knows is not applied yet (another
 * host is migrating, or this one is newer than the database), or while the process is stopping.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  const known = listMigrations().map((m) => m.name);
  let migrated = false; // once all are applied they stay applied: checked until then
  let stopping = false;
  app.addHook("preClose", async () => {
    stopping = true;
  });

  app.get(
    "/",
    { config: { permissions: "public" }, schema: { tags: ["health"], response: { 200: HealthOut } } },
    async (_req, reply) => {
      await app.db.execute(sql`SELECT 1`);
      return reply.send({ status: "ok" });
    },
  );

  const check = async (): Promise<Pick<Ready, "database" | "migrazioni">> => {
    if (migrated) {
      await app.db.execute(sql`SELECT 1`);
      return { database: true, migrazioni: true };
    }
    const rows = await queryRows<{ name: string }>(app.db, sql`SELECT name FROM erp_migrations`).catch((e) => {
      if ((e as { code?: string }).code === "42P01") return []; // not created yet: the first migration runs
      throw e;
    });
    const applied = new Set(rows.map((r) => r.name));
    migrated = known.every((n) => applied.has(n));
    return { database: true, migrazioni: migrated };
  };

  app.get(
    "/ready/",
    {
      config: { permissions: "public" },
      schema: { tags: ["health"], summary: "Pronto a servire", response: { 200: ReadyOut, 503: ReadyOut } },
    },
    async (_req, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), READY_TIMEOUT_MS);
      });
      const state = await Promise.race([check().catch(() => null), timeout]);
      clearTimeout(timer);
      const database = state?.database ?? false;
      const migrazioni = state?.migrazioni ?? false;
      const pronto = database && migrazioni && !stopping;
      return reply.code(pronto ? 200 : 503).send({ pronto, database, migrazioni, arresto: stopping });
    },
  );
};
