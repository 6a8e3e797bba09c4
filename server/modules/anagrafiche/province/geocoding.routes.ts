/**
 * GET /api/anagrafiche/geocoding/?indirizzo=&cap=&citta=&prov= → {lat, lng}
 * For the address forms of operators, clients, sites and candidates (see server/lib/geocoding.ts).
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { geocode } from "../../../lib/geocoding";

const Query = z.object({
  indirizzo: z.string().max(300).optional(),
  cap: z.string().max(10).optional(),
  citta: z.string().max(120).optional(),
  prov: z.string().max(4).optional(),
});

export const geocodingRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/",
    {
      config: { permissions: CAPABILITIES.anagraficheGroup },
      schema: {
        tags: ["anagrafiche"],
        summary: "Coordinate di un indirizzo",
        querystring: Query,
        response: { 200: z.object({ lat: z.number(), lng: z.number() }) },
      },
    },
    async (request) => geocode(app.config, request.query),
  );
};
