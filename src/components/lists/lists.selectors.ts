import { initialListState, type ListState } from "./list-state";
import type { ColumnPrefs, ListsState } from "./lists.slice";

/** The part of the root state these selectors read (keeps them independent of the store file). */
export interface WithLists {
  lists: ListsState;
}

const fallback = initialListState();

export function selectList(state: WithLists, listId: string): ListState {
  return state.lists?.lists[listId] ?? fallback;
}

/** The table's column choice in the store, or undefined before it is loaded. */
export function selectStoredColumnPrefs(state: WithLists, tableId: string): ColumnPrefs | undefined {
  return state.lists?.columns[tableId];
}
