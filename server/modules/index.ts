/**
 * The API's modules, one Fastify plugin each, mounted under /api/. A module registers its own
 * routes (one file per resource) and never reaches into another module's files.
 */
import type { FastifyPluginAsync } from "fastify";
import { anagraficheModule } from "./anagrafiche";
import { authModule } from "./auth/auth.module";
import { cmsModule } from "./cms";
import { cmsAppRoutes } from "./cms/app/cms-app.routes";
import { consoleModule } from "./console";
import { appModule } from "./console/app";
import { fatturazioneModule } from "./fatturazione";
import { healthRoutes } from "./health/health.routes";
import { logRoutes } from "./log/log.routes";
import { pianificazioneModule } from "./pianificazione";
import { reportModule } from "./report";

export interface ApiModule {
  name: string;
  prefix: string;
  plugin: FastifyPluginAsync;
}

export const MODULES: ApiModule[] = [
  { name: "health", prefix: "/api/health", plugin: healthRoutes },
  { name: "auth", prefix: "/api/auth", plugin: authModule },
  { name: "log", prefix: "/api/log", plugin: logRoutes },
  { name: "anagrafiche", prefix: "/api/anagrafiche", plugin: anagraficheModule },
  { name: "pianificazione", prefix: "/api/pianificazione", plugin: pianificazioneModule },
  { name: "console", prefix: "/api/comunicazioni", plugin: consoleModule },
  { name: "app", prefix: "/api/app", plugin: appModule },
  { name: "report", prefix: "/api/report", plugin: reportModule },
  { name: "fatturazione", prefix: "/api/fatturazione", plugin: fatturazioneModule },
  { name: "cms", prefix: "/api/cms", plugin: cmsModule },
  { name: "app-cms", prefix: "/api/app/cms", plugin: cmsAppRoutes },
];
