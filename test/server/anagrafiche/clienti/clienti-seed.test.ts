import { sql } from "drizzle-orm";
import type { Tx } from "../../../../server/db/client";
import { queryRows } from "../../../../server/db/query";
import { seedDemoClienti } from "../../../../server/modules/anagrafiche/clienti.seed";
import { validateCandidato } from "../../../../src/domain/candidato";
import { validateCliente } from "../../../../src/domain/cliente";
import { auth, describeEachDb } from "../../helpers/app";

describeEachDb("anagrafiche/clienti demo data", (ctx) => {
  beforeAll(async () => {
    await ctx().database.db.transaction(async (tx) => {
      await seedDemoClienti({ tx: tx as Tx, report: [], scryptN: 1024, today: new Date("2025-06-10T08:00:00Z") });
    });
  });

  it("seeds ~15 valid clients with sites and contacts", async () => {
    const rows = await queryRows<Record<string, unknown>>(ctx().database.db, sql`SELECT * FROM clienti ORDER BY id`);
    expect(rows.length).toBe(15);
    for (const r of rows) expect(validateCliente(r as never)).toEqual({});
    const sedi = await queryRows<{ n: number }>(ctx().database.db, sql`SELECT count(*)::int AS n FROM clienti_sedi`);
    expect(sedi[0].n).toBeGreaterThanOrEqual(20);
    const { token } = await ctx().createUser({ permissions: ["erp_contratti"] });
    const picker = await ctx().app.inject({
      method: "GET",
      url: "/api/anagrafiche/clienti/?page_size=99999",
      headers: auth(token),
    });
    expect(picker.json().count).toBe(15);
  });

  it("seeds ~12 valid candidates across the pipeline", async () => {
    const rows = await queryRows<Record<string, unknown> & { stato: string; data_nascita: unknown }>(
      ctx().database.db,
      sql`SELECT nome, cognome, sesso, to_char(data_nascita, 'YYYY-MM-DD') AS data_nascita, email, cellulare, prov, stato FROM candidati`,
    );
    expect(rows.length).toBe(12);
    expect(new Set(rows.map((r) => r.stato))).toEqual(
      new Set(["nuovo", "in_valutazione", "colloquio", "idoneo", "scartato"]),
    );
    for (const r of rows) expect(validateCandidato(r as never)).toEqual({});
  });
});
