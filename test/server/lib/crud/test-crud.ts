/**
 * A test-only sub-resource (server/lib/crud) over two temporary tables — `prova_genitori` and its
 * rows `prova_righe` —, mounted at /api/test-crud/genitori/{id}/righe/ by pushing a module into the
 * registry before the app is built (jest isolates modules per test file).
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../../../server/db/client";
import { queryOne } from "../../../../server/db/query";
import { childCrudRoutes, defineChildCrud } from "../../../../server/lib/crud";
import { notFound, validationError } from "../../../../server/lib/errors";
import { MODULES } from "../../../../server/modules";
import { IdParams, SubParams } from "../../../../src/domain/contracts/common";
import { updateSchema } from "../../../../src/domain/contracts/update-schema";

export const RIGHE_PERMISSION = "erp_clienti";

export const RigaData = z.object({
  nome: z.string({ error: "Questo campo è obbligatorio" }).trim().min(1, "Questo campo è obbligatorio"),
  quantita: z.coerce.number({ error: "Numero non valido" }).int("Numero non valido").min(1, "Minimo 1").default(1),
  note: z.string().default(""),
  allegato: z.uuid("File non valido").nullable().optional(),
});

export const RigaOut = z.object({
  id: z.number(),
  nome: z.string(),
  quantita: z.number(),
  note: z.string(),
  allegato: z.string().nullable(),
  genitore: z.string(),
});

interface Genitore {
  id: number;
  nome: string;
}

/** Makes `present` throw inside the transaction, after the write (a failure half-way). */
export const EXPLODES = "esplode";

export const righe = defineChildCrud<Genitore>({
  path: "/genitori/:id/righe",
  params: IdParams,
  itemParams: SubParams,
  item: "subId",
  tags: ["test"],
  permissions: [RIGHE_PERMISSION],
  list: "results",
  contract: { create: RigaData, update: updateSchema(RigaData), row: RigaOut },
  parent: {
    find: async (ex, ids) => {
      const g = await queryOne<Genitore>(ex, sql`SELECT id, nome FROM prova_genitori WHERE id = ${ids.id}`);
      if (!g) throw notFound("Genitore non trovato");
      return g;
    },
    id: (g) => g.id,
    related: (g) => [{ content_type: "prova_genitore", object_id: g.id }],
  },
  table: "prova_righe",
  parentColumn: "genitore_id",
  columns: { nome: "nome", quantita: "quantita", note: "note", allegato: "file_id" },
  select: sql`x.id, x.nome, x.quantita, x.note, x.file_id::text AS allegato, g.nome AS genitore`,
  joins: sql`JOIN prova_genitori g ON g.id = x.genitore_id`,
  orderBy: sql`x.nome, x.id`,
  present: (rows) =>
    rows.map((r) => {
      if (r.nome === EXPLODES) throw new Error("present failed");
      return r;
    }),
  notFound: "Riga non trovata",
  audit: {
    contentType: "prova_riga",
    labels: { nome: "Nome", quantita: "Quantità", note: "Note" },
    note: (g, row) => `${g.nome} — ${row.nome}`,
  },
  // A rule on the row as it will be: a quantity over 10 needs a note (a PUT of one is checked against the other).
  validate: (r): Record<string, string> =>
    Number(r.quantita) > 10 && !r.note ? { note: "Spiega una quantità oltre 10" } : {},
  prepare: async (ctx, { values }) => {
    if (
      typeof values.allegato === "string" &&
      !(await queryOne(ctx.db, sql`SELECT 1 FROM files WHERE id = ${values.allegato}::uuid`))
    )
      throw validationError({ allegato: "File non trovato" });
    return undefined;
  },
  touch: "aggiornato",
  file: { column: "file_id" },
});

MODULES.push({ name: "test-crud", prefix: "/api/test-crud", plugin: childCrudRoutes(righe) });

export async function createTables(database: Database): Promise<void> {
  await database.exec(`
    CREATE TABLE prova_genitori (id serial PRIMARY KEY, nome text NOT NULL);
    CREATE TABLE prova_righe (
      id serial PRIMARY KEY,
      genitore_id integer NOT NULL REFERENCES prova_genitori (id) ON DELETE CASCADE,
      nome text NOT NULL,
      quantita integer NOT NULL DEFAULT 1,
      note text NOT NULL DEFAULT '',
      file_id uuid REFERENCES files (id) ON DELETE SET NULL,
      aggiornato timestamptz NOT NULL DEFAULT now()
    );
  `);
}
