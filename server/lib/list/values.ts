/**
 * Reading one query value of a field's type into a bound SQL parameter with an explicit cast.
 * Every value reaches the database as a parameter; only fixed casts and expressions are SQL text.
 */
import { type SQL, sql } from "drizzle-orm";
import { parseItalianDate } from "../../../src/domain/format";
import type { FieldType } from "./types";

export const BUSINESS_TZ = "Europe/Rome";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)$/;
const MAX_TEXT = 500;

export type Parsed =
  | { ok: true; value: string | number | boolean; dateOnly?: boolean }
  | { ok: false; message: string };

function validDay(iso: string): boolean {
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
}

/** Parses one raw string as the field type; the message is Italian and never echoes the value. */
export function parseValue(type: FieldType, raw: string): Parsed {
  const v = raw.trim();
  switch (type) {
    case "text":
    case "lines":
      return v.length > MAX_TEXT ? { ok: false, message: "Testo troppo lungo" } : { ok: true, value: v };
    case "boolean": {
      const l = v.toLowerCase();
      if (["true", "1", "si", "sì", "t"].includes(l)) return { ok: true, value: true };
      if (["false", "0", "no", "f"].includes(l)) return { ok: true, value: false };
      return { ok: false, message: "Valore booleano non valido (true o false)" };
    }
    case "number":
    case "euro": {
      const n = Number(v.replace(",", "."));
      return v !== "" && Number.isFinite(n) ? { ok: true, value: n } : { ok: false, message: "Numero non valido" };
    }
    case "integer":
    case "hours": {
      const n = Number(v);
      return /^-?\d{1,15}$/.test(v) && Number.isSafeInteger(n)
        ? { ok: true, value: n }
        : { ok: false, message: "Numero intero non valido" };
    }
    case "date": {
      const iso = ISO_DATE.test(v) ? v : parseItalianDate(v);
      return iso && validDay(iso) ? { ok: true, value: iso } : { ok: false, message: "Data non valida (AAAA-MM-GG)" };
    }
    case "datetime": {
      if (ISO_DATE.test(v) || /^\d{2}\/\d{2}\/\d{4}$/.test(v)) {
        const iso = ISO_DATE.test(v) ? v : parseItalianDate(v);
        if (iso && validDay(iso)) return { ok: true, value: iso, dateOnly: true };
      }
      const m = ISO_DATE_TIME.exec(v);
      if (m && validDay(m[1])) {
        const [h, mi, s] = m[2].split(":").map(Number);
        if (h < 24 && mi < 60 && (s ?? 0) < 60) return { ok: true, value: `${m[1]} ${m[2]}` };
      }
      return { ok: false, message: "Data e ora non valide (AAAA-MM-GG HH:mm)" };
    }
    default:
      return { ok: false, message: "Campo non filtrabile" };
  }
}

/**
 * The bound parameter with the cast of its type (datetimes are read as Italian wall-clock time).
 * A boolean is written in (`true` / `false`, validated): a flag's two values are two statements, so
 * a kept plan (`keepPlans`) is made for the value and may use a partial index on the flag — a
 * generic plan for a bound flag walked the surname index for the few black-listed operators.
 */
export function bindValue(type: FieldType, value: string | number | boolean): SQL {
  switch (type) {
    case "boolean":
      return sql.raw(value === true ? "true" : "false");
    case "number":
    case "euro":
      return sql`${value}::numeric`;
    case "integer":
    case "hours":
      return sql`${value}::bigint`;
    case "date":
      return sql`${value}::date`;
    case "datetime":
      return sql`(${value}::timestamp AT TIME ZONE ${sql.raw(`'${BUSINESS_TZ}'`)})`;
    default:
      return sql`${value}::text`;
  }
}

/** Escapes LIKE wildcards so a search for '50%' looks for the text '50%'. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
