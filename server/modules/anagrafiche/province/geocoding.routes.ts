/**
 * GET /api/anagrafiche/geocoding/?indirizzo=&cap=&citta=&prov= → {lat, lng}
 * For the address forms of operators, clients, sites and candidates (see server/lib/geocoding.ts).
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { GeocodingOut, GeocodingQuery } from "../../../../src/domain/contracts/anagrafiche/province";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { geocode } from "../../../lib/geocoding";

export const geocodingRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/",
    {
      config: { permissions: CAPABILITIES.anagraficheGroup },
      schema: {
        tags: ["anagrafiche"],
        summary: "Coordinate di un indirizzo",
        querystring: GeocodingQuery,
        response: { 200: GeocodingOut },
      },
    },
    async (request) => geocode(app.config, request.query),
  );
};
