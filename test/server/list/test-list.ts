/**
 * A test-only list over a temporary table `prova_voci`, mounted at /api/test-list/voci/ by pushing
 * a module into the registry before the app is built (jest isolates modules per test file).
 */
import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { Database } from "../../../server/db/client";
import { defineList, registerListRoute } from "../../../server/lib/list";
import { MODULES } from "../../../server/modules";
import { declareList } from "../../../src/domain/contracts/list";

export const VOCI_PERMISSION = "erp_clienti";
export const SECRET_PERMISSION = "erp_operatori_anagrafica";

/** The declaration a contract would hold (src/domain/contracts/list.ts). */
export const VociList = declareList({
  name: "voci",
  title: "Voci di prova",
  fields: {
    id: { label: "ID", type: "integer", sortable: true },
    cognome: { label: "Cognome", type: "text", sortable: true, global: true, filter: "contains", unaccent: true },
    nome: { label: "Nome", type: "text", sortable: true, global: true },
    prov: { label: "Provincia", type: "text", filter: "in", groupable: true, sortable: true },
    attivo: { label: "Attivo", type: "boolean", filter: "eq", groupable: true },
    nascita: { label: "Data di nascita", type: "date", filter: "range", sortable: true },
    creato: { label: "Creato il", type: "datetime", filter: "range", sortable: true },
    importo: { label: "Importo", type: "euro", aggregate: "sum", sortable: true },
    ore: { label: "Ore", type: "hours", aggregate: "sum" },
    etichette: { label: "Etichette", type: "lines" },
    segreto: { label: "Codice fiscale", type: "text", global: true, permission: [SECRET_PERMISSION] },
  },
  defaultOrder: [{ field: "cognome", asc: true }],
});

export const vociList = defineList(VociList, {
  from: sql`prova_voci v`,
  key: sql`v.id`,
  sql: {
    id: sql`v.id`,
    cognome: sql`v.cognome`,
    nome: sql`v.nome`,
    prov: sql`v.prov`,
    attivo: sql`v.attivo`,
    nascita: sql`v.nascita`,
    creato: sql`v.creato`,
    importo: sql`v.importo`,
    ore: sql`v.secondi`,
    etichette: sql`v.etichette`,
    segreto: sql`v.segreto`,
  },
  filters: {
    importo_min: { schema: z.coerce.number(), where: (v) => sql`v.importo >= ${v}` },
    // A query that fails while it runs: division by zero when it reaches the row with this id
    // (an export failing before its first batch, or in the middle of the file).
    guasto_a: { schema: z.coerce.number().int(), where: (v) => sql`1 / (v.id - ${v}) IS NOT NULL` },
  },
});

/** A row of the list as its contract would declare it (segreto only for SECRET_PERMISSION). */
export const VoceRow = z.object({
  id: z.number(),
  cognome: z.string(),
  nome: z.string(),
  prov: z.string().nullable(),
  attivo: z.boolean(),
  nascita: z.string().nullable(),
  creato: z.string(),
  importo: z.number().nullable(),
  ore: z.number(),
  etichette: z.array(z.string()),
  segreto: z.string().optional(),
});

export const testListPlugin: FastifyPluginAsync = async (app) => {
  registerListRoute(app, "/voci/", vociList, { permissions: [VOCI_PERMISSION], row: VoceRow });
};

MODULES.push({ name: "test-list", prefix: "/api/test-list", plugin: testListPlugin });

export interface Voce {
  cognome: string;
  nome: string;
  prov: string | null;
  attivo: boolean;
  nascita: string | null;
  creato: string;
  importo: number | null;
  secondi: number;
  etichette: string[];
  segreto: string;
}

const base = (v: Partial<Voce>): Voce => ({
  cognome: "X",
  nome: "Y",
  prov: "MI",
  attivo: true,
  nascita: "1980-01-01",
  creato: "2024-05-01 10:00:00",
  importo: 10,
  secondi: 3600,
  etichette: [],
  segreto: "",
  ...v,
});

/** Five rows covering nulls, accents, neutralised text and two provinces. */
export const VOCI: Voce[] = [
  base({
    cognome: "Rossi",
    nome: "Mario",
    prov: "MI",
    importo: 1234.5,
    segreto: "RSSMRA80A01F205X",
    etichette: ["a", "b"],
  }),
  base({ cognome: "Bianchi", nome: "Anna", prov: "RM", attivo: false, nascita: "1990-12-31", importo: 20 }),
  base({
    cognome: "Rossetti",
    nome: "Luca",
    prov: "MI",
    nascita: "1975-06-15",
    creato: "2024-05-31 23:30:00",
    importo: null,
  }),
  base({ cognome: "Niccolò", nome: "Zoe", prov: "TO", nascita: null, importo: 5.25, secondi: 5400 }),
  base({ cognome: "=SOMMA(A1)", nome: "+39", prov: "RM", importo: 100 }),
];

export async function createVoci(database: Database, voci: Voce[]): Promise<void> {
  await database.exec(`CREATE TABLE IF NOT EXISTS prova_voci (
    id serial PRIMARY KEY, cognome text NOT NULL, nome text NOT NULL, prov text, attivo boolean NOT NULL,
    nascita date, creato timestamptz NOT NULL, importo numeric(12,2), secondi integer NOT NULL DEFAULT 0,
    etichette text[] NOT NULL DEFAULT '{}', segreto text NOT NULL DEFAULT '')`);
  for (const v of voci) {
    await database.db.execute(sql`INSERT INTO prova_voci (cognome, nome, prov, attivo, nascita, creato, importo, secondi, etichette, segreto)
      VALUES (${v.cognome}, ${v.nome}, ${v.prov}, ${v.attivo}, ${v.nascita}, (${v.creato}::timestamp AT TIME ZONE 'Europe/Rome'),
              ${v.importo}, ${v.secondi}, ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(v.etichette)}::jsonb)), ${v.segreto})`);
  }
}
