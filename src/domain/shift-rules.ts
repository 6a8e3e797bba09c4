/**
 * Shift rules (pure, shared by the server and the SPA): when a shift happens, whether two shifts
 * overlap, and the working-time checks of Italian law and of the guards' collective agreement.
 *
 * - A shift belongs to its START day (`giorno`). It has a first range f1 and an optional second
 *   range f2 (a split shift is ONE shift with two ranges).
 * - A range whose end is not after its start (`22:00–06:00`, `00:00–00:00`) crosses midnight and
 *   ends on the next day. A second range that starts at an earlier clock time than the first
 *   starts on the next day too (`20:00–23:00` + `01:00–05:00`).
 * - Times are wall-clock times in Europe/Rome. They are turned into instants with the EU summer
 *   time rule (since 1996: from the last Sunday of March 01:00 UTC to the last Sunday of October
 *   01:00 UTC Italy is on CEST, UTC+2; otherwise CET, UTC+1), without relying on the process time
 *   zone. On the last Sunday of March 02:00–02:59 does not exist: such a time is read with the
 *   winter offset, so 02:30 becomes 03:30 CEST (what PostgreSQL's `AT TIME ZONE` does too). On the
 *   last Sunday of October 02:00–02:59 happens twice: the first occurrence (CEST) is taken, again
 *   like PostgreSQL. So a 20:00–08:00 night shift lasts 11 h in March and 13 h in October.
 */

export const TIME_ZONE = "Europe/Rome";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A half-open interval of instants [start, end), in epoch milliseconds. */
export interface Interval {
  start: number;
  end: number;
}

/** The clock times of a shift (HH:mm or HH:mm:ss). */
export interface ShiftTimes {
  inizio_f1: string;
  fine_f1: string;
  inizio_f2?: string | null;
  fine_f2?: string | null;
}

const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'HH:mm' or 'HH:mm:ss' → seconds since midnight, or null. */
export function parseTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const m = TIME_RE.exec(value.trim());
  if (!m) return null;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0);
}

/** 'HH:mm' or 'HH:mm:ss' → 'HH:mm:ss' (the API's form), or null. */
export function normalizeTime(value: string | null | undefined): string | null {
  const s = parseTime(value);
  if (s === null) return null;
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(Math.floor(s / 3600))}:${p(Math.floor((s % 3600) / 60))}:${p(s % 60)}`;
}

/** 'YYYY-MM-DD' → [y, m (1..12), d], or null for an invalid calendar day. */
export function parseDay(value: string): [number, number, number] | null {
  const m = DATE_RE.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return null;
  return [y, mo, d];
}

/** The day after 'YYYY-MM-DD' (or `n` days later). */
export function addDays(day: string, n = 1): string {
  const p = parseDay(day);
  if (!p) throw new Error(`Giorno non valido: ${day}`);
  return new Date(Date.UTC(p[0], p[1] - 1, p[2] + n)).toISOString().slice(0, 10);
}

/** ISO weekday of 'YYYY-MM-DD': 1 = lunedì … 7 = domenica. */
export function weekday(day: string): number {
  const p = parseDay(day);
  if (!p) throw new Error(`Giorno non valido: ${day}`);
  const w = new Date(Date.UTC(p[0], p[1] - 1, p[2])).getUTCDay();
  return w === 0 ? 7 : w;
}

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const a = parseDay(from);
  const b = parseDay(to);
  if (!a || !b) throw new Error("Giorno non valido");
  return Math.round((Date.UTC(b[0], b[1] - 1, b[2]) - Date.UTC(a[0], a[1] - 1, a[2])) / DAY_MS);
}

/** Epoch ms of the last Sunday of a month (1..12) at 01:00 UTC: the EU summer-time switch. */
function lastSundayAt1Utc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month, 0)); // day 0 of the next month
  const back = lastDay.getUTCDay(); // 0 = Sunday
  return Date.UTC(year, month - 1, lastDay.getUTCDate() - back, 1);
}

/** Whether Italy is on summer time (CEST) at this instant. */
export function isSummerTime(instant: number): boolean {
  const year = new Date(instant).getUTCFullYear();
  return instant >= lastSundayAt1Utc(year, 3) && instant < lastSundayAt1Utc(year, 10);
}

/** Offset of Europe/Rome from UTC at this instant, in hours (1 or 2). */
export function romeOffsetHours(instant: number): number {
  return isSummerTime(instant) ? 2 : 1;
}

/** Wall-clock time in Europe/Rome on a day → instant (epoch ms). See the file comment for DST. */
export function romeToInstant(day: string, time: string): number {
  const p = parseDay(day);
  const s = parseTime(time);
  if (!p || s === null) throw new Error(`Data o ora non valida: ${day} ${time}`);
  const naive = Date.UTC(p[0], p[1] - 1, p[2]) + s * 1000;
  const summer = naive - 2 * HOUR_MS;
  if (isSummerTime(summer)) return summer; // also the first of the two October occurrences
  return naive - HOUR_MS; // winter time; a March time that does not exist moves one hour on
}

/** Instant → { day: 'YYYY-MM-DD', time: 'HH:mm' } in Europe/Rome. */
export function instantToRome(instant: number): { day: string; time: string } {
  const local = new Date(instant + romeOffsetHours(instant) * HOUR_MS).toISOString();
  return { day: local.slice(0, 10), time: local.slice(11, 16) };
}

/** One range of a shift starting on `day`; its end is on the next day when not after the start. */
function range(day: string, start: string, end: string): Interval {
  const s = parseTime(start)!;
  const e = parseTime(end)!;
  const endDay = e <= s ? addDays(day) : day;
  return { start: romeToInstant(day, start), end: romeToInstant(endDay, end) };
}

/**
 * The instants a shift covers: one interval, or two for a split shift. The second range starts
 * on the start day, or on the next day when its clock time is earlier than the first range's
 * start (it always comes after the first range).
 */
export function shiftIntervals(day: string, t: ShiftTimes): Interval[] {
  const f1 = range(day, t.inizio_f1, t.fine_f1);
  if (!t.inizio_f2 || !t.fine_f2) return [f1];
  const s1 = parseTime(t.inizio_f1)!;
  const s2 = parseTime(t.inizio_f2)!;
  const day2 = s2 < s1 ? addDays(day) : day;
  return [f1, range(day2, t.inizio_f2, t.fine_f2)];
}

/** Seconds of work in the intervals. */
export function durationSeconds(intervals: readonly Interval[]): number {
  return intervals.reduce((sum, i) => sum + Math.max(0, i.end - i.start), 0) / 1000;
}

/** Half-open overlap: a shift ending at 14:00 does not overlap one starting at 14:00. */
export function intervalsOverlap(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end;
}

/** Whether two shifts (lists of intervals) share any instant. */
export function shiftsOverlap(a: readonly Interval[], b: readonly Interval[]): boolean {
  return a.some((x) => b.some((y) => intervalsOverlap(x, y)));
}

/** Field errors (Italian) of a shift's times: formats, a second range that needs both ends, no overlap, ≤ 24 h. */
export function validateShiftTimes(t: Partial<ShiftTimes>): Record<string, string> {
  const errors: Record<string, string> = {};
  const bad = "Orario non valido (HH:mm)";
  if (parseTime(t.inizio_f1) === null) errors.inizio_f1 = t.inizio_f1 ? bad : "Questo campo è obbligatorio";
  if (parseTime(t.fine_f1) === null) errors.fine_f1 = t.fine_f1 ? bad : "Questo campo è obbligatorio";
  const has2 = Boolean(t.inizio_f2) || Boolean(t.fine_f2);
  if (has2) {
    if (parseTime(t.inizio_f2) === null)
      errors.inizio_f2 = t.inizio_f2 ? bad : "Indica anche l'inizio della seconda fascia";
    if (parseTime(t.fine_f2) === null) errors.fine_f2 = t.fine_f2 ? bad : "Indica anche la fine della seconda fascia";
  }
  if (Object.keys(errors).length) return errors;
  const iv = shiftIntervals("2001-01-15", t as ShiftTimes);
  if (iv.length === 2) {
    if (iv[1].start < iv[0].end) errors.inizio_f2 = "La seconda fascia deve iniziare dopo la fine della prima";
    else if (iv[1].end - iv[0].start > DAY_MS)
      errors.fine_f2 = "Il turno non può durare più di 24 ore dall'inizio della prima fascia";
  }
  return errors;
}

/** A rule profile: the working-time limits that apply to a qualification. */
export interface RuleProfile {
  codice: string;
  descrizione: string;
  /** Minimum consecutive rest between two work periods, in hours. */
  riposo_minimo_ore: number;
  /** Maximum hours worked in any 7 consecutive days around a shift. */
  max_ore_7_giorni: number;
  /** Maximum length of one shift (first range start to last range end), in hours. */
  max_ore_turno: number;
  /** Where the limits come from (shown to planners). */
  fonte: string;
}

/**
 * Default profiles. Assumptions, to be reviewed by the company's labour consultant (an
 * administrator can change them at /api/pianificazione/profili-regole/):
 * - CCNL Vigilanza Privata e Servizi Fiduciari (sezione istituti di vigilanza, for guardie
 *   particolari giurate): 11 h of daily rest as in art. 7 D.Lgs. 66/2003, which the CCNL does not
 *   lower for ordinary shifts; 48 h per week including overtime (art. 4 D.Lgs. 66/2003, which the
 *   CCNL applies per week); shifts up to 12 h (the CCNL's maximum for a single shift of service).
 * - D.Lgs. 66/2003 for fiduciari, portieri, steward and every other qualification without a CCNL
 *   profile: 11 consecutive hours of rest every 24 (art. 7), 48 h average weekly limit (art. 4),
 *   checked here conservatively on any 7 consecutive days; 13 h per shift (24 − 11 of rest).
 */
export const DEFAULT_RULE_PROFILES: readonly RuleProfile[] = [
  {
    codice: "CCNL_VIGILANZA",
    descrizione: "CCNL Vigilanza Privata e Servizi Fiduciari",
    riposo_minimo_ore: 11,
    max_ore_7_giorni: 48,
    max_ore_turno: 12,
    fonte: "CCNL Vigilanza Privata e Servizi Fiduciari; artt. 4 e 7 D.Lgs. 66/2003",
  },
  {
    codice: "DLGS_66_2003",
    descrizione: "D.Lgs. 66/2003",
    riposo_minimo_ore: 11,
    max_ore_7_giorni: 48,
    max_ore_turno: 13,
    fonte: "D.Lgs. 8 aprile 2003, n. 66, artt. 4 e 7",
  },
];

/** The profile used when a qualification has none. */
export const FALLBACK_PROFILE_CODE = "DLGS_66_2003";

/** Profile for a qualification: armed or sworn guards → CCNL Vigilanza; everyone else → D.Lgs. 66/2003. */
export function defaultProfileFor(posizione: { descrizione: string; armata?: boolean }): string {
  if (posizione.armata || /guardia particolare giurata/i.test(posizione.descrizione)) return "CCNL_VIGILANZA";
  return FALLBACK_PROFILE_CODE;
}

/** Another shift of the same operator, as the checks need it. */
export interface WorkedShift {
  intervals: Interval[];
  /** Its start day, for messages. */
  giorno?: string;
}

function span(intervals: readonly Interval[]): Interval {
  return {
    start: Math.min(...intervals.map((i) => i.start)),
    end: Math.max(...intervals.map((i) => i.end)),
  };
}

/** 'HH:MM' of a duration in ms. */
function hhmm(ms: number): string {
  const total = Math.round(ms / 60_000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

function describeInstant(instant: number): string {
  const r = instantToRome(instant);
  return `${r.day.slice(8, 10)}/${r.day.slice(5, 7)}/${r.day.slice(0, 4)} ${r.time}`;
}

/**
 * The shortest rest (ms) between the new shift and the operator's other shifts, before or after
 * it, and the other shift's boundary it is measured from. The pause inside a split shift is a
 * break, not rest. null when no other shift is near or they overlap (that is a conflict, not a rest).
 */
export function shortestRest(
  shift: readonly Interval[],
  others: readonly WorkedShift[],
): { ms: number; before: boolean; at: number } | null {
  const me = span(shift);
  let best: { ms: number; before: boolean; at: number } | null = null;
  for (const o of others) {
    if (!o.intervals.length || shiftsOverlap(shift, o.intervals)) continue;
    const s = span(o.intervals);
    const cand =
      s.end <= me.start
        ? { ms: me.start - s.end, before: true, at: s.end }
        : s.start >= me.end
          ? { ms: s.start - me.end, before: false, at: s.start }
          : null; // interleaved with a split shift's pause: treat as no rest at all
    const c = cand ?? { ms: 0, before: true, at: s.end };
    if (!best || c.ms < best.ms) best = c;
  }
  return best;
}

/**
 * The most seconds worked in any window of `windowDays` consecutive days that contains the new
 * shift (its own hours included). The maximum of a sliding window is reached when the window
 * starts at some work start or ends at some work end, so only those windows are tried.
 */
export function maxHoursInWindow(shift: readonly Interval[], others: readonly WorkedShift[], windowDays = 7): number {
  const win = windowDays * DAY_MS;
  const me = span(shift);
  const all = [...shift, ...others.flatMap((o) => o.intervals)];
  const candidates = new Set<number>([me.start, me.end - win]);
  for (const i of all) {
    candidates.add(i.start);
    candidates.add(i.end - win);
  }
  let best = 0;
  for (const t of candidates) {
    // the window [t, t + win) must contain the whole new shift
    if (t > me.start || t + win < me.end) continue;
    let ms = 0;
    for (const i of all) ms += Math.max(0, Math.min(i.end, t + win) - Math.max(i.start, t));
    best = Math.max(best, ms);
  }
  return best / 1000;
}

export type WarningCode = "riposo_insufficiente" | "ore_settimanali" | "turno_lungo";

export interface RuleWarning {
  code: WarningCode;
  message: string;
}

/**
 * The warnings (accepted, but said) for giving `shift` to an operator who already works `others`
 * (non-overlapping shifts near it), under `profile`.
 */
export function workingTimeWarnings(
  shift: readonly Interval[],
  others: readonly WorkedShift[],
  profile: RuleProfile,
): RuleWarning[] {
  const out: RuleWarning[] = [];
  const rest = shortestRest(shift, others);
  if (rest && rest.ms < profile.riposo_minimo_ore * HOUR_MS) {
    const ref = rest.before
      ? `dalla fine del turno precedente (${describeInstant(rest.at)})`
      : `prima dell'inizio del turno successivo (${describeInstant(rest.at)})`;
    out.push({
      code: "riposo_insufficiente",
      message: `Riposo insufficiente: solo ${hhmm(rest.ms)} ore ${ref}, il minimo è di ${profile.riposo_minimo_ore} ore consecutive (${profile.descrizione})`,
    });
  }
  const seconds = maxHoursInWindow(shift, others, 7);
  if (seconds > profile.max_ore_7_giorni * 3600) {
    out.push({
      code: "ore_settimanali",
      message: `Superato il limite di ${profile.max_ore_7_giorni} ore in 7 giorni: con questo turno l'operatore lavorerebbe ${hhmm(seconds * 1000)} ore (${profile.descrizione})`,
    });
  }
  const me = span(shift);
  if (me.end - me.start > profile.max_ore_turno * HOUR_MS) {
    out.push({
      code: "turno_lungo",
      message: `Il turno dura ${hhmm(me.end - me.start)} ore, oltre il massimo di ${profile.max_ore_turno} ore per turno (${profile.descrizione})`,
    });
  }
  return out;
}

/** Great-circle distance in km (haversine) between two points, or null when one is unknown. */
export function distanceKm(
  a: { lat: number | null | undefined; lng: number | null | undefined },
  b: { lat: number | null | undefined; lng: number | null | undefined },
): number | null {
  if (a.lat == null || a.lng == null || b.lat == null || b.lng == null) return null;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Monday 'YYYY-MM-DD' of the ISO week of a day. */
export function weekStart(day: string): string {
  return addDays(day, 1 - weekday(day));
}
