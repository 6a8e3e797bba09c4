/**
 * The Console's check-ins of one assignment (app_timbrature: same shift, same operator) paired into
 * worked periods — the rule of server/db/migrations/0650_report_ore_timbrature.sql
 * (`report_periodi_lavorati`), kept equal by test/server/report/hours-sql.test.ts:
 * in time order (ties by the order given, i.e. the row id), a run of consecutive check-ins counts
 * its first, a run of consecutive check-outs its last (a retried tap is not a new period); the k-th
 * check-in with the k-th check-out make period k. The first must be a check-in and the last a
 * check-out, otherwise there are no worked periods (null). Whether the periods make worked hours
 * (each ends after it starts, to the second) is `hasWorkedHours` / `workedOrPlannedHours` of ./split.
 */
import type { CheckInOut } from "./split";

export interface Timbratura {
  tipo: "ingresso" | "uscita";
  data_ora: Date | number;
}

const ms = (x: Date | number) => (typeof x === "number" ? x : x.getTime());

/** Worked periods of one assignment's check-ins, or null when they do not make complete periods. */
export function periodiLavorati(timbrature: readonly Timbratura[]): CheckInOut[] | null {
  const ev = timbrature.map((t, i) => ({ ...t, i })).sort((a, b) => ms(a.data_ora) - ms(b.data_ora) || a.i - b.i);
  if (ev.length === 0 || ev[0].tipo !== "ingresso" || ev[ev.length - 1].tipo !== "uscita") return null;
  const ingressi = ev.filter((e, k) => e.tipo === "ingresso" && ev[k - 1]?.tipo !== "ingresso");
  const uscite = ev.filter((e, k) => e.tipo === "uscita" && ev[k + 1]?.tipo !== "uscita");
  return ingressi.map((e, k) => ({ dal: e.data_ora, al: uscite[k].data_ora }));
}
