/** /api/report/scadenze-corsi/ (erp_scadenze-corsi) and /api/report/scadenze-documenti/ (erp_scadenze-documenti). */
import type { FastifyPluginAsync } from "fastify";
import { ScadenzaRow } from "../../../../src/domain/contracts/report/scadenze";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { registerListRoute } from "../../../lib/list";
import { scadenzeCorsiList, scadenzeDocumentiList } from "./scadenze.list";

export const scadenzeCorsiRoutes: FastifyPluginAsync = async (app) => {
  registerListRoute(app, "/", scadenzeCorsiList, {
    permissions: CAPABILITIES.scadenzeCorsi,
    tags: ["report"],
    row: ScadenzaRow,
  });
};

export const scadenzeDocumentiRoutes: FastifyPluginAsync = async (app) => {
  registerListRoute(app, "/", scadenzeDocumentiList, {
    permissions: CAPABILITIES.scadenzeDocumenti,
    tags: ["report"],
    row: ScadenzaRow,
  });
};
