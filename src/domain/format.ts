/**
 * Italian formats (SPEC §9), shared by the SPA and the server (exports, e-mails, change logs).
 * Dates DD/MM/YYYY, times HH:mm, euro with 2 decimals, hours between seconds and HH:MM.
 * The patterns are all digits, so date-fns' `lightFormat` (no locale, no parser) writes them: this
 * module is on the first screen's path, and `format` with the Italian locale plus `parse` weighed
 * ~11 kB gzip there (test/e2e/web-bytes.test.ts).
 */
import { isValid, lightFormat, parseISO } from "date-fns";
import { parseDay, parseTime } from "./shift-rules";

export const DATE_FORMAT = "dd/MM/yyyy";
export const TIME_FORMAT = "HH:mm";
export const DATE_TIME_FORMAT = "dd/MM/yyyy HH:mm";
export const DATE_TIME_SECONDS_FORMAT = "dd/MM/yyyy HH:mm:ss";
export const API_DATE_FORMAT = "yyyy-MM-dd";
export const API_DATE_TIME_FORMAT = "yyyy-MM-dd HH:mm:ss";

type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  if (value instanceof Date) return isValid(value) ? value : null;
  if (typeof value === "number") return new Date(value);
  // parseISO reads a zone-less text, "YYYY-MM-DD" alone too, as local time (not UTC as Date does).
  const d = parseISO(value);
  return isValid(d) ? d : null;
}

/**
 * A zone-less ISO text ('YYYY-MM-DD', 'YYYY-MM-DD HH:mm[:ss]', with T or a space) is a wall clock:
 * its Italian form is a rearrangement of the same digits, with no Date in between — what exports
 * do for every row (date-fns parsing and formatting cost ~70 µs a row on 100,000 rows).
 */
const ISO_WALL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/;

interface WallClock {
  day: string;
  time: string | null;
  seconds: string;
}

function wallClock(value: DateInput): WallClock | null | undefined {
  if (typeof value !== "string") return undefined;
  const m = ISO_WALL.exec(value);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return null;
  return { day: `${m[3]}/${m[2]}/${m[1]}`, time: m[4] === undefined ? null : `${m[4]}:${m[5]}`, seconds: m[6] ?? "00" };
}

const GIORNI_BREVI = ["dom", "lun", "mar", "mer", "gio", "ven", "sab"] as const;

/** A business day 'YYYY-MM-DD' as the planning grid shows it: "lun 07/12" ('' when invalid). */
export function formatGiornoBreve(day: string): string {
  const w = wallClock(day);
  if (!w) return "";
  const [y, m, d] = day.slice(0, 10).split("-").map(Number);
  return `${GIORNI_BREVI[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]} ${w.day.slice(0, 5)}`;
}

/** DD/MM/YYYY, or '' for an empty or invalid value. */
export function formatDate(value: DateInput): string {
  const w = wallClock(value);
  if (w !== undefined) return w ? w.day : "";
  const d = toDate(value);
  return d ? lightFormat(d, DATE_FORMAT) : "";
}

/** DD/MM/YYYY HH:mm */
export function formatDateTime(value: DateInput): string {
  const w = wallClock(value);
  if (w !== undefined) return w ? `${w.day} ${w.time ?? "00:00"}` : "";
  const d = toDate(value);
  return d ? lightFormat(d, DATE_TIME_FORMAT) : "";
}

/** DD/MM/YYYY HH:mm:ss */
export function formatDateTimeSeconds(value: DateInput): string {
  const w = wallClock(value);
  if (w !== undefined) return w ? `${w.day} ${w.time ?? "00:00"}:${w.time ? w.seconds : "00"}` : "";
  const d = toDate(value);
  return d ? lightFormat(d, DATE_TIME_SECONDS_FORMAT) : "";
}

/** YYYY-MM-DD (the API's date form). */
export function toApiDate(value: DateInput): string {
  const d = toDate(value);
  return d ? lightFormat(d, API_DATE_FORMAT) : "";
}

/** YYYY-MM-DD HH:mm:ss (the API's date-time form, local time). */
export function toApiDateTime(value: DateInput): string {
  const d = toDate(value);
  return d ? lightFormat(d, API_DATE_TIME_FORMAT) : "";
}

/** 'HH:mm:ss' or 'HH:mm' → 'HH:mm'. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return "";
  const m = /^(\d{1,2}):(\d{2})/.exec(value);
  return m ? `${m[1].padStart(2, "0")}:${m[2]}` : "";
}

const ITALIAN_DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^(\d{1,2})[:.]?(\d{2})(?::(\d{2}))?$/;

/** A day that exists ('YYYY-MM-DD', by `parseDay`'s rule), or null. */
function existingDay(y: string, m: string, d: string): string | null {
  const iso = `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
  return parseDay(iso) ? iso : null;
}

/**
 * DD/MM/YYYY → YYYY-MM-DD, or null: day and month of one or two digits, '/', '.' or '-' between
 * them, a four-digit year, a day that exists (30/02 is refused).
 */
export function parseItalianDate(value: string): string | null {
  const m = ITALIAN_DAY.exec(value.trim());
  return m ? existingDay(m[3], m[2], m[1]) : null;
}

/** What a date field accepts — the Italian DD/MM/YYYY or the API's YYYY-MM-DD (pasted) — as YYYY-MM-DD, or null. */
export function parseDateText(value: string): string | null {
  const text = value.trim();
  if (ISO_DAY.test(text)) return parseDay(text) ? text : null;
  return parseItalianDate(text);
}

/**
 * What a time field accepts — 24-hour 'HH:mm' (the hour of one or two digits, ':' or '.' between,
 * or none: '2030'), 'HH:mm:ss' pasted — as 'HH:mm', or null (24:00 and 12:60 are refused).
 */
export function parseTimeText(value: string): string | null {
  const m = CLOCK.exec(value.trim());
  if (!m) return null;
  const time = `${m[1].padStart(2, "0")}:${m[2]}`;
  return parseTime(m[3] === undefined ? time : `${time}:${m[3]}`) === null ? null : time;
}

/**
 * What a date-and-time field accepts — 'DD/MM/YYYY HH:mm', or the ISO 'YYYY-MM-DDTHH:mm[:ss]' (T or
 * a space) pasted — as 'YYYY-MM-DDTHH:mm', the Rome wall clock an instant is sent as
 * (src/domain/instant.ts), or null. Both parts are needed.
 */
export function parseDateTimeText(value: string): string | null {
  const m = /^(\S+)(?:\s+|T)(\S+)$/.exec(value.trim());
  if (!m) return null;
  const day = parseDateText(m[1]);
  const time = parseTimeText(m[2]);
  return day && time ? `${day}T${time}` : null;
}

// useGrouping "always": Italian's CLDR rule leaves four-digit numbers ungrouped ('6751,80 €' beside
// '13.704,46 €' in one column); a ledger groups them all.
const euro = new Intl.NumberFormat("it-IT", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 2,
  useGrouping: "always",
});
const number2 = new Intl.NumberFormat("it-IT", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: "always",
});

/** '1.234,50 €' */
export function formatEuro(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? euro.format(n) : "";
}

/** '1.234,50' */
export function formatNumber(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? number2.format(n) : "";
}

/** Seconds → 'HH:MM' (hours may exceed 24: 135000 s → '37:30'). Negative values keep their sign. */
export function secondsToHours(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return "";
  const sign = seconds < 0 ? "-" : "";
  const total = Math.round(Math.abs(seconds) / 60);
  const h = Math.floor(total / 60);
  const m = total % 60;
  return `${sign}${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** 'HH:MM' or 'HH:MM:SS' → seconds, or null when not a duration. */
export function hoursToSeconds(value: string | null | undefined): number | null {
  if (!value) return null;
  const m = /^(-)?(\d+):([0-5]\d)(?::([0-5]\d))?$/.exec(value.trim());
  if (!m) return null;
  const s = Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0);
  return m[1] ? -s : s;
}

/** SPEC §2 quick view: hours are shown with the last three characters trimmed ('37:30:00' → '37:30'). */
export function trimLastThree(value: string | null | undefined): string {
  if (!value) return "";
  return value.length > 3 ? value.slice(0, -3) : value;
}

/** A count with its Italian noun: conta(1, "turno", "turni") → "1 turno", conta(3, …) → "3 turni". */
export function conta(n: number, singolare: string, plurale: string): string {
  return `${n} ${n === 1 ? singolare : plurale}`;
}
