/**
 * The one Redux store. Server data lives in RTK Query's cache (api); UI state that outlives a
 * screen (list filters and sort, persisted table columns) lives in slices added here.
 * Redux DevTools are on outside production.
 */
import { combineReducers, configureStore } from "@reduxjs/toolkit";
import { api } from "../api/base";
import { listsReducer } from "../features/lists/lists.slice";

export const reducers = {
  [api.reducerPath]: api.reducer,
  lists: listsReducer,
};

export const rootReducer = combineReducers(reducers);

export function makeStore(preloadedState?: Partial<ReturnType<typeof rootReducer>>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as ReturnType<typeof rootReducer> | undefined,
    middleware: (getDefault) => getDefault().concat(api.middleware),
    devTools: process.env.NODE_ENV !== "production" && { name: "Vigilanza ERP", trace: true },
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore["dispatch"];
