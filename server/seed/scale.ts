/**
 * The scale dataset for the benchmark (`npm run erp -- seed scale`, `npm run bench`): operators,
 * clients and audit entries generated inside PostgreSQL with INSERT … SELECT generate_series (no
 * row crosses the wire), in chunks, then VACUUM ANALYZE. Only the columns of shared-schema.md are
 * written, so it works whatever optional columns the modules add. Codes are 'SC0000001'… (the
 * default 'OP'+5 digits of operatori.codice cannot go past 99,999). Contracts/weeks: see RESULTS.md.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { queryOne } from "../db/query";
import { COGNOMI_ITALIANI } from "./italian-names";
import { seedScalePianificazione } from "./scale-pianificazione";

export interface ScaleOptions {
  operators: number;
  clients: number;
  contracts: number;
  weeks: number;
  logEntries: number;
  /** Progress lines (default: console.log). */
  log?: (line: string) => void;
}

export const SCALE_DEFAULTS: ScaleOptions = {
  operators: 200_000,
  clients: 2_000,
  contracts: 0,
  weeks: 0,
  logEntries: 2_000_000,
};

const COGNOMI: string[] = [...COGNOMI_ITALIANI];
const NOMI = [
  "Marco",
  "Giuseppe",
  "Luca",
  "Andrea",
  "Francesco",
  "Alessandro",
  "Giovanni",
  "Matteo",
  "Stefano",
  "Paolo",
  "Giulia",
  "Francesca",
  "Chiara",
  "Sara",
  "Anna",
  "Valentina",
  "Laura",
  "Elena",
  "Martina",
  "Federica",
];
const PROVINCE = [
  "MI",
  "RM",
  "NA",
  "TO",
  "PA",
  "BA",
  "BO",
  "FI",
  "GE",
  "VE",
  "VR",
  "CT",
  "PD",
  "BS",
  "BG",
  "MB",
  "VA",
  "CO",
  "TS",
  "CA",
];
const CONTENT_TYPES = ["operatore", "cliente", "contratto", "turno", "utente"];

const arr = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(",")}]`;

async function count(database: Database, table: string): Promise<number> {
  const r = await queryOne<{ n: number }>(database.db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  return Number(r?.n ?? 0);
}

async function inChunks(total: number, chunk: number, run: (from: number, to: number) => Promise<void>) {
  for (let from = 1; from <= total; from += chunk) await run(from, Math.min(total, from + chunk - 1));
}

/** Adds rows up to the requested totals (existing rows count), then VACUUM ANALYZE. */
export async function seedScale(database: Database, options: Partial<ScaleOptions> = {}): Promise<void> {
  const o = { ...SCALE_DEFAULTS, ...options };
  const log = o.log ?? ((l: string) => console.log(l));
  const t0 = Date.now();

  const haveOps = await count(database, "operatori");
  await inChunks(o.operators - haveOps, 50_000, async (from, to) => {
    await database.exec(`INSERT INTO operatori (codice, nome, cognome, sesso, codice_fiscale, data_nascita, indirizzo, cap, citta, prov,
        cellulare, email, attivo, cessato, black_list, rating, created_at, updated_at)
      SELECT 'SC' || lpad((g + ${haveOps})::text, 7, '0'), n.nome, c.cognome, CASE WHEN g % 3 = 0 THEN 'F' ELSE 'M' END,
             'SCL' || lpad((g + ${haveOps})::text, 13, '0'),
             date '1960-01-01' + ((g * 7919) % 14000),
             'Via Roma ' || (g % 200 + 1), lpad(((g * 31) % 99999)::text, 5, '0'), 'Città ' || (g % 500),
             (${arr(PROVINCE)})[1 + (g * 13) % ${PROVINCE.length}],
             '3' || lpad(((g * 7907) % 1000000000)::text, 9, '0'), 'operatore' || (g + ${haveOps}) || '@example.it',
             g % 11 <> 0, g % 53 = 0, g % 97 = 0, CASE WHEN g % 4 = 0 THEN NULL ELSE 1 + g % 5 END, now(), now()
      FROM generate_series(${from}, ${to}) g
      CROSS JOIN LATERAL (SELECT (${arr(COGNOMI)})[1 + (g * 7) % ${COGNOMI.length}] AS cognome) c
      CROSS JOIN LATERAL (SELECT (${arr(NOMI)})[1 + (g * 11) % ${NOMI.length}] AS nome) n`);
    log(`operatori: ${haveOps + to}`);
  });

  const haveCli = await count(database, "clienti");
  if (o.clients > haveCli) {
    await database.exec(`INSERT INTO clienti (ragione_sociale, partita_iva, citta, prov, attivo)
      SELECT 'Cliente ' || (g + ${haveCli}) || ' S.r.l.', lpad((g + ${haveCli})::text, 11, '0'), 'Città ' || (g % 500),
             (${arr(PROVINCE)})[1 + g % ${PROVINCE.length}], g % 20 <> 0
      FROM generate_series(1, ${o.clients - haveCli}) g`);
    log(`clienti: ${o.clients}`);
  }

  const haveLog = await count(database, "log_entries");
  const ops = Math.max(1, o.operators);
  await inChunks(o.logEntries - haveLog, 250_000, async (from, to) => {
    // Spread over the last two years; one in five entries is a shift related to its contract.
    // The rows and their hash chain (migration 0002) are made by one function with the chain's
    // per-row trigger off for the statement: the trigger updates the chain's head row once per
    // entry, and in one statement of 250,000 entries every update walks the head's earlier
    // versions of the same transaction — quadratic, more than 30 minutes for one chunk. The same
    // hash as the trigger's (log_entry_hash), in seq order, then the head moved once. Needs the
    // table's owner (ALTER TABLE), as a seed does.
    await database.exec(`
      CREATE OR REPLACE FUNCTION pg_temp.seed_log_entries(g_from bigint, g_to bigint) RETURNS SETOF log_entries
      LANGUAGE plpgsql AS $$
      DECLARE
        head log_chain;
        e log_entries;
        h bytea;
        g bigint;
      BEGIN
        SELECT * INTO head FROM log_chain FOR UPDATE;
        e.seq := head.seq;
        h := head.hash;
        FOR g IN g_from..g_to LOOP
          e.id := nextval(pg_get_serial_sequence('log_entries', 'id'));
          e.seq := e.seq + 1;
          e.azione := (ARRAY['Creazione','Modifica','Modifica','Modifica','Eliminazione'])[1 + g % 5];
          e.data_ora := now() - make_interval(secs => (g * 31.0) % 63072000);
          e.utente_id := NULL;
          e.note := 'Voce di prova ' || g;
          e.content_type := (${arr(CONTENT_TYPES)})[1 + g % ${CONTENT_TYPES.length}];
          e.object_id := CASE e.content_type WHEN 'operatore' THEN (1 + (g * 7) % ${ops})::text ELSE (1 + g % 2000)::text END;
          e.related := CASE e.content_type
            WHEN 'turno' THEN jsonb_build_array(jsonb_build_object('content_type','contratto','object_id',(1 + g % 2000)::text))
            ELSE '[]'::jsonb END;
          e.dati := jsonb_build_object('change_log', jsonb_build_array('Cognome: "Rossi" → "Bianchi"'));
          e.ip := NULL;
          h := log_entry_hash(h, e);
          e.hash := h;
          RETURN NEXT e;
        END LOOP;
        UPDATE log_chain SET seq = e.seq, hash = h;
      END
      $$;
      ALTER TABLE log_entries DISABLE TRIGGER log_entries_chain;
      INSERT INTO log_entries SELECT * FROM pg_temp.seed_log_entries(${from + haveLog}, ${to + haveLog}) ORDER BY seq;
      ALTER TABLE log_entries ENABLE TRIGGER log_entries_chain;`);
    log(`log_entries: ${haveLog + to}`);
  });

  if (o.contracts > 0) await seedScalePianificazione(database, { contracts: o.contracts, weeks: o.weeks, log });
  log("VACUUM ANALYZE…");
  await database.exec("VACUUM ANALYZE");
  log(`fatto in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
