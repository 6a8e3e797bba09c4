import { SQL } from "drizzle-orm";
import type { FieldDef, List, ListDeclaration, ListDef, ListField, ListSql } from "./types";

const NAME = /^[a-z_][a-z0-9_]*$/;
const NUMERIC = new Set(["number", "integer", "euro", "hours"]);
/** Names the engine itself answers or reads; a field or filter may not take them. */
export const RESERVED_PARAMS = new Set([
  "page",
  "page_size",
  "global",
  "order_field",
  "order_asc",
  "sort",
  "group_by",
  "timestamp",
  "file_type",
  "hidden_fields",
  "show_fields",
  "count",
]);

/**
 * A list: its shared declaration (src/domain/contracts/<module>/<resource>.ts) read through the
 * server's SQL. Checks both once at start-up (every field has its SQL, names, aggregates, filters)
 * so a mistake fails the server's boot, never a request.
 */
export function defineList<F extends Record<string, ListField>>(
  declaration: ListDeclaration<F>,
  server: ListSql<F>,
): List<F> {
  const where = `defineList(${declaration.name})`;
  const { sql: fieldSql, ...rest } = server;
  for (const name of Object.keys(fieldSql))
    if (!Object.hasOwn(declaration.fields, name)) throw new Error(`${where}: SQL di un campo non dichiarato '${name}'`);
  const fields = Object.fromEntries(
    Object.entries(declaration.fields).map(([name, f]) => {
      const s = Object.hasOwn(fieldSql, name) ? fieldSql[name as keyof F] : undefined;
      if (!s) throw new Error(`${where}: manca l'SQL del campo '${name}'`);
      return [name, { ...f, ...(s instanceof SQL ? { sql: s } : s) } satisfies FieldDef];
    }),
  ) as ListDef<F>["fields"];
  const def: ListDef<F> = { ...declaration, ...rest, fields };
  const params = new Set<string>();
  const claim = (p: string) => {
    if (!NAME.test(p)) throw new Error(`${where}: nome di parametro non valido '${p}'`);
    if (RESERVED_PARAMS.has(p)) throw new Error(`${where}: '${p}' è un parametro riservato`);
    if (params.has(p)) throw new Error(`${where}: parametro '${p}' dichiarato due volte`);
    params.add(p);
  };
  for (const [name, f] of Object.entries(def.fields)) {
    if (!NAME.test(name) || name === "count") throw new Error(`${where}: nome di campo non valido '${name}'`);
    if (f.aggregate && !NUMERIC.has(f.type))
      throw new Error(`${where}: '${name}' non è numerico e non può essere aggregato`);
    if (f.group && !f.groupable) throw new Error(`${where}: '${name}' ha un raggruppamento ma non è raggruppabile`);
    if (f.type === "json" && (f.filter || f.sortable || f.groupable || f.global))
      throw new Error(`${where}: il campo json '${name}' non può essere filtrato, ordinato o raggruppato`);
    if (f.filter === "range") {
      const p = f.param ?? name;
      claim(`${p}_dal`);
      claim(`${p}_al`);
    } else if (f.filter) claim(f.param ?? name);
  }
  for (const name of Object.keys(def.columns ?? {})) {
    if (!NAME.test(name) || name in def.fields) throw new Error(`${where}: colonna extra non valida '${name}'`);
  }
  for (const name of Object.keys(def.filters ?? {})) claim(name);
  for (const name of Object.keys(def.keptTotals?.by ?? {})) {
    const f = Object.hasOwn(def.fields, name) ? def.fields[name] : undefined;
    if (f?.filter !== "eq" && f?.filter !== "in")
      throw new Error(`${where}: keptTotals su '${name}', che non è un campo con filtro eq o in`);
  }
  for (const o of def.defaultOrder ?? []) {
    if (!def.fields[o.field]) throw new Error(`${where}: defaultOrder su campo sconosciuto '${o.field}'`);
  }
  for (const [alias, join] of Object.entries(def.joins ?? {})) {
    if (!NAME.test(alias)) throw new Error(`${where}: alias di join non valido '${alias}'`);
    if ("many" in join) continue;
    if ("lateral" in join) {
      if (!join.oneRow.trim()) throw new Error(`${where}: la join laterale '${alias}' deve dire perché dà una riga`);
      continue;
    }
    if (!NAME.test(join.table)) throw new Error(`${where}: tabella non valida '${join.table}' nella join '${alias}'`);
    const columns = Object.keys(join.on);
    if (columns.length === 0 || columns.some((c) => !NAME.test(c)))
      throw new Error(`${where}: la join '${alias}' deve dire su quali colonne di ${join.table} si unisce`);
  }
  const list = Object.freeze({ ...def, __list: true as const });
  if (def.joins) JOINED.push(list);
  return list;
}

/** The lists with joins, for the start-up check of their multiplicity (check-joins.ts). */
export const JOINED: List[] = [];
