/**
 * The planning part of the scale dataset (`npm run erp -- seed scale --contracts N --weeks N`,
 * `npm run bench`), generated inside PostgreSQL with INSERT … SELECT generate_series:
 * N contracts spread over a few hundred clients, one service each covering `weeks` weeks (half in
 * the past, half ahead), five shifts a day (three 8-hour guard shifts round the clock — the night
 * one crossing midnight —, a split fiduciary shift and a reception shift). With the defaults
 * (600 contracts, 52 weeks) that is 218,400 days and 1,092,000 shifts.
 *
 * About half of the shifts up to two weeks ahead get an operator (confirmed in the past), with
 * their time ranges in turni_operatori_periodi, so the exclusion constraint and the rule checks
 * work on a realistic table. Each contract has its own block of 15 operators (qualified, with a
 * guard's decree) and operator k takes template j (0..4) on day d when (5·d + j) mod 15 = k: one shift
 * every third day, never two overlapping ranges. Scale contracts are numbered 'SC-000001'…;
 * running it again adds only what is missing.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { queryOne, queryRows } from "../db/query";

export interface ScalePianificazioneOptions {
  contracts: number;
  weeks: number;
  /** Clients the contracts are spread over (the first ones by id). */
  maxClients?: number;
  /** Share of the shifts given an operator, in percent (default 55). */
  assignedPercent?: number;
  /** Shifts are given an operator up to this many days ahead of today (default 14). */
  assignedDaysAhead?: number;
  log?: (line: string) => void;
}

/** Operators per contract block (a multiple of the 5 daily shifts). */
export const SCALE_BLOCK = 15;
export const SCALE_SHIFTS_PER_DAY = 5;
const SERVICES_PER_CHUNK = 40;

async function n(database: Database, q: ReturnType<typeof sql>): Promise<number> {
  return Number((await queryOne<{ n: number }>(database.db, q))?.n ?? 0);
}

export async function seedScalePianificazione(database: Database, o: ScalePianificazioneOptions): Promise<void> {
  const log = o.log ?? ((l: string) => console.log(l));
  const weeks = Math.max(1, o.weeks || 52);
  const maxClients = o.maxClients ?? 400;
  const assignedPercent = o.assignedPercent ?? 55;
  const assignedDaysAhead = o.assignedDaysAhead ?? 14;
  if (o.contracts <= 0) return;
  const clients = await n(database, sql`SELECT count(*)::int AS n FROM clienti`);
  if (clients === 0) {
    log("contratti: nessun cliente, genera prima i clienti (--clients)");
    return;
  }

  // Contracts, spread over the first maxClients clients.
  const have = await n(database, sql`SELECT count(*)::int AS n FROM contratti WHERE numero_contratto LIKE 'SC-%'`);
  if (o.contracts > have) {
    await database.exec(`
      WITH cl AS (SELECT array_agg(id ORDER BY id) AS ids FROM (SELECT id FROM clienti ORDER BY id LIMIT ${maxClients}) x)
      INSERT INTO contratti (titolo, cliente_id, tipo_contratto, numero_contratto, tipo_servizio, sede, responsabile, attivo)
      SELECT (ARRAY['Piantonamento','Vigilanza ispettiva','Portierato','Controllo accessi','Steward eventi'])[1 + g % 5]
               || ' ' || g,
             cl.ids[1 + (g - 1) % array_length(cl.ids, 1)], 'Continuativo', 'SC-' || lpad(g::text, 6, '0'),
             (ARRAY['Piantonamento armato','Vigilanza ispettiva','Portierato','Controllo accessi','Steward eventi'])[1 + g % 5],
             'Sede ' || (g % 97), 'Responsabile ' || (g % 13), g % 25 <> 0
      FROM generate_series(${have + 1}, ${o.contracts}) g, cl`);
    log(`contratti: ${o.contracts}`);
  }

  // One service per contract: `weeks` weeks starting from the Monday `weeks/2` weeks ago.
  await database.exec(`
    INSERT INTO servizi (contratto_id, dal, al, descrizione, indirizzo, lat, lng)
    SELECT c.id, d.dal, d.dal + ${weeks * 7 - 1}, 'Servizio ' || c.numero_contratto, 'Via dei Servizi ' || (c.id % 300 + 1),
           41 + (c.id % 500) / 100.0, 9 + (c.id % 700) / 100.0
    FROM contratti c
    CROSS JOIN (SELECT date_trunc('week', current_date)::date - ${Math.floor(weeks / 2) * 7} AS dal) d
    WHERE c.numero_contratto LIKE 'SC-%' AND NOT EXISTS (SELECT 1 FROM servizi s WHERE s.contratto_id = c.id)`);

  // Operator blocks: qualifications and a guard's decree for the first contracts × 15 eligible operators.
  const eligible = await n(
    database,
    sql`SELECT count(*)::int AS n FROM operatori WHERE attivo AND NOT cessato AND NOT black_list`,
  );
  const withOperators = Math.min(o.contracts, Math.floor(eligible / SCALE_BLOCK));
  await database.exec(`
    CREATE UNLOGGED TABLE IF NOT EXISTS scale_blocchi (k int PRIMARY KEY, operatore_id int NOT NULL);
    TRUNCATE scale_blocchi;
    INSERT INTO scale_blocchi
      SELECT (row_number() OVER (ORDER BY id))::int - 1, id FROM operatori
      WHERE attivo AND NOT cessato AND NOT black_list ORDER BY id LIMIT ${withOperators * SCALE_BLOCK};
    INSERT INTO operatori_posizioni (operatore_id, posizione_id)
      SELECT b.operatore_id, p.id FROM scale_blocchi b, posizioni p
      WHERE p.descrizione IN ('Guardia particolare giurata', 'Addetto ai servizi fiduciari', 'Portiere / Addetto alla reception')
      ON CONFLICT DO NOTHING;
    INSERT INTO operatori_documenti (operatore_id, tipo, numero, data_rilascio)
      SELECT b.operatore_id, 'decreto_gpg', 'SC-GPG-' || b.operatore_id, current_date - 1000 FROM scale_blocchi b
      WHERE NOT EXISTS (SELECT 1 FROM operatori_documenti d WHERE d.operatore_id = b.operatore_id AND d.tipo = 'decreto_gpg');`);

  // Days, shifts and assignments, a chunk of services at a time.
  const todo = (
    await queryRows<{ id: number }>(
      database.db,
      sql`SELECT s.id FROM servizi s JOIN contratti c ON c.id = s.contratto_id
          WHERE c.numero_contratto LIKE 'SC-%' AND NOT EXISTS (SELECT 1 FROM giorni g WHERE g.servizio_id = s.id)
          ORDER BY s.id`,
    )
  ).map((r) => Number(r.id));
  const t0 = Date.now();
  for (let i = 0; i < todo.length; i += SERVICES_PER_CHUNK) {
    const chunk = todo.slice(i, i + SERVICES_PER_CHUNK);
    const list = chunk.join(",");
    await database.exec(`
      INSERT INTO giorni (servizio_id, giorno)
        SELECT s.id, d::date FROM servizi s, generate_series(s.dal, s.al, interval '1 day') d WHERE s.id IN (${list});
      INSERT INTO turni (giorno_id, inizio_f1, fine_f1, inizio_f2, fine_f2, posizione_id, operatori_richiesti)
        SELECT g.id, v.i1, v.f1, v.i2, v.f2, p.id, 1
        FROM giorni g
        CROSS JOIN (VALUES (1, time '06:00', time '14:00', NULL::time, NULL::time, 'Guardia particolare giurata'),
                           (2, time '14:00', time '22:00', NULL, NULL, 'Guardia particolare giurata'),
                           (3, time '22:00', time '06:00', NULL, NULL, 'Guardia particolare giurata'),
                           (4, time '08:00', time '12:00', time '14:00', time '18:00', 'Addetto ai servizi fiduciari'),
                           (5, time '09:00', time '17:00', NULL, NULL, 'Portiere / Addetto alla reception'))
             AS v(j, i1, f1, i2, f2, posizione)
        JOIN posizioni p ON p.descrizione = v.posizione
        WHERE g.servizio_id IN (${list})
        ORDER BY g.id, v.j;
      WITH cand AS (
        SELECT t.id AS turno_id, g.giorno, g.giorno - s.dal AS d, c.rn,
               row_number() OVER (PARTITION BY g.id ORDER BY t.id)::int AS j
        FROM servizi s
        JOIN (SELECT id, row_number() OVER (ORDER BY id)::int AS rn FROM contratti WHERE numero_contratto LIKE 'SC-%') c
          ON c.id = s.contratto_id
        JOIN giorni g ON g.servizio_id = s.id JOIN turni t ON t.giorno_id = g.id
        WHERE s.id IN (${list}) AND c.rn <= ${withOperators} AND g.giorno <= current_date + ${assignedDaysAhead}
      )
      INSERT INTO turni_operatori (turno_id, operatore_id, confermato, assegnato_il, confermato_il)
        SELECT x.turno_id, b.operatore_id, x.giorno < current_date, x.giorno - 7,
               CASE WHEN x.giorno < current_date THEN x.giorno - 2 END
        FROM cand x JOIN scale_blocchi b ON b.k = (x.rn - 1) * ${SCALE_BLOCK} + (5 * x.d + x.j - 1) % ${SCALE_BLOCK}
        WHERE (x.turno_id::bigint * 7919) % 100 < ${assignedPercent};
      INSERT INTO turni_operatori_periodi (turno_operatore_id, turno_id, operatore_id, periodo)
        SELECT a.id, a.turno_id, a.operatore_id, r.periodo
        FROM turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id
        CROSS JOIN LATERAL (
          SELECT tstzrange((g.giorno + t.inizio_f1) AT TIME ZONE 'Europe/Rome',
                           (g.giorno + (t.fine_f1 <= t.inizio_f1)::int + t.fine_f1) AT TIME ZONE 'Europe/Rome', '[)') AS periodo
          UNION ALL
          SELECT tstzrange((g.giorno + (t.inizio_f2 < t.inizio_f1)::int + t.inizio_f2) AT TIME ZONE 'Europe/Rome',
                           (g.giorno + (t.inizio_f2 < t.inizio_f1)::int + (t.fine_f2 <= t.inizio_f2)::int + t.fine_f2)
                             AT TIME ZONE 'Europe/Rome', '[)')
          WHERE t.inizio_f2 IS NOT NULL
        ) r
        WHERE g.servizio_id IN (${list});`);
    const done = Math.min(todo.length, i + SERVICES_PER_CHUNK);
    if (done % 200 === 0 || done === todo.length)
      log(`servizi con giorni e turni: ${done}/${todo.length} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  await database.exec("DROP TABLE IF EXISTS scale_blocchi");
  const turni = await n(database, sql`SELECT count(*)::int AS n FROM turni`);
  const assegnati = await n(database, sql`SELECT count(*)::int AS n FROM turni_operatori`);
  log(`turni: ${turni}, assegnazioni: ${assegnati}`);
}
