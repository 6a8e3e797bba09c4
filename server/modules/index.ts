/**
 * The API's modules, one Fastify plugin each, mounted under /api/. A module registers its own
 * routes (one file per resource) and never reaches into another module's files.
 */
import type { FastifyPluginAsync } from "fastify";
import { healthRoutes } from "./health/health.routes";

export interface ApiModule {
  name: string;
  prefix: string;
  plugin: FastifyPluginAsync;
}

export const MODULES: ApiModule[] = [{ name: "health", prefix: "/api/health", plugin: healthRoutes }];
