/**
 * Staff-user management, for CAPABILITIES.utenti (superadmin, admin, erp_admin):
 * GET /api/auth/users/ (the generic list of users.list.ts, exportable), POST /api/auth/users/,
 * GET/PUT/DELETE /api/auth/users/{id}/ (DELETE deactivates).
 */
import type { FastifyRequest } from "fastify";
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
import type { Tx } from "../../db/client";
import { registerListRoute } from "../../lib/list";
import { currentUser } from "../../plugins/auth-guard";
import { usersList } from "./users.list";
import {
  type Actor,
  createStaffUser,
  deactivateStaffUser,
  findUser,
  toStaffUser,
  updateStaffUser,
} from "./users.service";

const config = { permissions: CAPABILITIES.utenti };
const tags = ["auth"];

function actorOf(request: FastifyRequest): Actor {
  const u = currentUser(request);
  return { id: u.id, permissions: u.permissions, ip: request.ip };
}

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = () => ({ now: app.clock(), scryptN: app.config.scryptN });

  registerListRoute(app, "/users/", usersList, {
    permissions: config.permissions,
    tags,
    summary: "Lista utenti",
    row: StaffUserRow,
  });

  app.post(
    "/users/",
    { config, schema: { tags, body: UserCreateBody, response: { 201: StaffUserOut } } },
    async (request, reply) => {
      const row = await app.db.transaction((tx) =>
        createStaffUser(tx as Tx, actorOf(request), request.body.data, opts()),
      );
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
    { config, schema: { tags, params: UserIdParams, body: UserUpdateBody, response: { 200: StaffUserOut } } },
    async (request) => {
      const row = await app.db.transaction((tx) =>
        updateStaffUser(tx as Tx, actorOf(request), request.params.id, request.body.data, opts()),
      );
      app.authChanged(request.params.id);
      return toStaffUser(row);
    },
  );

  app.delete(
    "/users/:id/",
    { config, schema: { tags, params: UserIdParams, response: { 200: ResultOk } } },
    async (request) => {
      await app.db.transaction((tx) => deactivateStaffUser(tx as Tx, actorOf(request), request.params.id, app.clock()));
      app.authChanged(request.params.id);
      return { result: "OK" as const };
    },
  );
};
