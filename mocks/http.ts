/** Shared bits of the mock handlers: the API's error answers and the signed-in user. */
import { HttpResponse } from "msw";
import { CAPABILITIES, hasAny } from "../src/domain/permissions";
import { authDb, type MockUser } from "./auth.fixtures";

export const VALIDATION_DETAIL = "Si è verificato un errore di validazione. Controlla i campi contrassegnati e riprova";
export const REQUIRED = "Questo campo è obbligatorio";

export function errorResponse(status: number, detail: string, errors?: Record<string, string>, headers?: HeadersInit) {
  return HttpResponse.json(errors ? { detail, errors } : { detail }, { status, headers });
}

export const unauthorized = () =>
  errorResponse(401, "Credenziali di autenticazione non fornite o non valide", undefined, {
    "WWW-Authenticate": "Token",
  });

export const forbidden = () => errorResponse(403, "Non disponi di permessi sufficienti per questa sezione");

export function tokenOf(request: Request): string | null {
  const m = /^Token\s+(\S+)$/.exec(request.headers.get("Authorization") ?? "");
  return m ? m[1] : null;
}

export function signedInUser(request: Request): MockUser | null {
  const token = tokenOf(request);
  const id = token ? authDb.tokens.get(token) : undefined;
  const user = id === undefined ? undefined : authDb.users.find((u) => u.id === id);
  return user?.attivo ? user : null;
}

/** The signed-in user holding one of `capabilities`, or the 401/403 response to return. */
export function guard(request: Request, capabilities: readonly string[] = CAPABILITIES.all): MockUser | Response {
  const user = signedInUser(request);
  if (!user) return unauthorized();
  if (!hasAny(user.permissions, capabilities)) return forbidden();
  return user;
}

export async function jsonBody<T>(request: Request): Promise<Partial<T>> {
  try {
    const body = await request.json();
    return body && typeof body === "object" ? (body as Partial<T>) : {};
  } catch {
    return {};
  }
}

/** Required string fields: an `errors` map with 'Questo campo è obbligatorio' for each missing one. */
export function missing(body: Record<string, unknown>, fields: string[]): Record<string, string> | null {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const v = body[f];
    if (typeof v !== "string" || v.trim() === "") errors[f] = REQUIRED;
  }
  return Object.keys(errors).length ? errors : null;
}
