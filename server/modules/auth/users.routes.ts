/**
 * Staff-user management, for CAPABILITIES.utenti (superadmin, admin, erp_admin):
 * GET /api/auth/users/ (the generic list of users.list.ts, exportable), POST /api/auth/users/,
 * GET/PUT/DELETE /api/auth/users/{id}/ (DELETE deactivates). Every write needs a recent
 * re-authentication (issue 37: 403 `reauth_required` otherwise).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  StaffUserOut,
  StaffUserRow,
  UserCreateBody,
  UserIdParams,
  UserUpdateBody,
} from "../../../src/domain/contracts/auth/users";
import { ResultOk } from "../../../src/domain/contracts/common";
import { CAPABILITIES } from "../../../src/domain/permissions";
import { contextOf } from "../../lib/context";
import { registerListRoute } from "../../lib/list";
import { usersList } from "./users.list";
import { createStaffUser, deactivateStaffUser, findUser, toStaffUser, updateStaffUser } from "./users.service";

const config = { permissions: CAPABILITIES.utenti };
/** Creating, changing or deleting a user needs a fresh re-authentication (the guard checks it). */
const withReauth = { ...config, reauth: true };
const tags = ["auth"];

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListRoute(app, "/users/", usersList, {
    permissions: config.permissions,
    tags,
    summary: "Lista utenti",
    row: StaffUserRow,
  });

  app.post(
    "/users/",
    { config: withReauth, schema: { tags, body: UserCreateBody, response: { 201: StaffUserOut } } },
    async (request, reply) => {
      const row = await createStaffUser(contextOf(request), request.body.data, app.config.scryptN);
      return reply.code(201).send(toStaffUser(row));
    },
  );

  app.get(
    "/users/:id/",
    { config, schema: { tags, params: UserIdParams, response: { 200: StaffUserOut } } },
    async (request) => toStaffUser(await findUser(app.db, request.params.id)),
  );

  app.put(
    "/users/:id/",
    {
      config: withReauth,
      schema: { tags, params: UserIdParams, body: UserUpdateBody, response: { 200: StaffUserOut } },
    },
    async (request) => {
      const row = await updateStaffUser(contextOf(request), request.params.id, request.body.data, app.config.scryptN);
      app.authChanged(request.params.id);
      return toStaffUser(row);
    },
  );

  app.delete(
    "/users/:id/",
    { config: withReauth, schema: { tags, params: UserIdParams, response: { 200: ResultOk } } },
    async (request) => {
      await deactivateStaffUser(contextOf(request), request.params.id);
      app.authChanged(request.params.id);
      return { result: "OK" as const };
    },
  );
};
