/** /api/pianificazione/contratti/ — create; GET/PUT/DELETE /{id}/ (SPEC §7). The list: contratti-list.routes.ts. */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CAPABILITIES } from "../../../src/domain/permissions";
import { contextOf } from "../../lib/context";
import { id, OK, wrap } from "./common.schema";
import { contrattoCreate, contrattoUpdate } from "./contratti.schema";
import { createContratto, deleteContratto, getContratto, updateContratto } from "./contratti.service";

const permissions = CAPABILITIES.contratti;
const params = z.object({ id: id() });

export const contrattiRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ["pianificazione"];

  app.post("/", { config: { permissions }, schema: { tags, body: wrap(contrattoCreate) } }, async (req, reply) =>
    reply.code(201).send(await createContratto(contextOf(req), req.body.data)),
  );

  app.get("/:id/", { config: { permissions }, schema: { tags, params } }, async (req) =>
    getContratto(app.db, req.params.id),
  );

  app.put("/:id/", { config: { permissions }, schema: { tags, params, body: wrap(contrattoUpdate) } }, async (req) =>
    updateContratto(contextOf(req), req.params.id, req.body.data),
  );

  app.delete("/:id/", { config: { permissions }, schema: { tags, params } }, async (req) => {
    await deleteContratto(contextOf(req), req.params.id);
    return OK;
  });
};
