/**
 * The state of one list (table) and its pure transitions (SPEC §4): filters, global search, sort,
 * page, page size, autoload and group-by. Changing filters, search, page size or sort goes back
 * to page 1.
 */

export type FilterValue = string | number | boolean | string[] | null | undefined;
export type ListFilters = Record<string, FilterValue>;

export interface ListSort {
  field: string;
  asc: boolean;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export interface ListState {
  /** Submitted filter values (already cleaned: no empty values). */
  filters: ListFilters;
  global: string;
  sort: ListSort | null;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** The list loads only once this is on (SPEC §4). */
  autoload: boolean;
  groupBy: string | null;
}

export interface ListDefaults {
  filters?: ListFilters;
  sort?: ListSort | null;
  pageSize?: number;
  /** The screen loads at once, without waiting for a filter submit. */
  autoload?: boolean;
}

export function initialListState(defaults: ListDefaults = {}): ListState {
  return {
    filters: defaults.filters ?? {},
    global: "",
    sort: defaults.sort ?? null,
    page: 1,
    pageSize: defaults.pageSize ?? DEFAULT_PAGE_SIZE,
    autoload: defaults.autoload ?? false,
    groupBy: null,
  };
}

/** The list's query parameters (SPEC §7 Generic list), without the cache-busting timestamp. */
export function listParams(state: ListState): Record<string, string> {
  const params: Record<string, string> = {
    page: String(state.page),
    page_size: String(state.pageSize),
  };
  if (state.global) params.global = state.global;
  // Grouped answers sort only by the group field (or count): a row sort would be a 400.
  if (state.sort && (!state.groupBy || state.sort.field === state.groupBy)) {
    params.order_field = state.sort.field;
    params.order_asc = String(state.sort.asc);
  }
  if (state.groupBy) params.group_by = state.groupBy;
  for (const [key, value] of Object.entries(state.filters)) {
    if (value === null || value === undefined || value === "") continue;
    if (Array.isArray(value)) {
      if (value.length) params[key] = value.join(",");
    } else params[key] = String(value);
  }
  return params;
}

/**
 * The parameters of a list's totals row (issue 32 item 4): the same selection (search and filters),
 * one row, `totali=true` — fetched and cached apart from the pages, so paging or sorting never sums
 * the selection again.
 */
export function totalsParams(state: ListState): Record<string, string> {
  const { page: _p, page_size: _s, order_field: _f, order_asc: _a, ...selection } = listParams(state);
  return { ...selection, page_size: "1", totali: "true" };
}
