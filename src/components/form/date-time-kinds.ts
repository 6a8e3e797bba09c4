/**
 * The three kinds of date and time field (SPEC §9: DD/MM/YYYY, 24-hour HH:mm), whatever the
 * browser's language: what the field shows for a value, how its text becomes the value the form and
 * the API hold (src/domain/format.ts), and how digits typed one by one get their separators.
 */
import {
  formatDate,
  formatDateTime,
  formatTime,
  parseDateText,
  parseDateTimeText,
  parseTimeText,
} from "../../domain/format";

export type TemporalKind = "date" | "time" | "datetime";

/** One group of digits of the typed text: its length, the separator after it, the highest first digit of a two-digit group. */
interface Segment {
  length: number;
  separator?: string;
  /** A first digit above this is the whole group with a leading zero ('4' in the day is '04/'). */
  lead?: number;
}

export interface KindSpec {
  /** The value the form holds ('YYYY-MM-DD', 'HH:mm', 'YYYY-MM-DDTHH:mm') for a text, or null when it is not one. */
  parse: (text: string) => string | null;
  /** The text shown for a value. */
  format: (value: string) => string;
  placeholder: string;
  /** The field's error for text that is not a value. */
  invalid: string;
  segments: readonly Segment[];
}

const DAY: Segment = { length: 2, separator: "/", lead: 3 };
const MONTH: Segment = { length: 2, separator: "/", lead: 1 };
const HOUR: Segment = { length: 2, separator: ":", lead: 2 };
const MINUTE: Segment = { length: 2 };

export const KINDS: Record<TemporalKind, KindSpec> = {
  date: {
    parse: parseDateText,
    format: formatDate,
    placeholder: "GG/MM/AAAA",
    invalid: "Data non valida (GG/MM/AAAA)",
    segments: [DAY, MONTH, { length: 4 }],
  },
  time: {
    parse: parseTimeText,
    format: formatTime,
    placeholder: "HH:MM",
    invalid: "Ora non valida (HH:MM, 24 ore)",
    segments: [HOUR, MINUTE],
  },
  datetime: {
    parse: parseDateTimeText,
    format: formatDateTime,
    placeholder: "GG/MM/AAAA HH:MM",
    invalid: "Data e ora non valide (GG/MM/AAAA HH:MM)",
    segments: [DAY, MONTH, { length: 4, separator: " " }, HOUR, MINUTE],
  },
};

/** The form's value for what the field shows: '' when empty, the parsed value, or the text itself when it is not one (the field's error says so). */
export function valueOfText(kind: TemporalKind, text: string): string {
  if (text.trim() === "") return "";
  return KINDS[kind].parse(text) ?? text;
}

/** What the field shows for the form's value: its Italian text, or the text typed when it is not a value. */
export function textOfValue(kind: TemporalKind, value: unknown): string {
  if (value === undefined || value === null || value === "") return "";
  const text = String(value);
  return KINDS[kind].parse(text) === null ? text : KINDS[kind].format(text);
}

/**
 * Digits typed one after the other get their separators ('23061990' → '23/06/1990', '2000' →
 * '20:00'; '2/' → '02/'); a separator typed where one was just added is dropped, digits beyond the
 * last group too. Text holding anything else (a pasted '1990-06-23') is left as it is: null.
 */
export function maskTyped(kind: TemporalKind, text: string): string | null {
  if (!/^[\d/.: ]*$/.test(text)) return null;
  const { segments } = KINDS[kind];
  const groups: string[] = [];
  let current = "";
  for (const ch of text) {
    const segment = segments[groups.length];
    if (!segment) break;
    if (ch >= "0" && ch <= "9") {
      current = current === "" && segment.lead !== undefined && Number(ch) > segment.lead ? `0${ch}` : current + ch;
      if (current.length === segment.length) {
        groups.push(current);
        current = "";
      }
    } else if (current !== "" && segment.length === 2) {
      groups.push(current.padStart(2, "0"));
      current = "";
    }
  }
  let out = "";
  groups.forEach((g, i) => {
    out += g + (i < segments.length - 1 ? (segments[i].separator ?? "") : "");
  });
  return out + current;
}
