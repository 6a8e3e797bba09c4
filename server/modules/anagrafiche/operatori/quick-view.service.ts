/**
 * GET /api/anagrafiche/operatori/{id}/?quick_view=true[&cliente=<id>] — SPEC §3 Operator quick view.
 *
 * - Hours ('HH:MM:SS') are sums of `secondi` in the pianificazione view v_ore_operatore (one row
 *   per assigned time range), by the range's `giorno`: ore_week = this Monday…Sunday,
 *   ore_cli_week = the same on the given client (00:00:00 without `cliente`), ore_month = this
 *   calendar month. Without the view (pianificazione not installed) every sum is 00:00:00.
 * - turni_giorno: the 7 days of this week, Monday first, each
 *   `{giorno: 'YYYY-MM-DD', label: 'Lunedì', turni: [{inizio: 'HH:MM', fine: 'HH:MM', cliente_id,
 *   contratto_id}]}` in Europe/Rome wall-clock time.
 * - disponibilita: `{'Lunedì': true, …}` for this week: the weekly availability of that weekday
 *   (a day without a row is available) AND no unavailability period overlapping that day.
 * - foto_primo_piano: the relative URL of the head-shot file, served to the same audience.
 */
import { addDays, endOfMonth, format, startOfMonth, startOfWeek } from "date-fns";
import { desc, eq, sql } from "drizzle-orm";
import { formatDate } from "../../../../src/domain/format";
import { GIORNI_SETTIMANA, type OperatoreQuickView, TIPI_CONTRATTO } from "../../../../src/domain/operatore";
import type { Executor } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { operatoriContratti } from "../../../db/schema/anagrafiche-operatori";
import { fileUrl } from "./file-refs";
import { getOperatoreRow, posizioniOf } from "./operatori.service";
import { getDisponibilita } from "./tabs.service";

const TZ = "Europe/Rome";

/** Seconds → 'HH:MM:SS' (hours may exceed 24). */
export function secondsToHms(total: number): string {
  const s = Math.max(0, Math.round(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

const iso = (d: Date) => format(d, "yyyy-MM-dd");

async function ultimoContratto(ex: Executor, id: number): Promise<string> {
  const [c] = await ex
    .select()
    .from(operatoriContratti)
    .where(eq(operatoriContratti.operatore_id, id))
    .orderBy(desc(operatoriContratti.data_inizio), desc(operatoriContratti.id))
    .limit(1);
  if (!c) return "";
  const tipo = TIPI_CONTRATTO.find((t) => t.code === c.tipo)?.label ?? c.tipo;
  const periodo = c.data_fine
    ? `dal ${formatDate(c.data_inizio)} al ${formatDate(c.data_fine)}`
    : `dal ${formatDate(c.data_inizio)}`;
  const ore = c.ore_settimanali !== null ? `, ${Number(c.ore_settimanali)} ore settimanali` : "";
  return `${tipo} ${periodo}${ore}`;
}

interface HourSums {
  week: number;
  cli_week: number;
  month: number;
}

interface ShiftRow {
  giorno: string;
  inizio: string;
  fine: string;
  cliente_id: number | null;
  contratto_id: number | null;
}

export async function buildQuickView(
  ex: Executor,
  id: number,
  now: Date,
  clienteId: number | null,
): Promise<OperatoreQuickView> {
  const row = await getOperatoreRow(ex, id);
  const monday = startOfWeek(now, { weekStartsOn: 1 });
  const days = [0, 1, 2, 3, 4, 5, 6].map((i) => iso(addDays(monday, i)));
  const weekFrom = days[0];
  const weekTo = days[6];
  const monthFrom = iso(startOfMonth(now));
  const monthTo = iso(endOfMonth(now));

  let sums: HourSums = { week: 0, cli_week: 0, month: 0 };
  const cli = clienteId ?? -1;
  const r = await queryOne<HourSums>(
    ex,
    sql`SELECT
          coalesce(sum(secondi) FILTER (WHERE giorno BETWEEN ${weekFrom}::date AND ${weekTo}::date), 0)::int AS week,
          coalesce(sum(secondi) FILTER (WHERE giorno BETWEEN ${weekFrom}::date AND ${weekTo}::date AND cliente_id = ${cli}), 0)::int AS cli_week,
          coalesce(sum(secondi) FILTER (WHERE giorno BETWEEN ${monthFrom}::date AND ${monthTo}::date), 0)::int AS month
        FROM v_ore_operatore
        WHERE operatore_id = ${id}
          AND giorno BETWEEN least(${weekFrom}::date, ${monthFrom}::date) AND greatest(${weekTo}::date, ${monthTo}::date)`,
  );
  if (r) sums = { week: Number(r.week), cli_week: Number(r.cli_week), month: Number(r.month) };
  const shifts = await queryRows<ShiftRow>(
    ex,
    sql`SELECT giorno::text AS giorno,
               to_char(inizio AT TIME ZONE ${TZ}, 'HH24:MI') AS inizio,
               to_char(fine AT TIME ZONE ${TZ}, 'HH24:MI') AS fine,
               cliente_id, contratto_id
        FROM v_ore_operatore
        WHERE operatore_id = ${id} AND giorno BETWEEN ${weekFrom}::date AND ${weekTo}::date
        ORDER BY inizio`,
  );

  const weekly = await getDisponibilita(ex, id);
  const blocked = await queryRows<{ giorno: string }>(
    ex,
    sql`SELECT d::date::text AS giorno
        FROM generate_series(${weekFrom}::date, ${weekTo}::date, interval '1 day') AS d
        WHERE EXISTS (
          SELECT 1 FROM operatori_indisponibilita i
          WHERE i.operatore_id = ${id}
            AND i.dal < ((d::date + 1)::timestamp AT TIME ZONE ${TZ})
            AND i.al > (d::date::timestamp AT TIME ZONE ${TZ}))`,
  );
  const blockedDays = new Set(blocked.map((b) => b.giorno));

  const disponibilita: Record<string, boolean> = {};
  days.forEach((giorno, i) => {
    disponibilita[GIORNI_SETTIMANA[i]] = weekly[i].disponibile && !blockedDays.has(giorno);
  });

  return {
    id: row.id,
    cognome: row.cognome,
    nome: row.nome,
    foto_primo_piano: row.foto_primo_piano ? fileUrl(row.foto_primo_piano) : null,
    rating: row.rating,
    applicazione: row.applicazione,
    altezza: row.altezza,
    peso: row.peso,
    data_nascita: row.data_nascita,
    cellulare: row.cellulare,
    ultimo_contratto: await ultimoContratto(ex, id),
    ore_cli_week: secondsToHms(sums.cli_week),
    ore_week: secondsToHms(sums.week),
    ore_month: secondsToHms(sums.month),
    posizioni_operatore: (await posizioniOf(ex, id)).map((p) => ({ posizione: { descrizione: p.descrizione } })),
    turni_giorno: days.map((giorno, i) => ({
      giorno,
      label: GIORNI_SETTIMANA[i],
      turni: shifts
        .filter((s) => s.giorno === giorno)
        .map((s) => ({ inizio: s.inizio, fine: s.fine, cliente_id: s.cliente_id, contratto_id: s.contratto_id })),
    })),
    disponibilita,
  };
}
