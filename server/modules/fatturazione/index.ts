/**
 * The fatturazione module (mounted at /api/fatturazione, issue 35): from worked hours to money —
 * the Consuntivo (approved hours), the invoices, the company's invoicing data and the payroll presence file. One `app.register` line per resource; README.md has the rules.
 */
import type { FastifyPluginAsync } from "fastify";
import { clientiFatturaPARoutes, contrattiFatturaPARoutes } from "./clienti/dati-fatturapa.routes";
import { consuntivoRoutes } from "./consuntivo/consuntivo.routes";
import { fattureRoutes, impostazioniRoutes } from "./fatture/fatture.routes";
import { pagheRoutes } from "./paghe/paghe.routes";

export const fatturazioneModule: FastifyPluginAsync = async (app) => {
  await app.register(consuntivoRoutes, { prefix: "/consuntivo" });
  await app.register(fattureRoutes, { prefix: "/fatture" });
  await app.register(impostazioniRoutes, { prefix: "/impostazioni" });
  await app.register(pagheRoutes, { prefix: "/paghe" });
  await app.register(clientiFatturaPARoutes, { prefix: "/clienti" });
  await app.register(contrattiFatturaPARoutes, { prefix: "/contratti" });
};
