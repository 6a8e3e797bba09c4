/** GET /api/anagrafiche/province/ — every current Italian province as {name, abbr, slug} (SPEC §3). */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ProvinceOut } from "../../../../src/domain/contracts/anagrafiche/province";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { provinceApi } from "../../../../src/domain/province";

export const provinceRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const list = provinceApi();
  app.get(
    "/",
    {
      config: { permissions: CAPABILITIES.all },
      schema: { tags: ["anagrafiche"], summary: "Province italiane", response: { 200: ProvinceOut } },
    },
    async () => list,
  );
};
