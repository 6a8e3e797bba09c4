/** The field app's own Redux store: only its RTK Query caches (src/campo/api.ts, the steward's src/campo/steward/api.ts). */
import { configureStore } from "@reduxjs/toolkit";
import { campoApi } from "./api";
import { campoCmsApi } from "./steward/api";

export function makeCampoStore() {
  return configureStore({
    reducer: { [campoApi.reducerPath]: campoApi.reducer, [campoCmsApi.reducerPath]: campoCmsApi.reducer },
    middleware: (getDefault) => getDefault().concat(campoApi.middleware, campoCmsApi.middleware),
    devTools: process.env.NODE_ENV !== "production" && { name: "Vigilanza Campo" },
  });
}
export type CampoStore = ReturnType<typeof makeCampoStore>;
