/**
 * Prints the statements the list engine sends for each list workload of run.ts (the page, then the
 * count when the engine needs one), with their values written in, for EXPLAIN by hand:
 * `npx tsx server/bench/dump-sql.ts`. Diagnostics only, not part of `npm run bench`.
 */
process.env.TZ ??= "Europe/Rome";

import { openPostgres } from "../db/client";
import type { Statement } from "./best-sql";
import { engineStatements, listWorkloads } from "./list-workloads";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/erp_bench";
const user = { id: 1, username: "bench", email: "", nome: "B", cognome: "M", permissions: ["admin"], tokenId: 0 };
const literal = (v: unknown) => (typeof v === "number" ? String(v) : `'${String(v).replaceAll("'", "''")}'`);
const inline = (s: Statement) => s.sql.replace(/\$(\d+)/g, (_, i) => literal(s.params[Number(i) - 1]));

async function main() {
  const d = await openPostgres(url, 1);
  try {
    for (const w of await listWorkloads(d.db)) {
      const { page, count } = await engineStatements(d.db, w, user);
      console.log(`-- ${w.name}: page\n${inline(page)};\n`);
      if (count) console.log(`-- ${w.name}: count\n${inline(count)};\n`);
    }
  } finally {
    await d.close();
  }
}
void main();
