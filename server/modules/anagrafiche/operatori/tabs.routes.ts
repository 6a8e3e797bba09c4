/**
 * The tab sub-resources: /{id}/documenti/, /{id}/corsi/, /{id}/contratti/, /{id}/compensi/,
 * /{id}/pratiche/, /{id}/indisponibilita/ (GET list, POST {data} → 201, PUT /{subId}/ {data},
 * DELETE /{subId}/ → {result: 'OK'}), each behind its tab's permission; and /{id}/disponibilita/
 * (GET, PUT {data: [{giorno: 1..7, disponibile}]}).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { contextOf } from "../../../lib/context";
import { updateSchema } from "../../../lib/update-schema";
import { idParams, subIdParams } from "./operatori.schema";
import { getOperatoreRow, todayOf } from "./operatori.service";
import { TABS } from "./tabs.definitions";
import { createItem, deleteItem, getDisponibilita, listTab, putDisponibilita, updateItem } from "./tabs.service";

const tags = ["anagrafiche"];

const disponibilitaBody = z.object({
  data: z
    .array(
      z.object({
        giorno: z.number({ error: "Giorno non valido" }).int().min(1, "Giorno non valido").max(7, "Giorno non valido"),
        disponibile: z.boolean({ error: "Valore non valido" }),
      }),
    )
    .max(7, "Al massimo 7 giorni"),
});

export const tabsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const def of TABS) {
    const config = { permissions: CAPABILITIES[def.capability] };
    const base = `/:id/${def.name}/`;

    app.get(base, { config, schema: { tags, params: idParams } }, async (request) => {
      await getOperatoreRow(app.db, request.params.id);
      return listTab(app.db, def, request.params.id, todayOf(app));
    });

    app.post(
      base,
      { config, schema: { tags, params: idParams, body: z.object({ data: def.body }) } },
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
      { config, schema: { tags, params: subIdParams, body: z.object({ data: updateSchema(def.body) }) } },
      async (request) =>
        updateItem(
          contextOf(request),
          def,
          request.params.id,
          request.params.subId,
          request.body.data as Record<string, unknown>,
        ),
    );

    app.delete(`${base}:subId/`, { config, schema: { tags, params: subIdParams } }, async (request) => {
      await deleteItem(contextOf(request), def, request.params.id, request.params.subId);
      return { result: "OK" };
    });
  }

  const dispConfig = { permissions: CAPABILITIES.operatoriIndisponibilita };
  app.get("/:id/disponibilita/", { config: dispConfig, schema: { tags, params: idParams } }, async (request) => {
    await getOperatoreRow(app.db, request.params.id);
    return getDisponibilita(app.db, request.params.id);
  });
  app.put(
    "/:id/disponibilita/",
    { config: dispConfig, schema: { tags, params: idParams, body: disponibilitaBody } },
    async (request) => putDisponibilita(contextOf(request), request.params.id, request.body.data),
  );
};
