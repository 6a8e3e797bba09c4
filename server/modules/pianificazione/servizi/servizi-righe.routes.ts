/**
 * GET /api/pianificazione/contratti/{idContratto}/servizi/{idServizio}/operatori-assegnati/: the
 * operators over the whole service with their hours. The service's other tabs are the
 * sub-resources of ./servizi-righe.crud.ts.
 */

import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  type OperatoreAssegnato,
  OperatoriAssegnatiOut,
} from "../../../../src/domain/contracts/pianificazione/servizi-righe";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { queryRows } from "../../../db/query";
import { servizioScope } from "../scope";
import { servizioParams } from "./servizi-righe.crud";

export const serviziRigheRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/:idContratto/servizi/:idServizio/operatori-assegnati/",
    {
      config: { permissions: CAPABILITIES.contratti },
      schema: { tags: ["pianificazione"], params: servizioParams, response: { 200: OperatoriAssegnatiOut } },
    },
    async (req) => {
      await servizioScope(app.db, req.params.idContratto, req.params.idServizio);
      return {
        results: await queryRows<OperatoreAssegnato>(
          app.db,
          sql`SELECT o.id, o.cognome, o.nome, count(DISTINCT a.turno_id)::int AS turni,
                   count(DISTINCT a.turno_id) FILTER (WHERE a.confermato)::int AS turni_confermati,
                   coalesce(sum(extract(epoch FROM upper(p.periodo) - lower(p.periodo))), 0)::int AS secondi,
                   to_char(min(g.giorno), 'YYYY-MM-DD') AS primo_giorno, to_char(max(g.giorno), 'YYYY-MM-DD') AS ultimo_giorno
            FROM giorni g JOIN turni t ON t.giorno_id = g.id JOIN turni_operatori a ON a.turno_id = t.id
            JOIN operatori o ON o.id = a.operatore_id LEFT JOIN turni_operatori_periodi p ON p.turno_operatore_id = a.id
            WHERE g.servizio_id = ${req.params.idServizio}
            GROUP BY o.id ORDER BY o.cognome, o.nome, o.id`,
        ),
      };
    },
  );
};
