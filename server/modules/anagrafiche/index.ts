/**
 * The anagrafiche module (mounted at /api/anagrafiche): operators, clients, candidates, provinces,
 * uploaded files. One `app.register` line per resource; each resource keeps its own files.
 */
import type { FastifyPluginAsync } from "fastify";
import { candidatiRoutes } from "./candidati/candidati.routes";
import { candidatureRoutes } from "./candidati/candidature.routes";
import { clientiRoutes } from "./clienti/clienti.routes";
import { filesRoutes } from "./operatori/files.routes";
import { operatoriRoutes } from "./operatori/operatori.routes";
import { geocodingRoutes } from "./province/geocoding.routes";
import { provinceRoutes } from "./province/province.routes";

export const anagraficheModule: FastifyPluginAsync = async (app) => {
  await app.register(operatoriRoutes, { prefix: "/operatori" });
  await app.register(filesRoutes, { prefix: "/files" });
  await app.register(provinceRoutes, { prefix: "/province" });
  await app.register(geocodingRoutes, { prefix: "/geocoding" });
  await app.register(clientiRoutes, { prefix: "/clienti" });
  await app.register(candidatiRoutes, { prefix: "/candidati" });
  await app.register(candidatureRoutes, { prefix: "/candidature" });
};
