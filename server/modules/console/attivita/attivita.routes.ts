/**
 * /api/comunicazioni/attivita/ — attendance against the plan (erp_attivita and the admins): the
 * list of contracts/console/attivita/calls.ts.
 */
import type { FastifyPluginAsync } from "fastify";
import { attivitaCalls as calls } from "../../../../src/domain/contracts/console/attivita/calls";
import { callRoutes } from "../../../lib/calls";
import { attivitaList } from "./attivita.list";

export const attivitaRoutes: FastifyPluginAsync = async (app) => {
  callRoutes(app, { tags: ["comunicazioni"] }).list(calls.attivitaList, attivitaList);
};
