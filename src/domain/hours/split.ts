/**
 * ONE calculation of a shift's hours (issue 13.1), used by every report and the dashboard; money in
 * ./money.ts, holidays in ./holidays.ts, the SQL mirror in server/db/migrations/0600_report_hours.sql, the rules with examples in
 * ./README.md. Pure: no clock, no process time zone.
 *
 * Rules
 * - Every second of work belongs to the calendar day it falls on in Europe/Rome and to the
 *   wall-clock band it falls in: NIGHT is 22:00–06:00, DAY is 06:00–22:00. A night shift from
 *   Saturday 22:00 to Sunday 06:00 is 2 h of Saturday night + 6 h of Sunday night.
 * - The kind of a calendar day: FESTIVO (a national holiday, Easter Sunday and Monday included, or
 *   the patron saint's day of the service's city), DOMENICA (a Sunday), both (a holiday on a
 *   Sunday, e.g. Easter), or FERIALE (any other day, Saturdays included).
 * - So every second falls in exactly one of 8 `fasce` (kind of day × day/night). The money rules
 *   (./money.ts) read the fasce, so a Sunday-night holiday hour can have its surcharges combined
 *   by the configured policy. For display the same seconds fall in 4 disjoint categories by a
 *   fixed precedence: `festive` (every hour of a holiday) > `domenicali` (every hour of a Sunday
 *   that is not a holiday) > `notturne` (night hours of other days) > `diurne` (day hours of
 *   other days, the 'feriale diurno'). They always sum to `totale`.
 * - Instants: planned times are turned into instants by `shiftIntervals` of ../shift-rules (range
 *   ending at or before its start ends the next day; split shifts f1 + f2; Europe/Rome across the
 *   clock changes). Day and band boundaries (00:00, 06:00, 22:00 of each day) by `romeToInstant`.
 *   So the totals are the real elapsed time: 22:00–06:00 across the March change lasts 7 h (2 h
 *   Saturday + 5 h Sunday night) and across the October change 9 h (2 h + 7 h).
 * - Worked or planned: worked hours come from the check-in/out instants of the Console when every
 *   period of the shift has both and ends after it starts; otherwise the planned times count.
 *   Every result says which: `fonte: "effettive" | "pianificate"`. Check-in/out instants are read
 *   to the whole second (milliseconds dropped), so every figure is a whole number of seconds.
 */
import {
  addDays,
  type Interval,
  instantToRome,
  parseDay,
  parseTime,
  romeToInstant,
  type ShiftTimes,
  shiftIntervals,
  weekday,
} from "../shift-rules";
import { type GiornoMese, isHolidayYmd } from "./holidays";

export type Fonte = "pianificate" | "effettive";

/** The 8 disjoint bands, index = kind × 2 + night (kind: 0 feriale, 1 domenica, 2 festivo, 3 festivo on a Sunday). */
export const FASCE = [
  "feriale_diurno",
  "feriale_notturno",
  "domenica_diurno",
  "domenica_notturno",
  "festivo_diurno",
  "festivo_notturno",
  "festivo_domenica_diurno",
  "festivo_domenica_notturno",
] as const;
export type Fascia = (typeof FASCE)[number];

/** What the 8 bands are made of: which surcharges may apply to their hours. */
export const FASCIA_FLAGS: Readonly<Record<Fascia, { notturna: boolean; domenicale: boolean; festiva: boolean }>> = {
  feriale_diurno: { notturna: false, domenicale: false, festiva: false },
  feriale_notturno: { notturna: true, domenicale: false, festiva: false },
  domenica_diurno: { notturna: false, domenicale: true, festiva: false },
  domenica_notturno: { notturna: true, domenicale: true, festiva: false },
  festivo_diurno: { notturna: false, domenicale: false, festiva: true },
  festivo_notturno: { notturna: true, domenicale: false, festiva: true },
  festivo_domenica_diurno: { notturna: false, domenicale: true, festiva: true },
  festivo_domenica_notturno: { notturna: true, domenicale: true, festiva: true },
};

/** A planned shift: its start day and the clock times of its ranges (as stored in `turni`). */
export interface PlannedShift extends ShiftTimes {
  /** 'YYYY-MM-DD', the day the shift starts. */
  giorno: string;
}

/** One worked period: check-in and check-out instants (Date or epoch ms). */
export interface WorkedPeriod {
  dal: Date | number;
  al: Date | number;
}

export interface SplitOptions {
  /** The patron saint's day of the service's city (see `patronoDellaCitta`); none when absent. */
  patrono?: GiornoMese | null;
}

/** A shift's hours, all in seconds (format with `secondsToHours` of ../format). */
export interface HoursSplit {
  readonly fonte: Fonte;
  /** Real elapsed working time. */
  readonly totale: number;
  /** Day hours (06–22) of weekdays that are not holidays: 'feriale diurno'. */
  readonly diurne: number;
  /** Night hours (22–06) of weekdays that are not holidays. */
  readonly notturne: number;
  /** Every hour of a Sunday that is not a holiday. */
  readonly domenicali: number;
  /** Every hour of a holiday (national, Easter Monday, patron saint). */
  readonly festive: number;
  /** The same seconds by kind of day × day/night (what the money rules read). */
  readonly fasce: Readonly<Record<Fascia, number>>;
}

interface DayBounds {
  /** Epoch ms of 00:00, 06:00, 22:00 of the day and 00:00 of the next day. */
  m0: number;
  n6: number;
  n22: number;
  m1: number;
  next: string;
  /** 1 on Sundays. */
  sunday: number;
  y: number;
  m: number;
  d: number;
}

/**
 * Boundaries of a Rome calendar day. Pure and deterministic, so cached: a year of reports touches
 * a few hundred distinct days over a million shifts.
 */
const boundsCache = new Map<string, DayBounds>();

function dayBounds(day: string): DayBounds {
  let b = boundsCache.get(day);
  if (b) return b;
  const p = parseDay(day);
  if (!p) throw new Error(`Giorno non valido: ${day}`);
  const next = addDays(day);
  b = {
    m0: romeToInstant(day, "00:00"),
    n6: romeToInstant(day, "06:00"),
    n22: romeToInstant(day, "22:00"),
    m1: romeToInstant(next, "00:00"),
    next,
    sunday: weekday(day) === 7 ? 1 : 0,
    y: p[0],
    m: p[1],
    d: p[2],
  };
  if (boundsCache.size > 20_000) boundsCache.clear();
  boundsCache.set(day, b);
  return b;
}

/** The day the last interval started on: worked periods come sorted by day, so usually the next one's too. */
let lastDay: DayBounds | null = null;

const overlap = (s: number, e: number, a: number, b: number) => Math.max(0, Math.min(e, b) - Math.max(s, a));

/**
 * Adds the seconds of one interval to the 8 bands (ms accumulated in `acc`). `hint` is a day at or
 * before the interval's start day (a planned shift's `giorno`), which spares the instant → day conversion.
 */
function addInterval(acc: number[], iv: Interval, patrono: GiornoMese | null | undefined, hint?: string): void {
  if (!(iv.end > iv.start)) return;
  let b: DayBounds;
  if (hint && dayBounds(hint).m0 <= iv.start) b = dayBounds(hint);
  else if (lastDay && lastDay.m0 <= iv.start && iv.start < lastDay.m1) b = lastDay;
  else b = dayBounds(instantToRome(iv.start).day);
  while (b.m1 <= iv.start) b = dayBounds(b.next);
  lastDay = b;
  let t = iv.start;
  while (t < iv.end) {
    const e = Math.min(iv.end, b.m1);
    const kind = (isHolidayYmd(b.y, b.m, b.d, patrono) ? 2 : 0) + b.sunday;
    acc[kind * 2] += overlap(t, e, b.n6, b.n22);
    acc[kind * 2 + 1] += overlap(t, e, b.m0, b.n6) + overlap(t, e, b.n22, b.m1);
    t = b.m1;
    if (t < iv.end) b = dayBounds(b.next);
  }
}

const toSecondMs = (x: Date | number) => {
  const ms = typeof x === "number" ? x : x.getTime();
  return Math.floor(ms / 1000) * 1000;
};

function isPlanned(x: PlannedShift | WorkedPeriod | readonly WorkedPeriod[]): x is PlannedShift {
  return !Array.isArray(x) && "giorno" in x;
}

/** The instants of a planned shift, through ../shift-rules; throws on times that are not HH:mm[:ss]. */
export function plannedIntervals(shift: PlannedShift): Interval[] {
  const bad = [shift.inizio_f1, shift.fine_f1].some((t) => parseTime(t) === null);
  const bad2 =
    (shift.inizio_f2 || shift.fine_f2) && [shift.inizio_f2, shift.fine_f2].some((t) => parseTime(t) === null);
  if (bad || bad2 || !parseDay(shift.giorno)) throw new Error(`Turno non valido: ${JSON.stringify(shift)}`);
  return shiftIntervals(shift.giorno, shift);
}

/** The instants of worked periods, to the whole second; throws when a period does not end after it starts. */
export function workedIntervals(periods: readonly WorkedPeriod[]): Interval[] {
  return periods.map((p) => {
    const iv = { start: toSecondMs(p.dal), end: toSecondMs(p.al) };
    if (!(iv.end > iv.start)) throw new Error("Periodo lavorato non valido: l'uscita non è dopo l'entrata");
    return iv;
  });
}

function split(
  intervals: readonly Interval[],
  fonte: Fonte,
  patrono: GiornoMese | null | undefined,
  hint?: string,
): HoursSplit {
  const a = [0, 0, 0, 0, 0, 0, 0, 0];
  for (const iv of intervals) addInterval(a, iv, patrono, hint);
  const s = a.map((ms) => ms / 1000);
  return {
    fonte,
    totale: s[0] + s[1] + s[2] + s[3] + s[4] + s[5] + s[6] + s[7],
    diurne: s[0],
    notturne: s[1],
    domenicali: s[2] + s[3],
    festive: s[4] + s[5] + s[6] + s[7],
    fasce: {
      feriale_diurno: s[0],
      feriale_notturno: s[1],
      domenica_diurno: s[2],
      domenica_notturno: s[3],
      festivo_diurno: s[4],
      festivo_notturno: s[5],
      festivo_domenica_diurno: s[6],
      festivo_domenica_notturno: s[7],
    },
  };
}

/** Splits instants already computed (half-open intervals in epoch ms) into the bands. */
export function splitIntervals(intervals: readonly Interval[], fonte: Fonte, options: SplitOptions = {}): HoursSplit {
  return split(intervals, fonte, options.patrono);
}

/**
 * The split of planned shifts, by start day, times and patron: a year of shifts repeats a few
 * thousand such keys, and turning clock times into instants is most of the work. The cached
 * results are frozen: a caller adds them up, never changes them.
 */
const plannedCache = new Map<string, HoursSplit>();

function splitPlanned(shift: PlannedShift, patrono: GiornoMese | null | undefined): HoursSplit {
  const key = `${shift.giorno}|${shift.inizio_f1}|${shift.fine_f1}|${shift.inizio_f2 ?? ""}|${shift.fine_f2 ?? ""}|${patrono ? patrono.mese * 100 + patrono.giorno : ""}`;
  let r = plannedCache.get(key);
  if (!r) {
    const h = split(plannedIntervals(shift), "pianificate", patrono, shift.giorno);
    Object.freeze(h.fasce);
    r = Object.freeze(h);
    if (plannedCache.size >= 100_000) plannedCache.clear();
    plannedCache.set(key, r);
  }
  return r;
}

/**
 * A shift's hours from its planned times (`fonte: "pianificate"`) or from worked periods —
 * one check-in/out pair, or several for a split shift (`fonte: "effettive"`). Read-only: the
 * split of a planned shift is shared with every other call for the same day, times and patron.
 */
export function splitHours(
  shift: PlannedShift | WorkedPeriod | readonly WorkedPeriod[],
  options: SplitOptions = {},
): HoursSplit {
  if (isPlanned(shift)) return splitPlanned(shift, options.patrono);
  const periods: readonly WorkedPeriod[] = Array.isArray(shift) ? shift : [shift as WorkedPeriod];
  return split(workedIntervals(periods), "effettive", options.patrono);
}

/** A check-in/out as the Console may hold it: either end may be missing. */
export interface CheckInOut {
  dal?: Date | number | null;
  al?: Date | number | null;
}

/**
 * Whether check-ins/outs make worked hours: at least one period, and every period with both
 * instants and its check-out after its check-in (read to the second).
 */
export function hasWorkedHours(checks: readonly CheckInOut[] | null | undefined): checks is readonly WorkedPeriod[] {
  return (
    !!checks &&
    checks.length > 0 &&
    checks.every((c) => c.dal != null && c.al != null && toSecondMs(c.al) > toSecondMs(c.dal))
  );
}

/** Worked hours where the Console has complete check-ins/outs, planned hours otherwise; `fonte` says which. */
export function workedOrPlannedHours(
  planned: PlannedShift,
  checks: readonly CheckInOut[] | null | undefined,
  options: SplitOptions = {},
): HoursSplit {
  return hasWorkedHours(checks) ? splitHours(checks, options) : splitHours(planned, options);
}
