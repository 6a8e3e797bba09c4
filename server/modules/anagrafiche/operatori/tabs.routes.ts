/**
 * The tab sub-resources: /{id}/documenti/, /{id}/corsi/, /{id}/contratti/, /{id}/compensi/,
 * /{id}/pratiche/, /{id}/indisponibilita/ (tabs.crud.ts: GET list, POST {data} → 201, PUT
 * /{subId}/ {data}, DELETE /{subId}/ → {result: 'OK'}), each behind its tab's permission; and
 * /{id}/disponibilita/ (GET, PUT {data: [{giorno: 1..7, disponibile}]}).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "../../../../src/domain/contracts/anagrafiche/operatori";
import { DisponibilitaBody, DisponibilitaOut } from "../../../../src/domain/contracts/anagrafiche/operatori-tabs";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { contextOf } from "../../../lib/context";
import { registerChildCrud } from "../../../lib/crud";
import { getOperatoreRow } from "./operatori.service";
import { TABS } from "./tabs.crud";
import { getDisponibilita, putDisponibilita } from "./tabs.service";

const tags = ["anagrafiche"];

export const tabsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const tab of Object.values(TABS)) registerChildCrud(app, tab);

  const dispConfig = { permissions: CAPABILITIES.operatoriIndisponibilita };
  app.get(
    "/:id/disponibilita/",
    { config: dispConfig, schema: { tags, params: idParams, response: { 200: DisponibilitaOut } } },
    async (request) => {
      await getOperatoreRow(app.db, request.params.id);
      return getDisponibilita(app.db, request.params.id);
    },
  );
  app.put(
    "/:id/disponibilita/",
    {
      config: dispConfig,
      schema: { tags, params: idParams, body: DisponibilitaBody, response: { 200: DisponibilitaOut } },
    },
    async (request) => putDisponibilita(contextOf(request), request.params.id, request.body.data),
  );
};
