/**
 * The SQL the hour and money reports share (risorse-assegnate, compensi, ricavi-attivita,
 * analisi-ricavi, dashboard): one row per assignment `a` of a shift `t` on day `g`, its bands
 * from report_ore_turni `r` (migration 0601, kept by the database from the assignment's ranges),
 * and the money of src/domain/hours/money.ts through erp_importo_ore (migration 0600).
 */
import { type SQL, sql } from "drizzle-orm";
import type { ASSEGNAZIONE_FIELDS } from "../../../src/domain/contracts/report/assegnazioni";
import { type ListSql, periodFilters, requirePeriod } from "../../lib/list";

export const MAX_GIORNI_REPORT = 366;

/**
 * The first day of a date's month, immutable (date_trunc('month', …) goes through timestamptz and
 * the time zone): an index can hold it (giorni_mese_idx, migration 0655).
 */
export const meseDi = (day: SQL) => sql`(${day} - extract(day FROM ${day})::integer + 1)`;

/** The 8 bands of `r` in erp_ore_periodo's order (0 for an assignment without ranges). */
export const BANDS = sql`ARRAY[coalesce(r.feriale_diurno, 0), coalesce(r.feriale_notturno, 0),
  coalesce(r.domenica_diurno, 0), coalesce(r.domenica_notturno, 0), coalesce(r.festivo_diurno, 0),
  coalesce(r.festivo_notturno, 0), coalesce(r.festivo_domenica_diurno, 0), coalesce(r.festivo_domenica_notturno, 0)]::integer[]`;

/** Revenue of the assignment: price of the shift's qualification in the contract, with surcharges. */
export const RICAVO = sql`erp_importo_ore(${BANDS}, cp.prezzo_orario, cp.maggiorazione_notturna,
  cp.maggiorazione_festiva, cp.maggiorazione_domenicale)`;
/** Pay of the assignment: the contract's hourly compenso for the qualification, with its surcharges (0651). */
export const COMPENSO = sql`erp_importo_ore(${BANDS}, cc.compenso_orario, cc.maggiorazione_notturna,
  cc.maggiorazione_festiva, cc.maggiorazione_domenicale)`;

/** A missing rate is said, never a 0 (src/domain/hours/README.md 'No rate → no amount'). */
export const MOTIVO_SENZA_PREZZO = "Nessun prezzo per la qualifica nel contratto";
export const MOTIVO_SENZA_COMPENSO = "Nessun compenso per la qualifica nel contratto";

const ORE = sql`coalesce(r.feriale_diurno + r.feriale_notturno + r.domenica_diurno + r.domenica_notturno
  + r.festivo_diurno + r.festivo_notturno + r.festivo_domenica_diurno + r.festivo_domenica_notturno, 0)`;

type Fields = typeof ASSEGNAZIONE_FIELDS;

/** FROM, joins, key, period and the SQL of the shared fields; a report adds its money fields. */
export const assegnazioniSql = {
  from: sql`turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id`,
  // NOT NULL foreign keys, and at most one row per assignment in report_ore_turni and per
  // (contract, qualification) in contratti_prezzi / contratti_compensi.
  joins: {
    s: sql`JOIN servizi s ON s.id = g.servizio_id`,
    c: sql`JOIN contratti c ON c.id = s.contratto_id`,
    cl: sql`JOIN clienti cl ON cl.id = c.cliente_id`,
    o: sql`JOIN operatori o ON o.id = a.operatore_id`,
    pz: sql`JOIN posizioni pz ON pz.id = t.posizione_id`,
    r: sql`LEFT JOIN report_ore_turni r ON r.turno_operatore_id = a.id`,
    cp: sql`LEFT JOIN contratti_prezzi cp ON cp.contratto_id = s.contratto_id AND cp.posizione_id = t.posizione_id`,
    cc: sql`LEFT JOIN contratti_compensi cc ON cc.contratto_id = s.contratto_id AND cc.posizione_id = t.posizione_id`,
  },
  key: sql`a.id`,
  where: (ctx) => {
    requirePeriod(ctx, MAX_GIORNI_REPORT);
    return undefined;
  },
  filters: periodFilters(sql`g.giorno`),
  sql: {
    id: sql`a.id`,
    giorno: sql`g.giorno`,
    mese: sql`to_char(g.giorno, 'YYYY-MM')`,
    operatore: { sql: sql`o.cognome || ' ' || o.nome`, orderBy: sql`lower(o.cognome), lower(o.nome)` },
    cliente: sql`cl.ragione_sociale`,
    contratto: sql`c.titolo`,
    servizio: sql`CASE WHEN s.descrizione = '' THEN 'Servizio ' || s.id ELSE s.descrizione END`,
    qualifica: sql`pz.descrizione`,
    fonte: sql`coalesce(r.fonte, 'pianificate')`,
    ore_pianificate: sql`coalesce(r.pianificate, 0)`,
    ore: ORE,
    diurne: sql`coalesce(r.feriale_diurno, 0)`,
    notturne: sql`coalesce(r.feriale_notturno, 0)`,
    domenicali: sql`coalesce(r.domenica_diurno + r.domenica_notturno, 0)`,
    festive: sql`coalesce(r.festivo_diurno + r.festivo_notturno + r.festivo_domenica_diurno + r.festivo_domenica_notturno, 0)`,
    operatore_id: sql`a.operatore_id`,
    cliente_id: sql`c.cliente_id`,
    contratto_id: sql`s.contratto_id`,
    servizio_id: sql`g.servizio_id`,
  },
} satisfies Omit<ListSql<Fields>, "sql"> & { sql: Record<keyof Fields, SQL | { sql: SQL; orderBy: SQL }> };
