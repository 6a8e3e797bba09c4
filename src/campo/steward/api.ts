/**
 * The steward mode's RTK Query api on the counters' contract (src/domain/contracts/cms/app.ts,
 * `/api/app/cms/`), with the counting token (./sessione.ts), never the guard's.
 */
import { createApi, fetchBaseQuery } from "@reduxjs/toolkit/query/react";
import type {
  AppCmsEventiOut,
  AppCmsEventoOut,
  AppCmsLoginOut,
  ConteggiOut,
  Conteggio,
} from "../../domain/contracts/cms/app";
import { addettoStorage } from "./sessione";

export const campoCmsApi = createApi({
  reducerPath: "campoCmsApi",
  baseQuery: fetchBaseQuery({
    baseUrl: `${typeof location !== "undefined" ? location.origin : "http://localhost"}/api/app/cms/`,
    cache: "no-store",
    prepareHeaders(headers) {
      const token = addettoStorage.token();
      if (token) headers.set("Authorization", `Token ${token}`);
      return headers;
    },
  }),
  endpoints: (b) => ({
    eventi: b.mutation<AppCmsEventiOut, { codice_accesso: string }>({
      query: (body) => ({ url: "eventi/", method: "POST", body }),
    }),
    login: b.mutation<AppCmsLoginOut, { codice_accesso: string; evento_id?: number }>({
      query: (body) => ({ url: "login/", method: "POST", body }),
    }),
    logout: b.mutation<unknown, void>({ query: () => ({ url: "logout/", method: "POST" }) }),
    evento: b.mutation<AppCmsEventoOut, void>({ query: () => ({ url: "evento/" }) }),
    conteggi: b.mutation<ConteggiOut, { varcoId: number; data: Conteggio[] }>({
      query: ({ varcoId, data }) => ({ url: `varchi/${varcoId}/conteggi/`, method: "POST", body: { data } }),
    }),
  }),
});
