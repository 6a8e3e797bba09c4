/**
 * /api/report/ronde/ — Report → Ronde (issue 34 item 4): the calls of contracts/report/ronde/calls.ts.
 *   GET /               the rounds on the list engine (filters, group-by, xlsx/csv/pdf export)
 *   GET /notte/?servizio=&giorno=   the client's PDF of one night (noon to noon, Rome) at one service
 */
import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { rondeReportCalls as calls } from "../../../../src/domain/contracts/report/ronde/calls";
import { NotteQuery } from "../../../../src/domain/contracts/report/ronde/schemas";
import { queryOne } from "../../../db/query";
import { callRoutes } from "../../../lib/calls";
import { notFound, validationError } from "../../../lib/errors";
import { sendFile } from "../../../lib/files";
import { BUSINESS_TZ } from "../../../lib/list/values";
import { leggiRonde } from "../../pianificazione/ronde/ronde.service";
import { nottePdf } from "./notte-pdf";
import { rondeReportList } from "./ronde.list";

const TZ = sql.raw(`'${BUSINESS_TZ}'`);

export const rondeReportRoutes: FastifyPluginAsync = async (app) => {
  const route = callRoutes(app, { tags: ["report"] });
  route.list(calls.rondeReport, rondeReportList);
  route.call(calls.rondeNottePdf, async (request, reply) => {
    const parsed = NotteQuery.safeParse(request.query);
    if (!parsed.success)
      throw validationError(
        Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "query"), i.message])),
      );
    const { servizio, giorno } = parsed.data;
    const sito = await queryOne<{ cliente: string; servizio: string; indirizzo: string }>(
      app.db,
      sql`SELECT cl.ragione_sociale AS cliente, coalesce(nullif(s.descrizione, ''), c.titolo) AS servizio, s.indirizzo
            FROM servizi s JOIN contratti c ON c.id = s.contratto_id JOIN clienti cl ON cl.id = c.cliente_id
           WHERE s.id = ${servizio}`,
    );
    if (!sito) throw notFound("Servizio non trovato");
    const ronde = await leggiRonde(
      app.db,
      sql`r.servizio_id = ${servizio}
          AND r.previsto_il >= (${giorno}::date + time '12:00') AT TIME ZONE ${TZ}
          AND r.previsto_il < (${giorno}::date + 1 + time '12:00') AT TIME ZONE ${TZ}`,
    );
    return sendFile(reply, {
      data: await nottePdf({ ...sito, giorno }, ronde),
      mime: "application/pdf",
      filename: `ronde-servizio-${servizio}-${giorno}.pdf`,
    });
  });
};
