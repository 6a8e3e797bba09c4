/** Shared bits of the mock handlers: paths, bodies, the signed-in user, the API's error answer. */
import { HttpResponse } from "msw";
import type { StaffUser } from "../src/domain/contracts/auth/users";
import { db } from "./store";

export type Row = Record<string, unknown>;
export type Params = Record<string, string | readonly string[] | undefined>;

/** The msw path of `/api/<path>` on any origin. */
export const api = (path: string) => `*/api/${path}`;

/** The `{data}` of a write (or the whole body when it has none). */
export async function dataOf(request: Request): Promise<Row> {
  const body = (await request.json().catch(() => ({}))) as Row | null;
  return ((body && typeof body.data === "object" ? body.data : body) ?? {}) as Row;
}

/** The API's error answer: `{detail, errors?}` with its status. */
export const refuse = (status: number, detail: string, errors?: Record<string, string>) =>
  HttpResponse.json(errors ? { detail, errors } : { detail }, { status });

export const ok = () => HttpResponse.json({ result: "OK" as const });

/** A token for a fixture user, as if they had logged in (tests that start signed in). */
export function issueMockToken(userId: number): string {
  const token = `mock-token-${userId}-${db.tokens.size + 1}-${Math.random().toString(36).slice(2, 8)}`;
  db.tokens.set(token, userId);
  return token;
}

export function tokenOf(request: Request): string {
  return /^Token\s+(\S+)$/.exec(request.headers.get("Authorization") ?? "")?.[1] ?? "";
}

/** The active user of the request's token. */
export function signedInUser(request: Request): StaffUser | undefined {
  const id = db.tokens.get(tokenOf(request));
  return db.users.find((u) => u.id === id && u.attivo);
}
