/**
 * The drizzle tables (server/db/schema/*.ts) must match what the SQL migrations create:
 * every declared table and column exists, with the same nullability; and every schema file is
 * used by the server — a module reads its tables one way (docs/ARCHITECTURE.md: pianificazione
 * writes its SQL by hand and has no schema file; its statements run in its own suites).
 */
import fs from "node:fs";
import path from "node:path";
import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { queryRows } from "../../../server/db/query";
import { describeEachDb } from "../helpers/app";

const SERVER_DIR = path.join(__dirname, "..", "..", "..", "server");
const SCHEMA_DIR = path.join(SERVER_DIR, "db", "schema");

/** The server's .ts files outside db/schema. */
function serverSources(dir = SERVER_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return p === SCHEMA_DIR ? [] : serverSources(p);
    return e.name.endsWith(".ts") ? [p] : [];
  });
}

function declaredTables(): PgTable[] {
  const tables: PgTable[] = [];
  for (const f of fs.readdirSync(SCHEMA_DIR).filter((n) => n.endsWith(".ts"))) {
    const mod = require(path.join(SCHEMA_DIR, f));
    for (const v of Object.values(mod)) if (is(v, PgTable)) tables.push(v as PgTable);
  }
  return tables;
}

describeEachDb("drizzle schema matches the migrations", (ctx) => {
  it("declares only tables and columns that exist, with the same nullability", async () => {
    const cols = await queryRows<{ table_name: string; column_name: string; is_nullable: string }>(
      ctx().database.db,
      sql`SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const byTable = new Map<string, Map<string, boolean>>();
    for (const c of cols) {
      if (!byTable.has(c.table_name)) byTable.set(c.table_name, new Map());
      byTable.get(c.table_name)!.set(c.column_name, c.is_nullable === "YES");
    }
    const problems: string[] = [];
    const tables = declaredTables();
    expect(tables.length).toBeGreaterThan(0);
    for (const t of tables) {
      const cfg = getTableConfig(t);
      const dbCols = byTable.get(cfg.name);
      if (!dbCols) {
        problems.push(`tabella ${cfg.name} assente nel database`);
        continue;
      }
      for (const c of cfg.columns) {
        if (!dbCols.has(c.name)) problems.push(`${cfg.name}.${c.name} assente nel database`);
        else if (dbCols.get(c.name) === c.notNull) problems.push(`${cfg.name}.${c.name}: nullabilità diversa`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("drizzle schema files", () => {
  it("are each imported by the server (no tables declared for nobody)", () => {
    const sources = serverSources().map((f) => fs.readFileSync(f, "utf8"));
    const unused = fs
      .readdirSync(SCHEMA_DIR)
      .filter((n) => n.endsWith(".ts"))
      .map((n) => n.replace(/\.ts$/, ""))
      .filter((name) => !sources.some((text) => text.includes(`db/schema/${name}"`)));
    expect(unused).toEqual([]);
  });
});
