/**
 * The pianificazione module (mounted at /api/pianificazione): contracts with prices, pay and
 * refused operators; services, days and shifts; assignment with the working-time rules;
 * intermittent workers; the shift history. One `app.register` line per resource.
 */
import type { FastifyPluginAsync } from "fastify";
import { childCrudRoutes } from "../../lib/crud";
import { allegatiRoutes } from "./allegati.routes";
import { assegnazioneRoutes } from "./assegnazione.routes";
import { contrattiRoutes } from "./contratti.routes";
import { contrattiListRoutes } from "./contratti-list.routes";
import { compensi, nonGraditi, prezzi } from "./contratti-righe.crud";
import { intermittentiRoutes } from "./intermittenti.routes";
import { profiliRegoleRoutes } from "./profili-regole.routes";
import { serviziRoutes } from "./servizi.routes";
import { costi, dotazioni, noteEdAllegati } from "./servizi-righe.crud";
import { serviziRigheRoutes } from "./servizi-righe.routes";

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
};
