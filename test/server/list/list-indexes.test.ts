/**
 * Every list is served by indexes (issue 18): on PostgreSQL, over a dataset big enough for the
 * planner to prefer indexes (the scale seed, smaller), the EXPLAIN of what the engine sends for
 *   - each sortable field, both directions: the page's keys come in order from an index — no Sort
 *     of the matching rows (an Incremental Sort over an index's order is fine) and no sequential
 *     scan of a big table;
 *   - each filter (a value taken from the data) and each declared common query: neither the
 *     page's keys nor the count read a big table sequentially.
 * A new sortable field or filter with no index serving it fails here until an index (in the
 * module's migration range) serves it, or it is listed in UNINDEXED with the reason.
 */
import { type SQL, sql } from "drizzle-orm";
import { queryRows } from "../../../server/db/query";
import type { List, ListQuery } from "../../../server/lib/list";
import { parseListQuery } from "../../../server/lib/list";
import { countQuery, pageKeysQuery } from "../../../server/lib/list/build-sql";
import type { AuthUser } from "../../../server/lib/tokens";
import { candidatiList } from "../../../server/modules/anagrafiche/candidati/candidati.list";
import { clientiList } from "../../../server/modules/anagrafiche/clienti/clienti.list";
import { operatoriList } from "../../../server/modules/anagrafiche/operatori/operatori.list";
import { usersList } from "../../../server/modules/auth/users.list";
import { logList } from "../../../server/modules/log/log.list";
import { contrattiList } from "../../../server/modules/pianificazione/contratti/contratti.list";
import { intermittentiList } from "../../../server/modules/pianificazione/intermittenti/intermittenti.list";
import { storicoTurniList } from "../../../server/modules/pianificazione/intermittenti/storico-turni.list";
import { seedScale } from "../../../server/seed/scale";
import { openTestDatabase, type TestDatabase } from "../helpers/db";
import { testDbKinds } from "../setup/paths";

jest.setTimeout(900_000);

const ADMIN: AuthUser = {
  id: 1,
  username: "dba",
  email: "",
  nome: "",
  cognome: "",
  permissions: ["admin"],
  tokenId: 0,
};

interface Case {
  list: List;
  /** Parameters every request of the list carries (a period…). */
  base?: Record<string, string>;
  /** A value for each custom filter. */
  samples?: Record<string, string>;
}

const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return d.toISOString().slice(0, 10);
};
/** Two weeks of shifts: the period a planner reads. */
const PERIODO = { dal: day(-14), al: day(0) };

const CASES: Case[] = [
  { list: operatoriList, samples: { posizione_id: "1", documenti_in_scadenza: "30" } },
  { list: clientiList },
  { list: candidatiList, samples: { posizione: "1" } },
  { list: usersList, samples: { permesso: "admin" } },
  { list: logList, samples: { content_type: "operatore", object_id: "7", only_related: "true", show_related: "true" } },
  { list: contrattiList, samples: { cliente_id: "1" } },
  { list: storicoTurniList, base: PERIODO },
  { list: intermittentiList, base: PERIODO },
];

/**
 * Sorts and filters no index serves, each with the reason it is accepted. Keep it short: each
 * entry is a full sort of the list's matching rows on every page request.
 */
const UNINDEXED: Record<string, string> = {
  "clienti.sort.sedi": "a per-row count of the client's sites; clients are a few thousand",
  "contratti.sort.servizi": "a per-row count of the contract's services; contracts are a few thousand",
  "contratti.sort.dal": "the first day of the contract's services, a per-row sub-query; a few thousand contracts",
  "contratti.sort.al": "the last day of the contract's services, a per-row sub-query; a few thousand contracts",
  "log.sort.utente":
    "the author's name lives in users and entries without one stay (LEFT JOIN); the log is always read filtered (an object, a period: SPEC §2)",
  "intermittenti.sort.inviata_il":
    "the communication is optional (LEFT JOIN); the rows are those of a period (≤ 400 days) and of intermittent workers only",
};

/** A plan node of EXPLAIN (FORMAT JSON). */
interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Sort Key"?: string[];
  Plans?: PlanNode[];
}

/**
 * The plan PostgreSQL chooses; with `forced`, the plan it finds when sequential scans and sorts
 * cost it the earth — one that still has them has no index to use instead.
 */
async function explain(db: TestDatabase, statement: SQL, forced = false): Promise<PlanNode> {
  return db.db.transaction(async (tx) => {
    if (forced) await tx.execute(sql`SET LOCAL enable_seqscan = off; SET LOCAL enable_sort = off`);
    const rows = await queryRows<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(tx, sql`EXPLAIN (FORMAT JSON) ${statement}`);
    return rows[0]["QUERY PLAN"][0].Plan;
  });
}

/**
 * What in the chosen plan shows no index serving the statement, unless PostgreSQL has an index
 * for it and chose the table by cost at this scale (a few thousand applicants' table read whole
 * costs what its index does).
 */
async function unserved(db: TestDatabase, statement: SQL, big: Set<string>, wantOrder: boolean): Promise<string[]> {
  const chosen = problems(await explain(db, statement), big, wantOrder);
  return chosen.length === 0 ? [] : problems(await explain(db, statement, true), big, wantOrder);
}

function* nodes(n: PlanNode): Generator<PlanNode> {
  yield n;
  for (const c of n.Plans ?? []) yield* nodes(c);
}

/** What in a plan shows that no index serves it. */
function problems(plan: PlanNode, big: Set<string>, wantOrder: boolean): string[] {
  const out: string[] = [];
  for (const n of nodes(plan)) {
    if (n["Node Type"] === "Seq Scan" && n["Relation Name"] && big.has(n["Relation Name"])) {
      out.push(`Seq Scan on ${n["Relation Name"]}`);
    }
    if (wantOrder && n["Node Type"] === "Sort") out.push(`Sort (${(n["Sort Key"] ?? []).join(", ")})`);
  }
  return out;
}

const pg = testDbKinds().includes("postgres");
const describePg = pg ? describe : describe.skip;

describePg("list indexes [postgres]", () => {
  let db: TestDatabase;
  let big: Set<string>;

  beforeAll(async () => {
    db = await openTestDatabase("postgres");
    await seedScale(db, {
      operators: 30_000,
      clients: 3_000,
      contracts: 200,
      weeks: 8,
      logEntries: 50_000,
      log: () => {},
    });
    // What the scale seed does not make: applicants, staff accounts, intermittent contracts.
    await db.exec(`
      INSERT INTO candidati (nome, cognome, sesso, data_nascita, email, cellulare, citta, prov, stato, valutazione, origine, created_at)
      SELECT 'Nome ' || (g % 300), 'Cognome ' || (g % 5000), CASE WHEN g % 3 = 0 THEN 'F' ELSE 'M' END,
             date '1970-01-01' + g % 12000, 'c' || g || '@example.it', '3' || lpad(g::text, 9, '0'), 'Città ' || (g % 400),
             (ARRAY['MI','RM','NA','TO','PA'])[1 + g % 5],
             (ARRAY['nuovo','in_valutazione','colloquio','idoneo','assunto','scartato'])[1 + g % 6],
             CASE WHEN g % 4 = 0 THEN NULL ELSE 1 + g % 5 END, CASE WHEN g % 2 = 0 THEN 'form' ELSE 'manuale' END,
             now() - make_interval(hours => g)
      FROM generate_series(1, 20000) g;
      INSERT INTO users (username, email, nome, cognome, password_hash, permissions, attivo, last_login, created_at)
      SELECT 'utente' || g, 'utente' || g || '@example.it', 'Nome ' || (g % 300), 'Cognome ' || (g % 3000), '!',
             CASE WHEN g % 10 = 0 THEN '{admin}'::text[] ELSE '{erp_operatori}'::text[] END, g % 7 <> 0,
             CASE WHEN g % 5 = 0 THEN NULL ELSE now() - make_interval(mins => g) END, now() - make_interval(hours => g)
      FROM generate_series(1, 5000) g;
      INSERT INTO operatori_contratti (operatore_id, tipo, data_inizio)
      SELECT id, 'intermittente', current_date - 400 FROM operatori WHERE id % 3 = 0;
      ANALYZE;`);
    const rels = await queryRows<{ relname: string }>(
      db.db,
      sql`SELECT relname FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace AND reltuples > 2000`,
    );
    big = new Set(rels.map((r) => r.relname));
  });
  afterAll(async () => {
    await db?.close();
  });

  const parse = (c: Case, query: Record<string, string>): ListQuery =>
    parseListQuery(c.list, { ...c.base, ...query }, { user: ADMIN, params: {} });
  const ctxOf = (c: Case, q: ListQuery, query: Record<string, string>) => ({
    user: ADMIN,
    params: {},
    query: { ...c.base, ...query },
    filters: q.filters,
  });

  /** A value of the field found in the data, as a query parameter. */
  async function sampleOf(c: Case, name: string): Promise<Record<string, string>> {
    const f = c.list.fields[name];
    const param = f.param ?? name;
    if (f.type === "boolean") return { [param]: "true" };
    const from = sql`${c.list.from} ${sql.join(Object.values(c.list.joins ?? {}), sql` `)}`;
    const rows = await queryRows<{ v: string }>(
      db.db,
      sql`SELECT (${f.sql})::text AS v FROM ${from} WHERE (${f.sql}) IS NOT NULL LIMIT 1`,
    );
    const v = rows[0]?.v ?? "1";
    switch (f.filter) {
      case "range":
        return { [`${param}_dal`]: v.slice(0, 10) };
      case "contains":
      case "starts":
        return { [param]: v.slice(0, 4) };
      default:
        return { [param]: v };
    }
  }

  for (const c of CASES) {
    const name = c.list.name;

    it(`${name}: every sort is read from an index`, async () => {
      const found: Record<string, string[]> = {};
      for (const [field, f] of Object.entries(c.list.fields)) {
        if (!f.sortable || UNINDEXED[`${name}.sort.${field}`]) continue;
        for (const asc of ["true", "false"]) {
          const query = { order_field: field, order_asc: asc };
          const q = parse(c, query);
          const p = await unserved(db, pageKeysQuery(c.list, q, ctxOf(c, q, query), 25, 0), big, true);
          if (p.length) found[`${field} ${asc === "true" ? "asc" : "desc"}`] = p;
        }
      }
      expect(found).toEqual({});
    });

    it(`${name}: every filter and common query is served by an index`, async () => {
      const requests: Record<string, Record<string, string>> = {};
      for (const [field, f] of Object.entries(c.list.fields)) {
        if (f.filter && !UNINDEXED[`${name}.filter.${field}`]) requests[field] = await sampleOf(c, field);
      }
      for (const filter of Object.keys(c.list.filters ?? {})) {
        if (UNINDEXED[`${name}.filter.${filter}`] || c.base?.[filter] !== undefined) continue;
        const v = c.samples?.[filter];
        if (v === undefined) throw new Error(`${name}: a sample value for the custom filter '${filter}' is missing`);
        requests[filter] = { [filter]: v };
      }
      for (const [i, query] of (c.list.commonQueries ?? []).entries()) requests[`common ${i}`] = query;
      const found: Record<string, string[]> = {};
      for (const [label, query] of Object.entries(requests)) {
        const q = parse(c, query);
        const ctx = ctxOf(c, q, query);
        const p = [
          ...(await unserved(db, pageKeysQuery(c.list, q, ctx, 25, 0), big, false)),
          ...(await unserved(db, countQuery(c.list, q, ctx), big, false)).map((x) => `count: ${x}`),
        ];
        if (p.length) found[`${label} ${JSON.stringify(query)}`] = p;
      }
      expect(found).toEqual({});
    });
  }
});
