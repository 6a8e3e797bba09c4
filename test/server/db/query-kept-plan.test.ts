/**
 * queryRowsKeptPlan (a list declared with `keepPlans`): on PostgreSQL a statement becomes a named
 * prepared statement — its plan kept by the connection — the second time its text is seen, up to
 * MAX_KEPT_PLANS per process; the answer is the same either way. Checked on one connection (a
 * transaction's) through pg_prepared_statements.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../../server/db/client";
import { MAX_KEPT_PLANS, queryRows, queryRowsKeptPlan } from "../../../server/db/query";
import { openTestDatabase, type TestDatabase } from "../helpers/db";
import { testDbKinds } from "../setup/paths";

/** A statement of its own (its text is what is named), with a bound value. */
const statement = (tag: string, n: number) =>
  sql`SELECT g AS n, ${`riga ${tag}`}::text AS etichetta FROM generate_series(1, ${n}::int) g ORDER BY g`;

async function named(tx: Executor, tag: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    tx,
    sql`SELECT name FROM pg_prepared_statements WHERE statement LIKE ${`%riga ${tag}%`} OR statement LIKE ${`%/* ${tag} */%`}`,
  );
  return rows.map((r) => r.name);
}

describe.each(testDbKinds())("queryRowsKeptPlan [%s]", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("answers the same rows the first, second and later times", async () => {
    const want = [
      { n: 1, etichetta: "riga uguale" },
      { n: 2, etichetta: "riga uguale" },
    ];
    for (let i = 0; i < 8; i++) expect(await queryRowsKeptPlan(db.db, statement("uguale", 2))).toEqual(want);
  });

  if (kind === "postgres") {
    it("names a statement the second time its text is seen, and keeps running it by name", async () => {
      await db.db.transaction(async (tx) => {
        const text = sql`SELECT /* seconda */ ${3}::int + 1 AS n`;
        expect(await queryRowsKeptPlan(tx, text)).toEqual([{ n: 4 }]);
        expect(await named(tx, "seconda")).toEqual([]);
        expect(await queryRowsKeptPlan(tx, text)).toEqual([{ n: 4 }]);
        const names = await named(tx, "seconda");
        expect(names).toHaveLength(1);
        expect(names[0]).toMatch(/^erp_[0-9a-f]{24}$/);
        // other values, the same text: the same statement
        expect(await queryRowsKeptPlan(tx, sql`SELECT /* seconda */ ${9}::int + 1 AS n`)).toEqual([{ n: 10 }]);
        expect(await named(tx, "seconda")).toEqual(names);
      });
    });

    it(`names at most ${MAX_KEPT_PLANS} statements per process; the others run unnamed, with the same answers`, async () => {
      await db.db.transaction(async (tx) => {
        for (let i = 0; i < MAX_KEPT_PLANS + 5; i++) {
          const text = sql.raw(`SELECT ${i} AS n /* tetto ${i} */`);
          expect(await queryRowsKeptPlan(tx, text)).toEqual([{ n: i }]);
          expect(await queryRowsKeptPlan(tx, text)).toEqual([{ n: i }]);
        }
        const rows = await queryRows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%/* tetto %'`,
        );
        // with the two statements the earlier tests of this file named, the cap
        expect(rows[0].n).toBe(MAX_KEPT_PLANS - 2);
      });
    });
  }
});
