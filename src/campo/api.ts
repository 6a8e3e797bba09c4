/**
 * The field app's own RTK Query api on the guards' contract (src/domain/contracts/console/app.ts,
 * `/api/app/`): none of the back office's api or endpoints. Every call carries the app token;
 * a 401 with a token stored tells the session machine the token is no longer valid.
 */
import { createApi, type FetchBaseQueryError, fetchBaseQuery } from "@reduxjs/toolkit/query/react";
import type { ApiErrorBody } from "../domain/contracts/common";
import type { AppAllarme, AppAllarmeData } from "../domain/contracts/console/allarmi/schemas";
import type {
  AppComunicazione,
  AppLoginOut,
  AppTicket,
  AppTicketData,
  AppTimbratura,
  AppTimbraturaData,
  AppTurni,
} from "../domain/contracts/console/app-guardie/schemas";
import type { AppRelazione, AppRelazioneData } from "../domain/contracts/console/relazioni/schemas";
import { campoStorage } from "./token";

let onUnauthorized: (() => void) | null = null;
export function setCampoUnauthorizedHandler(fn: (() => void) | null): void {
  onUnauthorized = fn;
}

const raw = fetchBaseQuery({
  baseUrl: `${typeof location !== "undefined" ? location.origin : "http://localhost"}/api/app/`,
  cache: "no-store",
  prepareHeaders(headers) {
    const token = campoStorage.token();
    if (token) headers.set("Authorization", `Token ${token}`);
    return headers;
  },
});

export const campoApi = createApi({
  reducerPath: "campoApi",
  baseQuery: async (args, api, extra) => {
    const result = await raw(args, api, extra);
    if (result.error?.status === 401 && campoStorage.token()) onUnauthorized?.();
    return result;
  },
  tagTypes: ["Turni", "Comunicazioni", "Ticket", "Relazioni"],
  endpoints: (b) => ({
    login: b.mutation<AppLoginOut, { username: string; password: string }>({
      query: (body) => ({ url: "login/", method: "POST", body }),
    }),
    logout: b.mutation<unknown, void>({ query: () => ({ url: "logout/", method: "POST" }) }),
    turni: b.query<AppTurni, void>({ query: () => "turni/", providesTags: ["Turni"] }),
    comunicazioni: b.query<{ results: AppComunicazione[] }, void>({
      query: () => "comunicazioni/",
      providesTags: ["Comunicazioni"],
    }),
    letta: b.mutation<AppComunicazione, number>({
      query: (id) => ({ url: `comunicazioni/${id}/letta/`, method: "POST" }),
      invalidatesTags: ["Comunicazioni"],
    }),
    tickets: b.query<{ results: Omit<AppTicket, "messaggi">[] }, void>({
      query: () => "ticket/",
      providesTags: ["Ticket"],
    }),
    ticket: b.query<AppTicket, number>({ query: (id) => `ticket/${id}/`, providesTags: ["Ticket"] }),
    apriTicket: b.mutation<AppTicket, AppTicketData>({
      query: (data) => ({ url: "ticket/", method: "POST", body: { data } }),
      invalidatesTags: ["Ticket"],
    }),
    fotoTicket: b.mutation<unknown, { id: number; foto: Blob }>({
      query: ({ id, foto }) => {
        const body = new FormData();
        body.append("foto", foto, "foto.jpg");
        return { url: `ticket/${id}/foto/`, method: "POST", body };
      },
      invalidatesTags: ["Ticket"],
    }),
    allarme: b.mutation<AppAllarme, AppAllarmeData>({
      query: (data) => ({ url: "allarmi/", method: "POST", body: { data } }),
    }),
    statoAllarme: b.query<AppAllarme, string>({ query: (id) => `allarmi/${id}/` }),
    relazioni: b.query<{ results: AppRelazione[] }, void>({ query: () => "relazioni/", providesTags: ["Relazioni"] }),
    inviaRelazione: b.mutation<AppRelazione, AppRelazioneData>({
      query: (data) => ({ url: "relazioni/", method: "POST", body: { data } }),
      invalidatesTags: ["Relazioni"],
    }),
    fotoRelazione: b.mutation<AppRelazione, { id: string; foto: Blob }>({
      query: ({ id, foto }) => {
        const body = new FormData();
        body.append("foto", foto, "foto.jpg");
        return { url: `relazioni/${id}/foto/`, method: "POST", body };
      },
      invalidatesTags: ["Relazioni"],
    }),
    timbra: b.mutation<AppTimbratura, AppTimbraturaData>({
      query: (data) => ({ url: "timbrature/", method: "POST", body: { data } }),
      invalidatesTags: ["Turni"],
    }),
  }),
});

/** The server's Italian detail, or what went wrong on the way. */
export function campoErrorMessage(error: unknown): string {
  const e = error as FetchBaseQueryError | undefined;
  if (!e || typeof e !== "object" || !("status" in e)) return (error as Error | undefined)?.message ?? "Errore";
  const body = e.data as Partial<ApiErrorBody> | undefined;
  if (body && typeof body.detail === "string") return body.detail;
  if (e.status === "FETCH_ERROR") return "Nessuna connessione";
  return `Errore ${String(e.status)}`;
}

/** No answer from the server (offline, timeout): the action stays in the outbox and is retried. */
export function isNetworkError(error: unknown): boolean {
  const status = (error as FetchBaseQueryError | undefined)?.status;
  return status === "FETCH_ERROR" || status === "TIMEOUT_ERROR" || (typeof status === "number" && status >= 500);
}
