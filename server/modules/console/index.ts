/**
 * The console module, mounted at /api/comunicazioni (the SPEC's paths): support tickets and the
 * notifications the SPA polls. One `app.register` line per resource.
 */
import type { FastifyPluginAsync } from "fastify";
import { allarmiRoutes } from "./allarmi/allarmi.routes";
import { anomalieRoutes } from "./anomalie/anomalie.routes";
import { attivitaRoutes } from "./attivita/attivita.routes";
import { comunicazioniAziendaRoutes } from "./comunicazioni-azienda/comunicazioni-azienda.routes";
import { credenzialiAppRoutes } from "./credenziali-app/credenziali-app.routes";
import { fogliNotizieRoutes } from "./fogli-notizie/fogli-notizie.routes";
import { notificheRoutes } from "./notifiche/notifiche.routes";
import { relazioniRoutes } from "./relazioni/relazioni.routes";
import { ticketSupportoRoutes } from "./ticket-supporto/ticket-supporto.routes";

export const consoleModule: FastifyPluginAsync = async (app) => {
  await app.register(notificheRoutes);
  await app.register(credenzialiAppRoutes);
  await app.register(ticketSupportoRoutes, { prefix: "/ticket" });
  await app.register(attivitaRoutes, { prefix: "/attivita" });
  await app.register(anomalieRoutes, { prefix: "/anomalie" });
  await app.register(allarmiRoutes, { prefix: "/allarmi" });
  await app.register(relazioniRoutes, { prefix: "/relazioni" });
  await app.register(fogliNotizieRoutes, { prefix: "/fogli-notizie" });
  await app.register(comunicazioniAziendaRoutes, { prefix: "/azienda" });
};
