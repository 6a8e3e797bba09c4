/**
 * server/db/schema.sql is what the migrations produce (issue 31 item 4): the database of this run,
 * migrated from server/db/migrations/, dumped the same way, equals the committed file. When it
 * fails, a migration changed the shape: run `npm run db:schema` and commit the file with it.
 */
import fs from "node:fs";
import { dumpSchema, SCHEMA_FILE } from "../../../server/db/schema-dump";
import { openTestDatabase, type TestDatabase } from "../helpers/db";
import { testDbKinds } from "../setup/paths";

const onPostgres = testDbKinds().includes("postgres") ? describe : describe.skip;

onPostgres("server/db/schema.sql", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase("postgres");
  });
  afterAll(() => db.close());

  it("is the shape the migrations produce (run `npm run db:schema` after a migration)", () => {
    const committed = fs.readFileSync(SCHEMA_FILE, "utf8");
    const migrated = dumpSchema(db.superuserUrl as string);
    const a = committed.split("\n");
    const b = migrated.split("\n");
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    const difference =
      i === a.length && a.length === b.length
        ? null
        : `schema.sql differisce alla riga ${i + 1}:\n  file:       ${a[i] ?? "(fine)"}\n  migrazioni: ${b[i] ?? "(fine)"}\nesegui \`npm run db:schema\``;
    expect(difference).toBeNull();
  });
});
