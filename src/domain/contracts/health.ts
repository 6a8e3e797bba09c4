/** GET /api/health: the server is up and its database answers. */
import { z } from "zod";

export const HealthOut = z.object({ status: z.literal("ok") });

/**
 * GET /api/health/ready/: may this process take traffic (a load balancer's readiness check)?
 * 200 when all three hold, 503 with the same body otherwise.
 */
export const ReadyOut = z.object({
  pronto: z.boolean(),
  /** The database answered within the check's time. */
  database: z.boolean(),
  /** Every migration this server knows is applied (false while another process migrates). */
  migrazioni: z.boolean(),
  /** The process is stopping (SIGTERM): finishing what it has, taking nothing new. */
  arresto: z.boolean(),
});
export type Ready = z.infer<typeof ReadyOut>;
