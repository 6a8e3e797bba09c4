/**
 * "Best SQL" of the list benchmark (issue 18): for each workload, the statements a DBA writes by
 * hand for the same answer — the same rows, columns and count the API returns — with nothing of
 * the list engine. run.ts measures them beside the engine's own SQL and reports API / best SQL:
 * how far the whole product stands from the floor the database allows, not from our own SQL.
 *
 * Each entry returns the statements one request needs, sent with bind parameters like the
 * engine's: a page carrying its total (`__total`, as the engine's since session 5: one round trip),
 * or a page that is not full alone (its length is the count). run.ts checks that they answer the
 * same ids and count as the API before measuring. The operators' pages without a search are
 * prepared, as the engine's are (`keepPlans`), with LIMIT and OFFSET written in: a generic plan for a bound OFFSET
 * walks the wrong way. The log's stay unnamed: show_related's generic plan is pathological
 * (NOTES.md, session 6), and the engine does not keep the log's plans.
 */
import type { Pool } from "pg";
import { statementName } from "../db/query";

export interface Statement {
  sql: string;
  params: unknown[];
  /** Sent as this named prepared statement (its plan kept by each connection), else unnamed. */
  name?: string;
}

/** Sends a statement as the product would: named (db/query.ts statementName) when it has a name. */
export async function send(pool: Pick<Pool, "query">, st: Statement): Promise<Record<string, unknown>[]> {
  if (!st.name) return (await pool.query(st.sql, st.params)).rows;
  return (await pool.query({ name: st.name, text: st.sql, values: st.params })).rows;
}

/** The statement named after its text, as a DBA prepares a hot statement. */
const prepared = (st: Statement): Statement => ({ ...st, name: statementName(st.sql) });

/** The operator list's columns for an administrator (every field), over `o` and `v`. */
const OPERATORE_COLUMNS = `o.id::float8 AS id, o.codice, o.cognome, o.nome, o.sesso, o.codice_fiscale,
  to_char(o.data_nascita, 'YYYY-MM-DD') AS data_nascita, o.cellulare, o.email, o.citta, o.prov,
  o.rating::float8 AS rating, v.descrizione AS valutazione,
  to_jsonb((SELECT coalesce(array_agg(p.descrizione ORDER BY p.ordine), '{}')
    FROM operatori_posizioni op JOIN posizioni p ON p.id = op.posizione_id WHERE op.operatore_id = o.id)) AS posizioni,
  o.applicazione, o.attivo, o.cessato, o.black_list,
  to_char(o.prossima_scadenza, 'YYYY-MM-DD') AS prossima_scadenza,
  to_char(o.created_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM-DD HH24:MI:SS') AS created_at`;

/** 25 operators by cognome from `offset`: ids from the (lower(cognome), id) index, then their rows. */
function operatoriByCognome(offset: number): Statement[] {
  return [
    prepared({
      // The total: the figure the database keeps (migration 0304's triggers), exact.
      sql: `SELECT ${OPERATORE_COLUMNS}, (SELECT n::int FROM liste_totali WHERE lista = 'operatori') AS __total
        FROM (SELECT id FROM operatori WHERE NOT anonimizzato ORDER BY lower(cognome), id
              LIMIT 25 OFFSET ${Number(offset)}) k
        JOIN operatori o ON o.id = k.id LEFT JOIN valutazioni v ON v.id = o.rating
        ORDER BY lower(o.cognome), o.id`,
      params: [],
    }),
  ];
}

const SEARCHED = ["codice", "cognome", "nome", "codice_fiscale", "citta"];

/** Hand-written statements per workload name of run.ts (the workload's query parameters given). */
export const BEST_SQL: Record<string, (query: Record<string, string>) => Statement[]> = {
  "operatori: prima pagina per cognome": () => operatoriByCognome(0),
  "operatori: pagina 200": (q) => operatoriByCognome((Number(q.page) - 1) * 25),
  "operatori: global 'ross'": (q) => [
    {
      // The matches once (trigram indexes OR-ed), counted and top-25-sorted in the same pass.
      sql: `WITH m AS MATERIALIZED (
          SELECT id, lower(cognome) AS c FROM operatori
          WHERE NOT anonimizzato AND (${SEARCHED.map((f) => `${f} ILIKE $1`).join(" OR ")})),
        k AS (SELECT id, c FROM m ORDER BY c, id LIMIT 25)
        SELECT ${OPERATORE_COLUMNS}, (SELECT count(*) FROM m)::int AS __total
        FROM k JOIN operatori o ON o.id = k.id LEFT JOIN valutazioni v ON v.id = o.rating
        ORDER BY k.c, o.id`,
      params: [`%${q.global}%`],
    },
  ],
  "operatori: attivo + provincia": (q) => [
    prepared({
      // The total: the figure the database keeps per province and active flag (migration 0893).
      sql: `SELECT ${OPERATORE_COLUMNS},
          (SELECT n::int FROM operatori_totali_prov WHERE prov = $1 AND attivo) AS __total
        FROM (SELECT id FROM operatori WHERE NOT anonimizzato AND attivo AND prov = $1
              ORDER BY lower(cognome), id LIMIT 25) k
        JOIN operatori o ON o.id = k.id LEFT JOIN valutazioni v ON v.id = o.rating
        ORDER BY lower(o.cognome), o.id`,
      params: [q.prov],
    }),
  ],
  "log di un operatore (solo le sue voci)": (q) => [
    {
      sql: `${LOG_SELECT} WHERE l.content_type = $1 AND l.object_id = $2
        ORDER BY l.data_ora DESC, l.id DESC LIMIT 25`,
      params: [q.content_type, q.object_id],
    },
  ],
  "log di un operatore (scheda Log: show_related)": (q) => [
    {
      sql: `${LOG_SELECT} WHERE (l.content_type = $1 AND l.object_id = $2) OR l.related @> $3::jsonb
        ORDER BY l.data_ora DESC, l.id DESC LIMIT 25`,
      params: [q.content_type, q.object_id, JSON.stringify([{ content_type: q.content_type, object_id: q.object_id }])],
    },
  ],
};

const LOG_SELECT = `SELECT l.id::float8 AS id, l.azione,
  to_char(l.data_ora AT TIME ZONE 'Europe/Rome', 'YYYY-MM-DD HH24:MI:SS') AS data_ora,
  trim(concat_ws(' ', u.nome, u.cognome)) AS utente, l.utente_id::float8 AS utente_id, l.note, l.content_type,
  l.object_id, coalesce(l.dati->'change_log', '[]'::jsonb) AS change_log,
  u.nome AS first_name, u.cognome AS last_name, l.related
  FROM log_entries l LEFT JOIN users u ON u.id = l.utente_id`;
