/** /api/report/analisi-ricavi/ (erp_marginalita): Marginalità per contract and month, group-by and exports. */
import type { FastifyPluginAsync } from "fastify";
import { MarginalitaRow } from "../../../../src/domain/contracts/report/analisi-ricavi";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { registerListRoute } from "../../../lib/list";
import { marginalitaList } from "./analisi-ricavi.list";

export const analisiRicaviRoutes: FastifyPluginAsync = async (app) => {
  registerListRoute(app, "/", marginalitaList, {
    permissions: CAPABILITIES.marginalita,
    tags: ["report"],
    row: MarginalitaRow,
  });
};
