/**
 * The Console's check-ins of one assignment (app_timbrature: same shift, same operator) paired into
 * worked periods — the rule of server/db/migrations/0650_report_ore_timbrature.sql
 * (`report_periodi_lavorati`), kept equal by test/server/report/hours-sql.test.ts:
 * in time order (ties by the order given, i.e. the row id), a run of consecutive check-ins counts
 * its first, a run of consecutive check-outs its last (a retried tap is not a new period); the k-th
 * check-in with the k-th check-out make period k. The first must be a check-in and the last a
 * check-out, otherwise there are no worked periods (null). Whether the periods make worked hours
 * (each ends after it starts, to the second) is `hasWorkedHours` / `workedOrPlannedHours` of ./split.
 *
 * Which check-ins count (issue 30 item 1, migrations 0530 and 0690): each is judged at
 * `dataOraValida` — a check-in at the later of the device's time and the receive time less the
 * outbox's wait the app reports, a check-out at the device's time — and only within its shift,
 * TOLLERANZA_TURNO_MINUTI before the planned start to as many after the planned end (`nelTurno`).
 * Outside it a check-in/out is kept (the anomaly "timbratura fuori turno") but counts nothing, so a
 * device clock set weeks back cannot turn a 6 h shift into 600 h of pay.
 */
import type { CheckInOut } from "./split";

export interface Timbratura {
  tipo: "ingresso" | "uscita";
  /** The time it is judged on (`dataOraValida`). */
  data_ora: Date | number;
}

/** Minutes before the planned start and after the planned end within which a check-in/out counts (SQL: erp_timbratura_nel_turno). */
export const TOLLERANZA_TURNO_MINUTI = 60;
/** A check-in/out received this long after its device time is the anomaly "sincronizzata con forte ritardo". */
export const SINCRONIZZAZIONE_FORTE_RITARDO_MINUTI = 60;

/** The planned span of an assignment: its first planned instant and its last. */
export interface SpanTurno {
  inizio: Date | number;
  fine: Date | number;
}

const ms = (x: Date | number) => (typeof x === "number" ? x : x.getTime());

/** Whether a check-in/out judged at `t` belongs to the shift (planned span ± TOLLERANZA_TURNO_MINUTI). */
export function nelTurno(t: Date | number, turno: SpanTurno): boolean {
  const tol = TOLLERANZA_TURNO_MINUTI * 60_000;
  return ms(t) >= ms(turno.inizio) - tol && ms(t) <= ms(turno.fine) + tol;
}

/**
 * The time a check-in/out is judged on: a check-in at the later of the device's time and the
 * receive time less the seconds the app says it waited in its outbox; a check-out at the device's
 * time (an earlier check-out only takes hours away; a later one than the receive time is refused).
 */
export function dataOraValida(t: {
  tipo: "ingresso" | "uscita";
  data_ora: Date | number;
  ricevuta_il: Date | number;
  secondi_in_coda: number;
}): Date {
  if (t.tipo === "uscita") return new Date(ms(t.data_ora));
  return new Date(Math.max(ms(t.data_ora), ms(t.ricevuta_il) - Math.max(0, t.secondi_in_coda) * 1000));
}

/**
 * Worked periods of one assignment's check-ins, or null when they do not make complete periods.
 * With the planned span, only the check-ins/outs within the shift (`nelTurno`) are paired.
 */
export function periodiLavorati(timbrature: readonly Timbratura[], turno?: SpanTurno): CheckInOut[] | null {
  const ev = timbrature
    .map((t, i) => ({ ...t, i }))
    .filter((t) => !turno || nelTurno(t.data_ora, turno))
    .sort((a, b) => ms(a.data_ora) - ms(b.data_ora) || a.i - b.i);
  if (ev.length === 0 || ev[0].tipo !== "ingresso" || ev[ev.length - 1].tipo !== "uscita") return null;
  const ingressi = ev.filter((e, k) => e.tipo === "ingresso" && ev[k - 1]?.tipo !== "ingresso");
  const uscite = ev.filter((e, k) => e.tipo === "uscita" && ev[k + 1]?.tipo !== "uscita");
  return ingressi.map((e, k) => ({ dal: e.data_ora, al: uscite[k].data_ora }));
}
