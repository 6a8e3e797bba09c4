/**
 * The one RTK Query api of the SPA. Modules inject their endpoints (src/api/<module>.endpoints.ts).
 * Every call goes to /api/ with `Authorization: Token <djangoToken>`; no caching headers are
 * trusted (SPEC §7: no caching), a 401 notifies the session machine.
 */
import {
  type BaseQueryFn,
  createApi,
  type FetchArgs,
  type FetchBaseQueryError,
  fetchBaseQuery,
} from "@reduxjs/toolkit/query/react";
import { CALL_TAG_TYPES } from "../domain/contracts/calls";
import type { ApiErrorBody } from "../domain/contracts/common";
import { REAUTH_REQUIRED } from "../domain/mfa";
import { tokenStorage } from "./token-storage";

let onUnauthorized: (() => void) | null = null;
let onReauth: (() => Promise<boolean>) | null = null;

/**
 * Issue 37: the signed-in layout registers here the dialog that asks for the password (and code)
 * when the server answers 403 `reauth_required`; it resolves true once the identity is confirmed
 * and the call is then sent again, once.
 */
export function setReauthHandler(fn: (() => Promise<boolean>) | null): void {
  onReauth = fn;
}

/** The session machine registers here to learn that the server refused the token. */
export function setUnauthorizedHandler(fn: (() => void) | null): void {
  onUnauthorized = fn;
}

export function apiUrl(path: string): string {
  const origin = typeof location !== "undefined" ? location.origin : "http://localhost";
  return `${origin}/api/${path.replace(/^\/+/, "")}`;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiUrl(""),
  cache: "no-store",
  prepareHeaders(headers) {
    const token = tokenStorage.get();
    if (token) headers.set("Authorization", `Token ${token}`);
    return headers;
  },
});

/** A 401 while a token is stored: the server refused it, the session is over. */
export function noticeRefusedToken(status: unknown): void {
  if (status === 401 && tokenStorage.get()) onUnauthorized?.();
}

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, apiCtx, extra) => {
  let result = await rawBaseQuery(args, apiCtx, extra);
  if (
    result.error?.status === 403 &&
    (result.error.data as { code?: unknown } | undefined)?.code === REAUTH_REQUIRED &&
    onReauth &&
    (await onReauth())
  ) {
    result = await rawBaseQuery(args, apiCtx, extra);
  }
  noticeRefusedToken(result.error?.status);
  return result;
};

/**
 * A GET outside RTK Query (a protected file to save or show) under the same rules as every call:
 * the token, no HTTP cache, and a 401 ends the session. src/lib/download.ts is built on it.
 */
export async function authorizedFetch(url: string): Promise<Response> {
  const token = tokenStorage.get();
  const response = await fetch(url, { headers: token ? { Authorization: `Token ${token}` } : {}, cache: "no-store" });
  noticeRefusedToken(response.status);
  return response;
}

/** The Italian message of a failed call: the server's detail, or the transport error. */
export function errorMessage(error: unknown): string {
  if (!error) return "";
  const e = error as FetchBaseQueryError & { message?: string };
  if (typeof e === "object" && "status" in e) {
    const body = e.data as Partial<ApiErrorBody> | undefined;
    if (body && typeof body === "object" && typeof body.detail === "string") return body.detail;
    if (e.status === "FETCH_ERROR") return "Impossibile contattare il server";
    if (e.status === "PARSING_ERROR") return "Risposta del server non valida";
    if (e.status === "TIMEOUT_ERROR") return "Il server non ha risposto in tempo";
    return `Errore ${String(e.status)}`;
  }
  return (error as { message?: string }).message ?? String(error);
}

/** Per-field errors of a 400, for final-form's submit errors. */
export function fieldErrors(error: unknown): Record<string, string> | undefined {
  const e = error as FetchBaseQueryError | undefined;
  if (e && typeof e === "object" && "data" in e) return (e.data as Partial<ApiErrorBody>)?.errors;
  return undefined;
}

/** The cache tag types: declared with the call table (src/domain/contracts/calls.ts). */
export const TAG_TYPES = CALL_TAG_TYPES;

export const api = createApi({
  reducerPath: "api",
  baseQuery,
  tagTypes: TAG_TYPES,
  refetchOnMountOrArgChange: true,
  endpoints: () => ({}),
});
