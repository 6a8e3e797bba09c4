/**
 * The pianificazione module (mounted at /api/pianificazione): contracts with prices, pay and
 * refused operators; services, days and shifts; assignment with the working-time rules;
 * intermittent workers; the shift history; automatic staffing. One `app.register` line per resource.
 */
import type { FastifyPluginAsync } from "fastify";
import { childCrudRoutes } from "../../lib/crud";
import { assegnazioneRoutes } from "./assegnazione/assegnazione.routes";
import { autoAssegnazioneRoutes } from "./auto-assegnazione/auto-assegnazione.routes";
import { contrattiRoutes } from "./contratti/contratti.routes";
import { contrattiListRoutes } from "./contratti/contratti-list.routes";
import { compensi, nonGraditi, prezzi } from "./contratti/contratti-righe.crud";
import { derogheRoutes } from "./deroghe/deroghe.routes";
import { intermittentiRoutes } from "./intermittenti/intermittenti.routes";
import { profiliRegoleRoutes } from "./profili-regole/profili-regole.routes";
import { registroTurniRoutes } from "./registro-turni/registro-turni.routes";
import { piani, punti } from "./ronde/ronde.crud";
import { rondeRoutes } from "./ronde/ronde.routes";
import { allegatiRoutes } from "./servizi/allegati.routes";
import { serviziRoutes } from "./servizi/servizi.routes";
import { costi, dotazioni, noteEdAllegati } from "./servizi/servizi-righe.crud";
import { serviziRigheRoutes } from "./servizi/servizi-righe.routes";

export const pianificazioneModule: FastifyPluginAsync = async (app) => {
  await app.register(contrattiListRoutes, { prefix: "/contratti" });
  await app.register(contrattiRoutes, { prefix: "/contratti" });
  await app.register(childCrudRoutes(prezzi, compensi, nonGraditi), { prefix: "/contratti" });
  await app.register(serviziRoutes, { prefix: "/contratti" });
  await app.register(assegnazioneRoutes, { prefix: "/contratti" });
  await app.register(serviziRigheRoutes, { prefix: "/contratti" });
  await app.register(childCrudRoutes(costi, dotazioni, noteEdAllegati), { prefix: "/contratti" });
  await app.register(allegatiRoutes, { prefix: "/contratti" });
  await app.register(profiliRegoleRoutes, { prefix: "/profili-regole" });
  await app.register(intermittentiRoutes);
  await app.register(derogheRoutes);
  await app.register(registroTurniRoutes);
  await app.register(autoAssegnazioneRoutes, { prefix: "/auto-assegnazione" });
  // Guard tours (issue 34): checkpoints, plans, the QR sheet, the rounds.
  await app.register(rondeRoutes);
  await app.register(childCrudRoutes(punti, piani));
};
