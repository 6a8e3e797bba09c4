import type { ListState } from "./list-state";
import type { ColumnPrefs, ListsState } from "./lists.slice";

/** The part of the root state these selectors read (keeps them independent of the store file). */
export interface WithLists {
  lists: ListsState;
}

/** A list kept in the store, or undefined before it is created. */
export function selectStoredList(state: WithLists, listId: string): ListState | undefined {
  return state.lists?.lists[listId];
}

/** The table's column choice in the store, or undefined before it is loaded. */
export function selectStoredColumnPrefs(state: WithLists, tableId: string): ColumnPrefs | undefined {
  return state.lists?.columns[tableId];
}
