import type { Account } from "../../domain/api-types";
import { initialListState, type ListState } from "./list-state";
import type { ColumnPrefs, ListsState } from "./lists.slice";

/** The part of the root state these selectors read (keeps them independent of the store file). */
export interface WithLists {
  lists: ListsState;
  api?: { queries?: Record<string, { endpointName?: string; status?: string; data?: unknown } | undefined> };
}

const fallback = initialListState();
const noPrefs: ColumnPrefs = { order: [], hidden: [] };

export function selectList(state: WithLists, listId: string): ListState {
  return state.lists?.lists[listId] ?? fallback;
}

export function selectColumnPrefs(state: WithLists, tableId: string): ColumnPrefs {
  return state.lists?.columns[tableId] ?? noPrefs;
}

/** The signed-in user's account, read from the RTK Query cache of the session's `account` call. */
export function selectAccount(state: WithLists): Partial<Account> | undefined {
  const queries = state.api?.queries ?? {};
  for (const q of Object.values(queries)) {
    if (q?.endpointName === "account" && q.status === "fulfilled") return q.data as Partial<Account>;
  }
  return undefined;
}

/** The signed-in user's username ('anonimo' until the account is known): column prefs are per user. */
export function selectUsername(state: WithLists): string {
  return selectAccount(state)?.username || "anonimo";
}
