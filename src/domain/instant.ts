/**
 * A point in time sent to the API (an operator's unavailability 'dal'/'al'), read with the same
 * day and clock rules as every other date and time field (`parseDay`, `parseTime`) and the Rome
 * time zone of the shift rules (`romeToInstant`), never with Date.parse (which turns 30 February
 * into 2 March and a bare day into UTC midnight). Accepted forms:
 *
 * - 'YYYY-MM-DD': a whole day in Europe/Rome — its start (midnight in Rome) for `edge = "start"`,
 *   its end (midnight in Rome of the next day, the first instant no longer in the period) for
 *   `edge = "end"`. So 'dal 2026-03-29, al 2026-03-29' is that whole (23-hour) day.
 * - 'YYYY-MM-DDTHH:mm[:ss[.sss]]' (T or a space): a wall-clock time in Europe/Rome, what a
 *   date-time field gives (components/form `DateTimeField`).
 * - the same followed by 'Z' or '±HH:mm': that exact instant (what the API answers).
 */
import { addDays, instantToRome, parseDay, parseTime, romeToInstant } from "./shift-rules";

const INSTANT_RE =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d{1,6}))?(Z|[+-](?:0\d|1[0-4]):[0-5]\d)?)?$/;

/** Epoch milliseconds of `value`, or null when it is not one of the forms above or names an impossible day or time. */
export function parseInstant(value: string, edge: "start" | "end" = "start"): number | null {
  const m = INSTANT_RE.exec(value.trim());
  if (!m) return null;
  const [, day, time, fraction, offset] = m;
  const p = parseDay(day);
  if (!p) return null;
  if (time === undefined) return romeToInstant(edge === "end" ? addDays(day) : day, "00:00");
  const seconds = parseTime(time);
  if (seconds === null) return null;
  const ms = fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0;
  if (offset === undefined) return romeToInstant(day, time) + ms;
  const sign = offset === "Z" ? 0 : offset.startsWith("-") ? -1 : 1;
  const offsetMinutes = sign === 0 ? 0 : sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  return Date.UTC(p[0], p[1] - 1, p[2]) + seconds * 1000 + ms - offsetMinutes * 60_000;
}

/** An instant (ISO text or epoch ms) → 'YYYY-MM-DDTHH:mm' in Europe/Rome, the value of a date-time field; '' when invalid. */
export function toRomeWallClock(value: string | number | null | undefined): string {
  const instant = typeof value === "number" ? value : value ? parseInstant(value) : null;
  if (instant === null || !Number.isFinite(instant)) return "";
  const { day, time } = instantToRome(instant);
  return `${day}T${time}`;
}

/** An instant → 'DD/MM/YYYY HH:mm:ss' in Europe/Rome (a device's last report, to the second); '' when invalid. */
export function formatRomeSecondi(value: string | number | null | undefined): string {
  const instant = typeof value === "number" ? value : value ? parseInstant(value) : null;
  if (instant === null || !Number.isFinite(instant)) return "";
  const { day, time } = instantToRome(instant);
  // Rome's offset is whole hours: the seconds are UTC's.
  const ss = String(new Date(instant).getUTCSeconds()).padStart(2, "0");
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)} ${time}:${ss}`;
}
