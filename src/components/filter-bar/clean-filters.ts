/**
 * SPEC §5 filter submit: empty values are dropped from the query, booleans are kept (false too).
 * Strings are trimmed; empty arrays and whitespace-only strings count as empty.
 */
import type { FilterValue, ListFilters } from "../lists/list-state";

export function cleanFilters(values: Record<string, unknown>): ListFilters {
  const out: ListFilters = {};
  for (const [key, raw] of Object.entries(values)) {
    if (raw === null || raw === undefined) continue;
    if (typeof raw === "boolean") out[key] = raw;
    else if (typeof raw === "number") {
      if (Number.isFinite(raw)) out[key] = raw;
    } else if (typeof raw === "string") {
      const text = raw.trim();
      if (text) out[key] = text;
    } else if (Array.isArray(raw)) {
      const items = raw.map((v) => String(v).trim()).filter(Boolean);
      if (items.length) out[key] = items;
    } else if (typeof raw === "object" && "value" in raw) {
      // an autocomplete choice {value, label}
      const value = (raw as { value: unknown }).value;
      if (value !== null && value !== undefined && value !== "") out[key] = String(value) as FilterValue;
    }
  }
  return out;
}
