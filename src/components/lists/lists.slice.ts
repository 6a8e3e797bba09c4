/**
 * Per-list UI state keyed by a list id (filters, search, sort, page, page size, autoload,
 * group-by) and the per-table column preferences (order, hidden columns). Server data stays in
 * RTK Query's cache; this slice only holds what the user chose.
 */
import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { initialListState, type ListDefaults, type ListFilters, type ListSort, type ListState } from "./list-state";

export interface ColumnPrefs {
  /** Column keys in display order; keys missing here keep their declared position at the end. */
  order: string[];
  hidden: string[];
}

export interface ListsState {
  lists: Record<string, ListState>;
  columns: Record<string, ColumnPrefs>;
}

const initialState: ListsState = { lists: {}, columns: {} };

type WithId<T> = PayloadAction<{ listId: string } & T>;

function ensure(state: ListsState, listId: string): ListState {
  if (!state.lists[listId]) state.lists[listId] = initialListState();
  return state.lists[listId];
}

export const listsSlice = createSlice({
  name: "lists",
  initialState,
  reducers: {
    /** Replaces a list's state (from the URL or the screen's defaults). */
    hydrateList(state, action: WithId<{ state: ListState }>) {
      state.lists[action.payload.listId] = action.payload.state;
    },
    /** Creates the list with the screen's defaults when it does not exist yet. */
    initList(state, action: WithId<{ defaults?: ListDefaults }>) {
      if (!state.lists[action.payload.listId]) {
        state.lists[action.payload.listId] = initialListState(action.payload.defaults);
      }
    },
    /** Filter submit: the cleaned values, autoload on, back to page 1. */
    submitFilters(state, action: WithId<{ filters: ListFilters }>) {
      const list = ensure(state, action.payload.listId);
      list.filters = action.payload.filters;
      list.autoload = true;
      list.page = 1;
    },
    setGlobal(state, action: WithId<{ global: string }>) {
      const list = ensure(state, action.payload.listId);
      if (list.global === action.payload.global) return;
      list.global = action.payload.global;
      list.page = 1;
    },
    setSort(state, action: WithId<{ sort: ListSort | null }>) {
      const list = ensure(state, action.payload.listId);
      list.sort = action.payload.sort;
      list.page = 1;
    },
    setPage(state, action: WithId<{ page: number }>) {
      ensure(state, action.payload.listId).page = Math.max(1, Math.floor(action.payload.page));
    },
    setPageSize(state, action: WithId<{ pageSize: number }>) {
      const list = ensure(state, action.payload.listId);
      list.pageSize = action.payload.pageSize;
      list.page = 1;
    },
    setAutoload(state, action: WithId<{ autoload: boolean }>) {
      ensure(state, action.payload.listId).autoload = action.payload.autoload;
    },
    setGroupBy(state, action: WithId<{ groupBy: string | null }>) {
      const list = ensure(state, action.payload.listId);
      list.groupBy = action.payload.groupBy;
      list.page = 1;
    },
    setColumnPrefs(state, action: PayloadAction<{ tableId: string; prefs: ColumnPrefs }>) {
      state.columns[action.payload.tableId] = action.payload.prefs;
    },
  },
});

export const {
  hydrateList,
  initList,
  submitFilters,
  setGlobal,
  setSort,
  setPage,
  setPageSize,
  setAutoload,
  setGroupBy,
  setColumnPrefs,
} = listsSlice.actions;

export const listsReducer = listsSlice.reducer;
