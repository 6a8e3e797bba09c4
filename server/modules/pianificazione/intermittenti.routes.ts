/**
 * /api/pianificazione/intermittenti/?dal=&al= — shifts of operators whose intermittent employment
 * contract covers the day, with the advance communication of the call (sent or not);
 * POST /intermittenti/{turnoOperatoreId}/comunicazione/ marks it sent.
 * /api/pianificazione/storico-turni/?dal=&al= — the shift plan of a period as it stands.
 */
import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CAPABILITIES } from "../../../src/domain/permissions";
import { daysBetween } from "../../../src/domain/shift-rules";
import { queryOne, queryRows } from "../../db/query";
import { changeLog } from "../../lib/audit";
import { notFound, validationError } from "../../lib/errors";
import { audit, rel } from "./audit";
import { day, id, text, wrap } from "./common.schema";

const periodo = z.object({ dal: day(), al: day() });

function checkPeriodo(q: { dal: string; al: string }, maxDays: number) {
  const n = daysBetween(q.dal, q.al);
  if (n < 0) throw validationError({ al: "La data di fine non può precedere la data di inizio" });
  if (n + 1 > maxDays) throw validationError({ al: `Il periodo può coprire al massimo ${maxDays} giorni` });
}

export const intermittentiRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ["pianificazione"];
  const permissions = CAPABILITIES.intermittenti;

  app.get("/intermittenti/", { config: { permissions }, schema: { tags, querystring: periodo } }, async (req) => {
    checkPeriodo(req.query, 400);
    const results = await queryRows(
      app.db,
      sql`SELECT a.id, json_build_object('id', o.id, 'cognome', o.cognome, 'nome', o.nome) AS operatore,
                 to_char(g.giorno, 'YYYY-MM-DD') AS giorno, t.id AS turno_id, t.inizio_f1::text, t.fine_f1::text,
                 t.inizio_f2::text, t.fine_f2::text, a.confermato,
                 json_build_object('id', c.id, 'titolo', c.titolo) AS contratto, cl.ragione_sociale AS cliente,
                 s.id AS servizio_id, (ic.turno_operatore_id IS NOT NULL) AS comunicazione_inviata,
                 ic.inviata_il, ic.riferimento
          FROM turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id
          JOIN servizi s ON s.id = g.servizio_id JOIN contratti c ON c.id = s.contratto_id JOIN clienti cl ON cl.id = c.cliente_id
          JOIN operatori o ON o.id = a.operatore_id
          LEFT JOIN intermittenti_comunicazioni ic ON ic.turno_operatore_id = a.id
          WHERE g.giorno BETWEEN ${req.query.dal}::date AND ${req.query.al}::date
            AND EXISTS (SELECT 1 FROM operatori_contratti oc WHERE oc.operatore_id = o.id AND oc.tipo = 'intermittente'
                        AND oc.data_inizio <= g.giorno AND (oc.data_fine IS NULL OR oc.data_fine >= g.giorno))
          ORDER BY g.giorno, t.inizio_f1, o.cognome, o.nome, a.id`,
    );
    return { results, count: results.length, page: 1 };
  });

  app.post(
    "/intermittenti/:id/comunicazione/",
    {
      config: { permissions },
      schema: {
        tags,
        params: z.object({ id: id() }),
        body: wrap(
          z.object({
            inviata_il: z.iso.datetime({ offset: true, error: "Data e ora non valide" }).or(day()),
            riferimento: text(200),
          }),
        ),
      },
    },
    async (req) => {
      const a = await queryOne<{ turno_id: number; operatore_id: number }>(
        app.db,
        sql`SELECT turno_id, operatore_id FROM turni_operatori WHERE id = ${req.params.id}`,
      );
      if (!a) throw notFound("Assegnazione non trovata");
      const { inviata_il, riferimento } = req.body.data;
      return app.db.transaction(async (tx) => {
        const before = await queryOne<Record<string, unknown>>(
          tx,
          sql`SELECT inviata_il, riferimento FROM intermittenti_comunicazioni WHERE turno_operatore_id = ${req.params.id}`,
        );
        const after = (await queryOne<Record<string, unknown>>(
          tx,
          sql`INSERT INTO intermittenti_comunicazioni (turno_operatore_id, inviata_il, riferimento, registrata_da)
              VALUES (${req.params.id}, ${inviata_il}::timestamptz, ${riferimento ?? ""}, ${req.user?.id ?? null})
              ON CONFLICT (turno_operatore_id) DO UPDATE SET inviata_il = EXCLUDED.inviata_il,
                riferimento = EXCLUDED.riferimento, registrata_da = EXCLUDED.registrata_da, registrata_il = now()
              RETURNING inviata_il, riferimento`,
        ))!;
        await audit(tx, req, {
          azione: "Comunicazione intermittente",
          contentType: "turno",
          objectId: a.turno_id,
          related: [rel("operatore", a.operatore_id)],
          changeLog: changeLog(before ?? null, after, {
            inviata_il: "Comunicazione inviata il",
            riferimento: "Riferimento",
          }),
        });
        return { result: "OK", id: req.params.id, ...after };
      });
    },
  );

  app.get(
    "/storico-turni/",
    { config: { permissions: CAPABILITIES.contratti }, schema: { tags, querystring: periodo } },
    async (req) => {
      checkPeriodo(req.query, 31);
      const results = await queryRows(
        app.db,
        sql`SELECT to_char(g.giorno, 'YYYY-MM-DD') AS giorno, cl.ragione_sociale AS cliente, c.titolo AS contratto,
                   s.indirizzo, t.id AS turno_id, t.inizio_f1::text, t.fine_f1::text, t.inizio_f2::text, t.fine_f2::text,
                   p.descrizione AS posizione, t.operatori_richiesti,
                   coalesce(json_agg(json_build_object('id', o.id, 'cognome', o.cognome, 'nome', o.nome, 'confermato', a.confermato)
                            ORDER BY o.cognome, o.nome) FILTER (WHERE o.id IS NOT NULL), '[]') AS operatori
            FROM giorni g JOIN turni t ON t.giorno_id = g.id JOIN servizi s ON s.id = g.servizio_id
            JOIN contratti c ON c.id = s.contratto_id JOIN clienti cl ON cl.id = c.cliente_id
            JOIN posizioni p ON p.id = t.posizione_id
            LEFT JOIN turni_operatori a ON a.turno_id = t.id LEFT JOIN operatori o ON o.id = a.operatore_id
            WHERE g.giorno BETWEEN ${req.query.dal}::date AND ${req.query.al}::date
            GROUP BY g.giorno, cl.ragione_sociale, c.titolo, s.indirizzo, t.id, p.descrizione
            ORDER BY g.giorno, cl.ragione_sociale, t.inizio_f1, t.id`,
      );
      return { results, count: results.length, page: 1 };
    },
  );
};
