/**
 * A list's joins are declared with their multiplicity (issue 31 item 6, server/lib/list/types.ts
 * `ListJoin`): the server refuses to start on a join declared to one row whose columns are not a
 * unique key of its table — the engine leaves such a join out of a count, and a one-to-many join
 * left out would count fewer rows than its pages show. Every list the product serves passes.
 */
import { sql } from "drizzle-orm";
import { checkListJoins, defineList, type List } from "../../../server/lib/list";
import { declareList } from "../../../src/domain/contracts/list";
import { describeEachDb } from "../helpers/app";

const Prova = declareList({
  name: "prova_join",
  title: "Operatori con i turni",
  fields: {
    id: { label: "ID", type: "integer", sortable: true },
    turno: { label: "Turno", type: "integer" },
  },
});

type Joins = Parameters<typeof defineList>[1]["joins"];

/** A list as defineList makes it (one that passes is also kept among the server's lists to check). */
const withJoin = (joins: Joins) =>
  defineList(Prova, { from: sql`operatori o`, joins, key: sql`o.id`, sql: { id: sql`o.id`, turno: sql`a.turno_id` } });
/** What the start-up check reads of a list: its name and joins. */
const lista = (joins: Joins) => ({ name: Prova.name, joins }) as unknown as List;

describeEachDb("list joins' multiplicity", (ctx) => {
  it("every list of the product joins to one row on a unique key (the server started: it checks them when ready)", async () => {
    await ctx().app.ready();
    await expect(checkListJoins(ctx().database.db)).resolves.toBeUndefined();
  });

  it("refuses a join declared to one row on a key that is not unique, naming the list, alias, table and columns", async () => {
    const oneToMany = lista({ a: { table: "turni_operatori", on: { operatore_id: sql`o.id` }, left: true } });
    await expect(checkListJoins(ctx().database.db, [oneToMany])).rejects.toThrow(
      "prova_join.a → turni_operatori(operatore_id)",
    );
    // on its primary key it is to one row; a unique key among more columns too
    const byId = lista({ a: { table: "turni_operatori", on: { id: sql`o.id` }, left: true } });
    await expect(checkListJoins(ctx().database.db, [byId])).resolves.toBeUndefined();
  });

  it("takes a join that may add rows when it is declared so (carried by every statement)", async () => {
    const many = lista({ a: { many: sql`LEFT JOIN turni_operatori a ON a.operatore_id = o.id` } });
    await expect(checkListJoins(ctx().database.db, [many])).resolves.toBeUndefined();
  });

  it("refuses at definition a join without its columns, and a LATERAL one without the reason it gives one row", () => {
    expect(() => withJoin({ a: { table: "turni_operatori", on: {} } })).toThrow("deve dire su quali colonne");
    expect(() => withJoin({ a: { lateral: sql`LEFT JOIN LATERAL (SELECT 1) a ON true`, oneRow: " " } })).toThrow(
      "deve dire perché dà una riga",
    );
  });
});
