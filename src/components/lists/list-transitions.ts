/**
 * A list's changes as pure transitions of its state (SPEC §4): changing filters, search, sort,
 * page size or grouping goes back to page 1; searching or applying filters turns autoload on.
 * The same transitions serve a list kept in the URL (use-list-state.ts navigates to their result)
 * and a list kept in the store (lists.slice.ts applies them).
 */
import type { ListFilters, ListSort, ListState } from "./list-state";

export const listTransitions = {
  /** Filter submit: the cleaned values, autoload on, back to page 1. */
  submitFilters: (s: ListState, filters: ListFilters): ListState => ({ ...s, filters, autoload: true, page: 1 }),
  /** The global search; a non-empty one loads the list (autoload on). */
  setGlobal: (s: ListState, global: string): ListState =>
    s.global === global ? s : { ...s, global, page: 1, autoload: s.autoload || global !== "" },
  setSort: (s: ListState, sort: ListSort | null): ListState => ({ ...s, sort, page: 1 }),
  setPage: (s: ListState, page: number): ListState => ({ ...s, page: Math.max(1, Math.floor(page)) }),
  setPageSize: (s: ListState, pageSize: number): ListState => ({ ...s, pageSize, page: 1 }),
  setAutoload: (s: ListState, autoload: boolean): ListState => ({ ...s, autoload }),
  setGroupBy: (s: ListState, groupBy: string | null): ListState => ({ ...s, groupBy, page: 1 }),
};

type Transitions = typeof listTransitions;

/** What a screen may do to a list: one function per transition, with its argument. */
export type ListActions = {
  [K in keyof Transitions]: (arg: Parameters<Transitions[K]>[1]) => void;
};

/** The actions of a list whose state changes through `apply(transition)`. */
export function listActions(apply: (change: (s: ListState) => ListState) => void): ListActions {
  const actions = {} as Record<string, (arg: unknown) => void>;
  for (const [name, transition] of Object.entries(listTransitions)) {
    actions[name] = (arg) => apply((s) => (transition as (s: ListState, a: unknown) => ListState)(s, arg));
  }
  return actions as ListActions;
}
