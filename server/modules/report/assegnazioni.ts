/**
 * The SQL the hour and money reports share (risorse-assegnate, compensi, ricavi-attivita,
 * compensi-mensili): one row per assignment in report_ore_turni `r` — its day, operator, service,
 * contract and qualification (migration 0660) and its seconds in the 8 bands (0601, kept by the
 * database from the assignment's ranges and check-ins) — and the money of src/domain/hours/money.ts
 * through erp_importo_ore (migration 0600).
 */
import { type SQL, sql } from "drizzle-orm";
import type { ASSEGNAZIONE_FIELDS } from "../../../src/domain/contracts/report/assegnazioni";
import {
  type FieldSql,
  type ListContext,
  type ListQuery,
  type ListSql,
  periodFilters,
  requirePeriod,
} from "../../lib/list";

export const MAX_GIORNI_REPORT = 366;

/**
 * The first day of a date's month, immutable (date_trunc('month', …) goes through timestamptz and
 * the time zone): an index can hold it (giorni_mese_idx, migration 0655).
 */
export const meseDi = (day: SQL) => sql`(${day} - extract(day FROM ${day})::integer + 1)`;

/**
 * Revenue and pay of the assignment, kept on its row (migration 0660): erp_importo_ore of its bands
 * with the contract's price / pay for the qualification, surcharges included; NULL without one.
 * Re-priced through a queue, so a reader brings them up to date first: the list's `prepare`.
 */
export const RICAVO = sql`r.ricavo`;
export const COMPENSO = sql`r.compenso`;
/** The statement that re-prices the rows the writes queued (report_ore_prezza, migration 0660). */
export const PREZZA = sql`SELECT report_ore_prezza() AS n`;

/**
 * What the hour and money reports call first (their `prepare`): the queued money re-priced
 * (report_ore_prezza) and the queued operator-months of report_ore_mesi recomputed (migration 0894).
 */
export const RINFRESCA_ORE = sql`SELECT report_ore_mesi_rinfresca() AS n`;

/** A missing rate is said, never a 0 (src/domain/hours/README.md 'No rate → no amount'). */
export const MOTIVO_SENZA_PREZZO = "Nessun prezzo per la qualifica nel contratto";
export const MOTIVO_SENZA_COMPENSO = "Nessun compenso per la qualifica nel contratto";

const ORE = sql`(r.feriale_diurno + r.feriale_notturno + r.domenica_diurno + r.domenica_notturno
  + r.festivo_diurno + r.festivo_notturno + r.festivo_domenica_diurno + r.festivo_domenica_notturno)`;

type Fields = typeof ASSEGNAZIONE_FIELDS;

/** The hour fields of a row `r`: what report_ore_mesi sums per operator and month (migration 0894). */
const ORE_RIGA = {
  ore_pianificate: sql`r.pianificate`,
  ore: ORE,
  diurne: sql`r.feriale_diurno`,
  notturne: sql`r.feriale_notturno`,
  domenicali: sql`(r.domenica_diurno + r.domenica_notturno)`,
  festive: sql`(r.festivo_diurno + r.festivo_notturno + r.festivo_domenica_diurno + r.festivo_domenica_notturno)`,
};
/** The aggregates report_ore_mesi keeps (a column each, by the field's name), and the same over rows `r`. */
const SOMME_MESI: Record<string, SQL> = { ...ORE_RIGA, ricavo: RICAVO, compenso: COMPENSO };

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** The first day of the month `n` months after the month of day `d` ('YYYY-MM-DD'). */
const meseDopo = (d: string, n: number) =>
  isoDay(new Date(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1 + n, 1)));

/**
 * Seconds are summed as float8 (whole numbers far below 2^53: exact, and a float8 sum is cheaper than
 * the numeric one of bigints), money as numeric (the rows' exact sum, as the engine's).
 */
const esatto = (a: string) => (a === "ricavo" || a === "compenso" ? sql`` : sql`::float8`);

/**
 * The groups per operator from the sums kept per operator and month (report_ore_mesi, migration
 * 0894): the whole months of the period from there (≤ 12 rows per operator), the days at its edges
 * from report_ore_turni — the same sums as over the period's rows. Only for a request filtered by
 * its period alone (no other filter, no search) and aggregates the table keeps; else undefined
 * (the engine sums the rows).
 */
export function perOperatore(q: ListQuery, ctx: ListContext, aggregates: readonly string[]): SQL | undefined {
  if (q.groupBy !== "operatore" || q.global) return undefined;
  const filtri = Object.keys(q.filters);
  if (q.conditions.length !== filtri.length || filtri.some((f) => f !== "dal" && f !== "al")) return undefined;
  if (aggregates.some((a) => !Object.hasOwn(SOMME_MESI, a))) return undefined;
  const dal = ctx.filters.dal as string | undefined;
  const al = ctx.filters.al as string | undefined;
  if (!dal || !al) return undefined;
  // Whole months [primo, dopo): from the month of `dal` (or the next) to before the month after `al` (or al's own).
  const primo = dal.endsWith("-01") ? dal : meseDopo(dal, 1);
  const dopo =
    meseDopo(al, 1) === isoDay(new Date(Date.parse(`${al}T00:00:00Z`) + 86_400_000))
      ? meseDopo(al, 1)
      : meseDopo(al, 0);
  if (primo >= dopo) return undefined;
  const mesi = sql.join(
    [
      sql`m.operatore_id AS k`,
      sql`m.turni AS n`,
      ...aggregates.map((a) => sql`m.${sql.identifier(a)}${esatto(a)} AS ${sql.identifier(a)}`),
    ],
    sql`, `,
  );
  const bordi = sql.join(
    [sql`r.operatore_id`, sql`count(*)`, ...aggregates.map((a) => sql`sum(${SOMME_MESI[a]})${esatto(a)}`)],
    sql`, `,
  );
  const somme = sql.join(
    [sql`k`, sql`sum(n) AS n`, ...aggregates.map((a) => sql`sum(${sql.identifier(a)}) AS ${sql.identifier(a)}`)],
    sql`, `,
  );
  return sql`SELECT ${somme} FROM (
      SELECT ${mesi} FROM report_ore_mesi m WHERE m.mese >= ${primo}::date AND m.mese < ${dopo}::date
      UNION ALL
      SELECT ${bordi} FROM report_ore_turni r
       WHERE (r.giorno >= ${dal}::date AND r.giorno < ${primo}::date) OR (r.giorno >= ${dopo}::date AND r.giorno <= ${al}::date)
       GROUP BY r.operatore_id
    ) u GROUP BY k`;
}

/**
 * FROM, joins, key, period and the SQL of the shared fields; a report adds its money fields. One
 * table: report_ore_turni holds a row per assignment with its day, operator, service, contract and
 * qualification (migration 0660), so a page, a count or a group over a year reads it by day and
 * joins only the names it shows.
 */
export const assegnazioniSql = {
  from: sql`report_ore_turni r`,
  // NOT NULL foreign keys, and at most one row per (contract, qualification) in contratti_prezzi /
  // contratti_compensi.
  joins: {
    s: { table: "servizi", on: { id: sql`r.servizio_id` } },
    c: { table: "contratti", on: { id: sql`r.contratto_id` } },
    cl: { table: "clienti", on: { id: sql`c.cliente_id` } },
    o: { table: "operatori", on: { id: sql`r.operatore_id` } },
    pz: { table: "posizioni", on: { id: sql`r.posizione_id` } },
    cp: {
      table: "contratti_prezzi",
      on: { contratto_id: sql`r.contratto_id`, posizione_id: sql`r.posizione_id` },
      left: true,
    },
    cc: {
      table: "contratti_compensi",
      on: { contratto_id: sql`r.contratto_id`, posizione_id: sql`r.posizione_id` },
      left: true,
    },
  },
  key: sql`r.turno_operatore_id`,
  // Per operator over whole months: the sums kept per operator and month (report_ore_mesi).
  prepare: RINFRESCA_ORE,
  groupSummary: perOperatore,
  where: (ctx) => {
    requirePeriod(ctx, MAX_GIORNI_REPORT);
    return undefined;
  },
  filters: periodFilters(sql`r.giorno`),
  sql: {
    id: sql`r.turno_operatore_id`,
    giorno: sql`r.giorno`,
    mese: sql`to_char(r.giorno, 'YYYY-MM')`,
    // Grouped per key first (list/README.md 'Groups in two steps'): the year's rows on an integer.
    operatore: {
      sql: sql`o.cognome || ' ' || o.nome`,
      orderBy: sql`lower(o.cognome), lower(o.nome)`,
      group: { key: sql`r.operatore_id`, join: sql`JOIN operatori o ON o.id = x.k` },
    },
    cliente: {
      sql: sql`cl.ragione_sociale`,
      group: {
        key: sql`r.contratto_id`,
        join: sql`JOIN contratti c ON c.id = x.k JOIN clienti cl ON cl.id = c.cliente_id`,
      },
    },
    contratto: { sql: sql`c.titolo`, group: { key: sql`r.contratto_id`, join: sql`JOIN contratti c ON c.id = x.k` } },
    servizio: {
      sql: sql`CASE WHEN s.descrizione = '' THEN 'Servizio ' || s.id ELSE s.descrizione END`,
      group: { key: sql`r.servizio_id`, join: sql`JOIN servizi s ON s.id = x.k` },
    },
    qualifica: {
      sql: sql`pz.descrizione`,
      group: { key: sql`r.posizione_id`, join: sql`JOIN posizioni pz ON pz.id = x.k` },
    },
    fonte: sql`r.fonte`,
    ...ORE_RIGA,
    operatore_id: sql`r.operatore_id`,
    cliente_id: sql`c.cliente_id`,
    contratto_id: sql`r.contratto_id`,
    servizio_id: sql`r.servizio_id`,
  },
} satisfies Omit<ListSql<Fields>, "sql"> & { sql: Record<keyof Fields, SQL | FieldSql> };
