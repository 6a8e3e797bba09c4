/**
 * The report module (mounted at /api/report): the hour and money reports on the list engine, the
 * expiries, the pratiche and the dashboard. One `app.register` line per resource.
 */
import type { FastifyPluginAsync } from "fastify";
import { analisiRicaviRoutes } from "./analisi-ricavi/analisi-ricavi.routes";
import { compensiRoutes } from "./compensi/compensi.routes";
import { costoLavoroRoutes } from "./costo-lavoro/costo-lavoro.routes";
import { dashboardRoutes } from "./dashboard/dashboard.routes";
import { praticheRoutes } from "./pratiche/pratiche.routes";
import { ricaviAttivitaRoutes } from "./ricavi-attivita/ricavi-attivita.routes";
import { risorseAssegnateRoutes } from "./risorse-assegnate/risorse-assegnate.routes";
import { rondeReportRoutes } from "./ronde/ronde.routes";
import { scadenzeCorsiRoutes, scadenzeDocumentiRoutes } from "./scadenze/scadenze.routes";
import { sopralluoghiRoutes } from "./sopralluoghi/sopralluoghi.routes";

export const reportModule: FastifyPluginAsync = async (app) => {
  await app.register(risorseAssegnateRoutes, { prefix: "/risorse-assegnate" });
  await app.register(compensiRoutes, { prefix: "/compensi" });
  await app.register(ricaviAttivitaRoutes, { prefix: "/ricavi-attivita" });
  await app.register(analisiRicaviRoutes, { prefix: "/analisi-ricavi" });
  await app.register(scadenzeCorsiRoutes, { prefix: "/scadenze-corsi" });
  await app.register(scadenzeDocumentiRoutes, { prefix: "/scadenze-documenti" });
  await app.register(praticheRoutes, { prefix: "/pratiche" });
  await app.register(dashboardRoutes, { prefix: "/dashboard" });
  await app.register(sopralluoghiRoutes, { prefix: "/sopralluoghi" });
  await app.register(costoLavoroRoutes, { prefix: "/costo-lavoro" });
  // Guard tours (issue 34 item 4).
  await app.register(rondeReportRoutes, { prefix: "/ronde" });
};
