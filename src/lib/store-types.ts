/**
 * The shape of the one Redux store, for the layers below the app: typed hooks, machines' services
 * and screens take an `AppStore` without importing src/app. src/app/store.ts composes the store
 * and checks that it has this shape (its `makeStore` returns an `AppStore`).
 */
import type { Store, ThunkDispatch, UnknownAction } from "@reduxjs/toolkit";
import type { api } from "../api/base";
import type { ListsState } from "../components/lists/lists.slice";

export interface RootState {
  /** RTK Query's cache: the only place server data lives. */
  api: ReturnType<typeof api.reducer>;
  /** List screens' filters, sort, page and the per-table column preferences. */
  lists: ListsState;
}

export type AppDispatch = ThunkDispatch<RootState, undefined, UnknownAction>;

export type AppStore = Store<RootState, UnknownAction> & { dispatch: AppDispatch };
