/**
 * The console module, mounted at /api/comunicazioni (the SPEC's paths): support tickets and the
 * notifications the SPA polls. One `app.register` line per resource.
 */
import type { FastifyPluginAsync } from "fastify";
import { anomalieRoutes } from "./anomalie/anomalie.routes";
import { credenzialiAppRoutes } from "./app/credenziali.routes";
import { attivitaRoutes } from "./attivita.routes";
import { comunicazioniRoutes } from "./comunicazioni/comunicazioni.routes";
import { notificheRoutes } from "./notifiche.routes";
import { ticketRoutes } from "./ticket.routes";

export const consoleModule: FastifyPluginAsync = async (app) => {
  await app.register(notificheRoutes);
  await app.register(credenzialiAppRoutes);
  await app.register(ticketRoutes, { prefix: "/ticket" });
  await app.register(attivitaRoutes, { prefix: "/attivita" });
  await app.register(anomalieRoutes, { prefix: "/anomalie" });
  await app.register(comunicazioniRoutes, { prefix: "/azienda" });
};
