/** /api/pianificazione/registro-turni/: the shift register (DM 269/2010) of a period, as it stood, with exports. */
import type { FastifyPluginAsync } from "fastify";
import { RegistroTurnoRow } from "../../../../src/domain/contracts/pianificazione/registro-turni";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { registerListRoute } from "../../../lib/list";
import { registroTurniList } from "./registro-turni.list";

export const registroTurniRoutes: FastifyPluginAsync = async (app) => {
  registerListRoute(app, "/registro-turni/", registroTurniList, {
    permissions: CAPABILITIES.contratti,
    tags: ["pianificazione"],
    row: RegistroTurnoRow,
  });
};
