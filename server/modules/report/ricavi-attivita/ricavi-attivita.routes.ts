/** /api/report/ricavi-attivita/ (erp_ricavi-attivita; amounts only with erp_ricavi-attivita_ricavi). */
import type { FastifyPluginAsync } from "fastify";
import { RicavoRow } from "../../../../src/domain/contracts/report/ricavi-attivita";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { registerListRoute } from "../../../lib/list";
import { ricaviAttivitaList } from "./ricavi-attivita.list";

export const ricaviAttivitaRoutes: FastifyPluginAsync = async (app) => {
  registerListRoute(app, "/", ricaviAttivitaList, {
    permissions: CAPABILITIES.ricaviAttivita,
    tags: ["report"],
    row: RicavoRow,
  });
};
