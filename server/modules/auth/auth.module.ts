/** The auth module, mounted at /api/auth: sessions, own password, registration, password reset, staff users. */
import type { FastifyPluginAsync } from "fastify";
import { changePasswordRoutes } from "./change-password.routes";
import { mfaRoutes } from "./mfa.routes";
import { oidcRoutes } from "./oidc.routes";
import { permissionsRoutes } from "./permissions.routes";
import { registerRoutes } from "./register.routes";
import { resetPasswordRoutes } from "./reset-password.routes";
import { securityRoutes } from "./security.routes";
import { sessionRoutes } from "./session.routes";
import { usersRoutes } from "./users.routes";

export const authModule: FastifyPluginAsync = async (app) => {
  await app.register(sessionRoutes);
  await app.register(mfaRoutes);
  await app.register(oidcRoutes);
  await app.register(changePasswordRoutes);
  await app.register(registerRoutes);
  await app.register(resetPasswordRoutes);
  await app.register(usersRoutes);
  await app.register(permissionsRoutes);
  await app.register(securityRoutes);
};
