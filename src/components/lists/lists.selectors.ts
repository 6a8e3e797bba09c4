import { initialListState, type ListState } from "./list-state";
import type { ColumnPrefs, ListsState } from "./lists.slice";

/** The part of the root state these selectors read (keeps them independent of the store file). */
export interface WithLists {
  lists: ListsState;
}

const fallback = initialListState();
const noPrefs: ColumnPrefs = { order: [], hidden: [] };

export function selectList(state: WithLists, listId: string): ListState {
  return state.lists?.lists[listId] ?? fallback;
}

export function selectColumnPrefs(state: WithLists, tableId: string): ColumnPrefs {
  return state.lists?.columns[tableId] ?? noPrefs;
}
