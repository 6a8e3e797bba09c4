/** Pure helpers of the filter bar's multi-select: value shape, toggling, option search. */
import { slugify } from "../../domain/province";
import type { FilterOption } from "./filter-bar.types";

/** The form value as a list: final-form gives "" when empty, the URL may restore a single string. */
export function asValueList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (value === null || value === undefined || value === "") return [];
  return [String(value)];
}

/**
 * Adds or removes `value`. Known values keep the options' order (as a native `<select multiple>`
 * sent them); values without an option (e.g. restored before the options loaded) are kept last.
 */
export function toggleValue(current: string[], value: string, options: FilterOption[]): string[] {
  const chosen = new Set(current);
  if (chosen.has(value)) chosen.delete(value);
  else chosen.add(value);
  const known = new Set(options.map((o) => o.value));
  return [
    ...options.filter((o) => chosen.has(o.value)).map((o) => o.value),
    ...current.filter((v) => chosen.has(v) && !known.has(v)),
  ];
}

/** Options whose label contains the search text, ignoring case, accents and punctuation. */
export function searchOptions(options: FilterOption[], text: string): FilterOption[] {
  const query = slugify(text);
  if (!query) return options;
  return options.filter((o) => slugify(o.label).includes(query) || slugify(o.value) === query);
}

/** The label of a chosen value (the raw value when its option is not loaded). */
export function optionLabel(options: FilterOption[], value: string): string {
  return options.find((o) => o.value === value)?.label ?? value;
}
