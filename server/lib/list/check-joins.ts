/**
 * The start-up check of the lists' joins (types.ts `ListJoin`): a join declared to one row must
 * join on columns that hold a unique key of its table — a unique index without a predicate or an
 * expression whose columns are all among the join's — or the engine, leaving it out of a count,
 * would count rows its page reads more than once. The server refuses to start on such a join: it
 * is declared `many` (carried by every statement) or its key is corrected.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { queryRows } from "../../db/query";
import { JOINED } from "./define-list";
import type { List } from "./types";

/** The refusal: lists whose to-one joins can multiply rows (a database error is not one). */
export class JoinsError extends Error {}

export async function checkListJoins(db: Executor, lists: readonly List[] = JOINED): Promise<void> {
  const rows = lists.flatMap((list) =>
    Object.entries(list.joins ?? {}).flatMap(([alias, join]) =>
      "many" in join || "lateral" in join
        ? []
        : [{ lista: list.name, alias, tabella: join.table, colonne: Object.keys(join.on).join(",") }],
    ),
  );
  if (rows.length === 0) return;
  const wrong = await queryRows<{ lista: string; alias: string; tabella: string; colonne: string }>(
    db,
    sql`SELECT v.lista, v.alias, v.tabella, v.colonne
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(lista text, alias text, tabella text, colonne text)
         WHERE NOT EXISTS (
           SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
            WHERE c.relname = v.tabella AND c.relnamespace = 'public'::regnamespace
              AND i.indisunique AND i.indpred IS NULL AND i.indexprs IS NULL
              AND (SELECT array_agg(a.attname::text) FROM pg_attribute a
                    WHERE a.attrelid = c.oid AND a.attnum = ANY (i.indkey::int2[])) <@ string_to_array(v.colonne, ','))
         ORDER BY 1, 2`,
  );
  if (wrong.length > 0)
    throw new JoinsError(
      `Elenchi con join che possono moltiplicare le righe (nessun indice univoco sulle colonne della join): ${wrong
        .map((w) => `${w.lista}.${w.alias} → ${w.tabella}(${w.colonne})`)
        .join("; ")}. Dichiararle { many } o unirle su una chiave univoca.`,
    );
}
