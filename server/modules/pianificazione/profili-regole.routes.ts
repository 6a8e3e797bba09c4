/** GET/PUT /api/pianificazione/profili-regole/ — the working-time rule profiles (administrators only). */
import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ADMIN_PERMISSIONS, CAPABILITIES } from "../../../src/domain/permissions";
import { queryOne, queryRows } from "../../db/query";
import { changeLog } from "../../lib/audit";
import { contextOf } from "../../lib/context";
import { validationError } from "../../lib/errors";
import { audit } from "./audit";
import { wrap } from "./common.schema";

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

const profilo = z.object({
  codice: z.string(),
  descrizione: z.string().trim().min(1).max(200).optional(),
  riposo_minimo_ore: z.coerce.number().min(0, "Valore non valido").max(48, "Massimo 48 ore").optional(),
  max_ore_7_giorni: z.coerce.number().gt(0, "Valore non valido").max(168, "Massimo 168 ore").optional(),
  max_ore_turno: z.coerce.number().gt(0, "Valore non valido").max(24, "Massimo 24 ore").optional(),
  fonte: z.string().max(500).optional(),
  /** Qualification ids this profile applies to (moves them from their current profile). */
  posizioni: z.array(z.coerce.number().int().positive()).optional(),
});

export const profiliRegoleRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ["pianificazione"];
  const list = async () => ({ results: await queryRows(app.db, sql`${SELECT} ORDER BY codice`) });

  app.get("/", { config: { permissions: CAPABILITIES.contratti }, schema: { tags } }, list);

  app.put(
    "/",
    {
      config: { permissions: [...ADMIN_PERMISSIONS] },
      schema: { tags, body: wrap(z.object({ profili: z.array(profilo).max(20) })) },
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
