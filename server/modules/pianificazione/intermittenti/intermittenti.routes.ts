/**
 * /api/pianificazione/intermittenti/?dal=&al= — shifts of operators whose intermittent employment
 * contract covers the day, with the advance communication of the call (sent or not), on the list
 * engine with exports (intermittenti.list.ts); POST /intermittenti/{turnoOperatoreId}/comunicazione/
 * marks it sent. /api/pianificazione/storico-turni/?dal=&al= — the shift plan of a period as it
 * stands, with exports (storico-turni.list.ts).
 */
import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { id, wrap } from "../../../../src/domain/contracts/pianificazione/fields";
import {
  ComunicazioneData,
  ComunicazioneOut,
  IntermittenteRow,
} from "../../../../src/domain/contracts/pianificazione/intermittenti";
import { StoricoTurnoRow } from "../../../../src/domain/contracts/pianificazione/storico-turni";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { queryOne } from "../../../db/query";
import { changeLog } from "../../../lib/audit";
import { contextOf } from "../../../lib/context";
import { notFound } from "../../../lib/errors";
import { registerListRoute } from "../../../lib/list";
import { audit, rel } from "../audit";
import { intermittentiList } from "./intermittenti.list";
import { storicoTurniList } from "./storico-turni.list";

export const intermittentiRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ["pianificazione"];
  const permissions = CAPABILITIES.intermittenti;

  registerListRoute(base, "/intermittenti/", intermittentiList, { permissions, tags, row: IntermittenteRow });

  app.post(
    "/intermittenti/:id/comunicazione/",
    {
      config: { permissions },
      schema: {
        tags,
        params: z.object({ id: id() }),
        body: wrap(ComunicazioneData),
        response: { 200: ComunicazioneOut },
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
        await audit(tx, contextOf(req).actor, {
          azione: "Comunicazione intermittente",
          contentType: "turno",
          objectId: a.turno_id,
          related: [rel("operatore", a.operatore_id)],
          changeLog: changeLog(before ?? null, after, {
            inviata_il: "Comunicazione inviata il",
            riferimento: "Riferimento",
          }),
        });
        return { result: "OK" as const, id: req.params.id, ...(after as { inviata_il: string; riferimento: string }) };
      });
    },
  );

  registerListRoute(base, "/storico-turni/", storicoTurniList, {
    permissions: CAPABILITIES.contratti,
    tags,
    row: StoricoTurnoRow,
  });
};
