/** GET /api/health: the server is up and its database answers. */
import { z } from "zod";

export const HealthOut = z.object({ status: z.literal("ok") });
