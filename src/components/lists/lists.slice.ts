/**
 * The store's part of the lists: the per-table column preferences (order, hidden columns) and the
 * state of the lists that are not kept in the URL (a record's history tab, a list embedded in a
 * dialog). A list shown as a page keeps its state in the URL only (use-list-state.ts). Server data
 * stays in RTK Query's cache.
 */
import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { ListState } from "./list-state";

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

export const listsSlice = createSlice({
  name: "lists",
  initialState,
  reducers: {
    /** A list's new state, made by one of list-transitions.ts from the one before. */
    setList(state, action: PayloadAction<{ listId: string; state: ListState }>) {
      state.lists[action.payload.listId] = action.payload.state;
    },
    setColumnPrefs(state, action: PayloadAction<{ tableId: string; prefs: ColumnPrefs }>) {
      state.columns[action.payload.tableId] = action.payload.prefs;
    },
  },
});

export const { setList, setColumnPrefs } = listsSlice.actions;

export const listsReducer = listsSlice.reducer;
