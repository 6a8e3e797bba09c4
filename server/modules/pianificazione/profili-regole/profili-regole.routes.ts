/** GET/PUT /api/pianificazione/profili-regole/ — the working-time rule profiles (administrators only). */

import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { wrap } from "../../../../src/domain/contracts/pianificazione/fields";
import {
  ProfiliData,
  ProfiliOut,
  type ProfiloRegole,
} from "../../../../src/domain/contracts/pianificazione/profili-regole";
import { ADMIN_PERMISSIONS, CAPABILITIES } from "../../../../src/domain/permissions";
import { queryOne, queryRows } from "../../../db/query";
import { changeLog } from "../../../lib/audit";
import { contextOf } from "../../../lib/context";
import { validationError } from "../../../lib/errors";
import { audit } from "../audit";

const LABELS = {
  riposo_minimo_ore: "Riposo minimo (ore)",
  max_ore_7_giorni: "Massimo ore in 7 giorni",
  max_ore_turno: "Massimo ore per turno",
  descrizione: "Descrizione",
  fonte: "Fonte",
};

const SELECT = sql`SELECT codice, descrizione, riposo_minimo_ore::float8 AS riposo_minimo_ore,
  max_ore_7_giorni::float8 AS max_ore_7_giorni, max_ore_turno::float8 AS max_ore_turno, fonte,
  coalesce((SELECT json_agg(json_build_object('id', p.id, 'descrizione', p.descrizione) ORDER BY p.ordine)
            FROM posizioni_profilo pp JOIN posizioni p ON p.id = pp.posizione_id WHERE pp.profilo_codice = r.codice), '[]') AS posizioni
  FROM profili_regole r`;

export const profiliRegoleRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ["pianificazione"];
  const list = async () => ({ results: await queryRows<ProfiloRegole>(app.db, sql`${SELECT} ORDER BY codice`) });

  app.get(
    "/",
    { config: { permissions: CAPABILITIES.contratti }, schema: { tags, response: { 200: ProfiliOut } } },
    list,
  );

  app.put(
    "/",
    {
      config: { permissions: [...ADMIN_PERMISSIONS] },
      schema: { tags, body: wrap(ProfiliData), response: { 200: ProfiliOut } },
    },
    async (req) => {
      await app.db.transaction(async (tx) => {
        for (const [i, p] of req.body.data.profili.entries()) {
          const before = await queryOne<Record<string, unknown>>(tx, sql`${SELECT} WHERE codice = ${p.codice}`);
          if (!before) throw validationError({ [`profili.${i}.codice`]: "Profilo non trovato" });
          await tx.execute(
            sql`UPDATE profili_regole SET descrizione = coalesce(${p.descrizione ?? null}, descrizione),
                riposo_minimo_ore = coalesce(${p.riposo_minimo_ore ?? null}::numeric, riposo_minimo_ore),
                max_ore_7_giorni = coalesce(${p.max_ore_7_giorni ?? null}::numeric, max_ore_7_giorni),
                max_ore_turno = coalesce(${p.max_ore_turno ?? null}::numeric, max_ore_turno),
                fonte = coalesce(${p.fonte ?? null}, fonte), updated_at = now() WHERE codice = ${p.codice}`,
          );
          for (const pos of p.posizioni ?? [])
            await tx.execute(
              sql`INSERT INTO posizioni_profilo (posizione_id, profilo_codice) VALUES (${pos}, ${p.codice})
                  ON CONFLICT (posizione_id) DO UPDATE SET profilo_codice = EXCLUDED.profilo_codice`,
            );
          const after = (await queryOne<Record<string, unknown>>(tx, sql`${SELECT} WHERE codice = ${p.codice}`))!;
          const lines = changeLog(before, after, { ...LABELS, posizioni: "Qualifiche" });
          if (lines.length)
            await audit(tx, contextOf(req).actor, {
              azione: "Modifica",
              contentType: "profilo_regole",
              objectId: p.codice,
              changeLog: lines,
            });
        }
      });
      return list();
    },
  );
};
