/**
 * The tab sub-resources: /{id}/documenti/, /{id}/corsi/, /{id}/contratti/, /{id}/compensi/,
 * /{id}/pratiche/, /{id}/indisponibilita/ (GET list, POST {data} → 201, PUT /{subId}/ {data},
 * DELETE /{subId}/ → {result: 'OK'}), each behind its tab's permission; and /{id}/disponibilita/
 * (GET, PUT {data: [{giorno: 1..7, disponibile}]}).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams, subIdParams } from "../../../../src/domain/contracts/anagrafiche/operatori";
import { DisponibilitaBody, DisponibilitaOut } from "../../../../src/domain/contracts/anagrafiche/operatori-tabs";
import { ResultOk } from "../../../../src/domain/contracts/common";
import { updateSchema } from "../../../../src/domain/contracts/update-schema";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { contextOf } from "../../../lib/context";
import { getOperatoreRow, todayOf } from "./operatori.service";
import { TABS } from "./tabs.definitions";
import { createItem, deleteItem, getDisponibilita, listTab, putDisponibilita, updateItem } from "./tabs.service";

const tags = ["anagrafiche"];

export const tabsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const def of TABS) {
    // One route set for every tab: the schemas are the tab's contract, the rows plain records.
    const body = def.body as z.ZodObject;
    const out = def.out as z.ZodType;
    const config = { permissions: CAPABILITIES[def.capability] };
    const base = `/:id/${def.name}/`;

    app.get(base, { config, schema: { tags, params: idParams, response: { 200: z.array(out) } } }, async (request) => {
      await getOperatoreRow(app.db, request.params.id);
      return listTab(app.db, def, request.params.id, todayOf(app));
    });

    app.post(
      base,
      { config, schema: { tags, params: idParams, body: z.object({ data: body }), response: { 201: out } } },
      async (request, reply) => {
        const item = await createItem(
          contextOf(request),
          def,
          request.params.id,
          request.body.data as Record<string, unknown>,
        );
        return reply.code(201).send(item);
      },
    );

    app.put(
      `${base}:subId/`,
      {
        config,
        schema: {
          tags,
          params: subIdParams,
          body: z.object({ data: updateSchema(body) }),
          response: { 200: out },
        },
      },
      async (request) =>
        updateItem(
          contextOf(request),
          def,
          request.params.id,
          request.params.subId,
          request.body.data as Record<string, unknown>,
        ),
    );

    app.delete(
      `${base}:subId/`,
      { config, schema: { tags, params: subIdParams, response: { 200: ResultOk } } },
      async (request) => {
        await deleteItem(contextOf(request), def, request.params.id, request.params.subId);
        return { result: "OK" as const };
      },
    );
  }

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
