/**
 * The one Redux store. Server data lives in RTK Query's cache (api); UI state that outlives a
 * screen (list filters and sort, persisted table columns) lives in slices added here — and in
 * `RootState` of src/lib/store-types.ts, the shape the layers below the app see.
 * Redux DevTools are on outside production.
 */
import { combineReducers, configureStore, type Reducer, type UnknownAction } from "@reduxjs/toolkit";
import { api } from "../api/base";
import { listsReducer } from "../components/lists/lists.slice";
import type { AppStore, RootState } from "../lib/store-types";

export const reducers = {
  [api.reducerPath]: api.reducer,
  lists: listsReducer,
};

/** Checked against the shape the lower layers see: a slice they read must be in `RootState` too. */
export const rootReducer: Reducer<RootState, UnknownAction, Partial<RootState>> = combineReducers(reducers);

export function makeStore(preloadedState?: Partial<RootState>): AppStore {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().concat(api.middleware),
    devTools: process.env.NODE_ENV !== "production" && { name: "Vigilanza ERP", trace: true },
  });
}
