/** The field app's own Redux store: only its RTK Query cache (src/campo/api.ts). */
import { configureStore } from "@reduxjs/toolkit";
import { campoApi } from "./api";

export function makeCampoStore() {
  return configureStore({
    reducer: { [campoApi.reducerPath]: campoApi.reducer },
    middleware: (getDefault) => getDefault().concat(campoApi.middleware),
    devTools: process.env.NODE_ENV !== "production" && { name: "Vigilanza Campo" },
  });
}
export type CampoStore = ReturnType<typeof makeCampoStore>;
