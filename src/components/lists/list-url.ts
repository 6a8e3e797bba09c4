/**
 * A list's state in the URL query, so a list can be shared as a link and Back works:
 * `page`, `page_size`, `global`, `order_field`, `order_asc`, `group_by` and every filter as
 * `f.<name>` (arrays repeat the parameter). An optional prefix keeps two lists on one page apart.
 * `page` is written only once the list has loaded (autoload on), so a shared link loads at once.
 */
import { DEFAULT_PAGE_SIZE, type FilterValue, initialListState, type ListDefaults, type ListState } from "./list-state";

const FILTER = "f.";

function names(prefix: string) {
  return {
    page: `${prefix}page`,
    pageSize: `${prefix}page_size`,
    global: `${prefix}global`,
    orderField: `${prefix}order_field`,
    orderAsc: `${prefix}order_asc`,
    groupBy: `${prefix}group_by`,
    filter: `${prefix}${FILTER}`,
  };
}

/** Whether a query parameter belongs to this list. */
export function isListParam(key: string, prefix = ""): boolean {
  const n = names(prefix);
  return key.startsWith(n.filter) || [n.page, n.pageSize, n.global, n.orderField, n.orderAsc, n.groupBy].includes(key);
}

function positiveInt(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

function decodeFilter(values: string[]): FilterValue {
  if (values.length > 1) return values;
  const [v] = values;
  if (v === "true") return true;
  if (v === "false") return false;
  return v;
}

/** Reads a list's state from the URL; what the URL does not say comes from the screen's defaults. */
export function listStateFromUrl(params: URLSearchParams, defaults: ListDefaults = {}, prefix = ""): ListState {
  const n = names(prefix);
  const state = initialListState(defaults);
  const page = positiveInt(params.get(n.page));
  if (page) {
    state.page = page;
    state.autoload = true;
  }
  const pageSize = positiveInt(params.get(n.pageSize));
  if (pageSize) state.pageSize = pageSize;
  state.global = params.get(n.global) ?? "";
  const orderField = params.get(n.orderField);
  if (orderField) state.sort = { field: orderField, asc: params.get(n.orderAsc) !== "false" };
  state.groupBy = params.get(n.groupBy) || null;
  const filterKeys = new Set([...params.keys()].filter((k) => k.startsWith(n.filter)));
  if (filterKeys.size) {
    state.filters = {};
    for (const key of filterKeys) state.filters[key.slice(n.filter.length)] = decodeFilter(params.getAll(key));
  }
  return state;
}

/** The URL parameters of a list's state (defaults left out to keep links short). */
export function listStateToUrlEntries(state: ListState, defaults: ListDefaults = {}, prefix = ""): [string, string][] {
  const n = names(prefix);
  const entries: [string, string][] = [];
  const defaultSize = defaults.pageSize ?? DEFAULT_PAGE_SIZE;
  if (state.autoload && !defaults.autoload) entries.push([n.page, String(state.page)]);
  else if (state.page > 1) entries.push([n.page, String(state.page)]);
  if (state.pageSize !== defaultSize) entries.push([n.pageSize, String(state.pageSize)]);
  if (state.global) entries.push([n.global, state.global]);
  const defaultSort = defaults.sort ?? null;
  if (state.sort && (state.sort.field !== defaultSort?.field || state.sort.asc !== defaultSort?.asc)) {
    entries.push([n.orderField, state.sort.field], [n.orderAsc, String(state.sort.asc)]);
  }
  if (state.groupBy) entries.push([n.groupBy, state.groupBy]);
  for (const [key, value] of Object.entries(state.filters).sort(([a], [b]) => a.localeCompare(b))) {
    if (value === null || value === undefined || value === "") continue;
    if (Array.isArray(value)) for (const v of value) entries.push([`${n.filter}${key}`, v]);
    else entries.push([`${n.filter}${key}`, String(value)]);
  }
  return entries;
}

/** A canonical string of a list's URL form, to compare states without loops. */
export function listUrlKey(state: ListState, defaults: ListDefaults = {}, prefix = ""): string {
  return new URLSearchParams(listStateToUrlEntries(state, defaults, prefix)).toString();
}
