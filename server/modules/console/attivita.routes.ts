/**
 * /api/comunicazioni/attivita/ — attendance against the plan (erp_attivita and the admins): the
 * list of AttivitaList (filters: giorno, cliente, servizio, operatore; export; `group_by=giorno`
 * sums planned and worked hours).
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AttivitaRow } from "../../../src/domain/contracts/console/attivita";
import { CAPABILITIES } from "../../../src/domain/permissions";
import { registerListRoute } from "../../lib/list";
import { attivitaList } from "./attivita.list";

export const attivitaRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  registerListRoute(app, "/", attivitaList, {
    permissions: CAPABILITIES.attivita,
    tags: ["comunicazioni"],
    summary: "Attività: presenze rispetto al pianificato",
    row: AttivitaRow,
  });
};
