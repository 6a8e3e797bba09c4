/** /api/pianificazione/contratti/ — create; GET/PUT/DELETE /{id}/ (SPEC §7). The list: contratti-list.routes.ts. */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ResultOk } from "../../../../src/domain/contracts/common";
import {
  ContrattoOut,
  contrattoCreate,
  contrattoUpdate,
} from "../../../../src/domain/contracts/pianificazione/contratti";
import { id, OK, wrap } from "../../../../src/domain/contracts/pianificazione/fields";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { contextOf } from "../../../lib/context";
import { createContratto, deleteContratto, getContratto, updateContratto } from "./contratti.service";

const permissions = CAPABILITIES.contratti;
const params = z.object({ id: id() });

export const contrattiRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ["pianificazione"];

  app.post(
    "/",
    { config: { permissions }, schema: { tags, body: wrap(contrattoCreate), response: { 201: ContrattoOut } } },
    async (req, reply) => reply.code(201).send(await createContratto(contextOf(req), req.body.data)),
  );

  app.get(
    "/:id/",
    { config: { permissions }, schema: { tags, params, response: { 200: ContrattoOut } } },
    async (req) => getContratto(app.db, req.params.id),
  );

  app.put(
    "/:id/",
    { config: { permissions }, schema: { tags, params, body: wrap(contrattoUpdate), response: { 200: ContrattoOut } } },
    async (req) => updateContratto(contextOf(req), req.params.id, req.body.data),
  );

  app.delete(
    "/:id/",
    { config: { permissions }, schema: { tags, params, response: { 200: ResultOk } } },
    async (req) => {
      await deleteContratto(contextOf(req), req.params.id);
      return OK;
    },
  );
};
