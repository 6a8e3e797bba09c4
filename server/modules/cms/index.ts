/**
 * The CMS module, mounted at /api/cms (SPEC §7 CMS): events with their gates, thresholds and
 * devices, CMS users, the control room (its live stream fed by PostgreSQL NOTIFY). The counters'
 * app lives at /api/app/cms (./app). One `app.register` line per resource.
 */
import type { FastifyPluginAsync } from "fastify";
import { controlRoomRoutes } from "./control-room/control-room.routes";
import { eventiRoutes } from "./eventi/eventi.routes";
import { utentiCmsRoutes } from "./utenti/utenti.routes";

export const cmsModule: FastifyPluginAsync = async (app) => {
  await app.register(eventiRoutes, { prefix: "/eventi" });
  await app.register(utentiCmsRoutes, { prefix: "/utenti" });
  await app.register(controlRoomRoutes, { prefix: "/control-room" });
};
