/**
 * GET /api/auth/permissions/ — the permission catalogue grouped for the user screen's checkboxes:
 * {groups: [{title, permissions: [{code, label}]}]}, in the catalogue's order.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PermissionCatalogueOut } from "../../../src/domain/contracts/auth/users";
import { CAPABILITIES, PERMISSION_GROUPS, PERMISSIONS } from "../../../src/domain/permissions";

export function groupedPermissions() {
  return {
    groups: PERMISSION_GROUPS.map((title) => ({
      title,
      permissions: PERMISSIONS.filter((p) => p.group === title).map(({ code, label }) => ({ code, label })),
    })).filter((g) => g.permissions.length > 0),
  };
}

export const permissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/permissions/",
    {
      config: { permissions: CAPABILITIES.utenti },
      schema: { tags: ["auth"], response: { 200: PermissionCatalogueOut } },
    },
    async () => groupedPermissions(),
  );
};
