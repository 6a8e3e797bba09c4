/**
 * /api/pianificazione/contratti/ — create; GET/PUT/DELETE /{id}/ (SPEC §7), declared in
 * contracts/pianificazione/contratti-record.ts. The list: contratti-list.routes.ts.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { contrattoCalls } from "../../../../src/domain/contracts/pianificazione/record-calls";
import { callRoutes } from "../../../lib/calls";
import { contextOf } from "../../../lib/context";
import { createContratto, deleteContratto, getContratto, updateContratto } from "./contratti.service";

export const contrattiRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  callRoutes(app, { tags: ["pianificazione"] }).record(contrattoCalls, {
    get: (req) => getContratto(app.db, req.params.id),
    create: (req) => createContratto(contextOf(req), req.body.data),
    update: (req) => updateContratto(contextOf(req), req.params.id, req.body.data),
    remove: (req) => deleteContratto(contextOf(req), req.params.id),
  });
};
